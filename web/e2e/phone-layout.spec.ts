import type { Locator } from '@playwright/test';
import { expect, test } from './clock';
import { apiContextAs, demoEmail, signInAs } from './session';

/** What a phone screen must not do: clip a control, push it off the screen or cover it. */

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (l: Locator): Promise<Box> => {
  const box = await l.boundingBox();
  expect(box, `${l} has a box`).not.toBeNull();
  return box as Box;
};
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Whether what the user sees at the centre of `l` is `l` (or inside it), not something over it. */
const receivesTapAtCentre = (l: Locator) =>
  l.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!top && (top === el || el.contains(top));
  });

test('the day picker fits a phone: the whole date and its buttons, none over another', {
  tag: '@phone',
}, async ({ page }) => {
  await signInAs(page, demoEmail('worker'));
  await page.goto('/mywork');
  const field = page.locator('input[aria-label="Pick a date"]');
  await expect(field).toHaveValue('25/11/2026', { timeout: 20_000 });
  const width = page.viewportSize()?.width as number;
  const controls = [
    page.getByRole('button', { name: 'Previous day' }),
    page.getByRole('button', { name: 'Today' }),
    page.getByRole('button', { name: 'Next day' }),
    field,
    page.getByRole('button', { name: 'Pick a date: choose from a calendar' }),
  ];
  const boxes = await Promise.all(controls.map(boxOf));
  for (const [i, box] of boxes.entries()) {
    expect(box.x, `${controls[i]} starts on the screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${controls[i]} ends on the screen`).toBeLessThanOrEqual(width);
    for (const [j, other] of boxes.entries())
      if (j > i) expect(overlaps(box, other), `${controls[i]} and ${controls[j]} apart`).toBe(false);
  }
  await page.screenshot({ path: test.info().outputPath('day-picker.png') });
  // The whole date shows, day first: the text is no wider than the box it is typed in.
  expect(await field.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth)).toBe(true);
});

/** A day of the test's own with `count` visits. */
async function longDay(baseURL: string | undefined, run: string, count: number) {
  const owner = await apiContextAs(baseURL, demoEmail('owner'));
  const day = new Date(Date.parse('2026-11-25T00:00:00Z') + 53 * 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < count; i++) {
    const send = async (name: string, input: unknown) => {
      const res = await owner.post(`/api/commands/${name}`, {
        data: { commandId: `e2e-phone-${run}-${name}-${i}`, input },
      });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()).result;
    };
    const customer = await send('customers.create', { name: `Last row ${i} ${run}` });
    await send('jobs.create', {
      customerId: customer._id,
      date: day,
      frequencyType: 'OneOff',
    });
  }
  await owner.dispose();
  return day;
}

test(
  "the support launcher leaves the last visit's Done button free on the day's lists",
  { tag: '@phone' },
  async ({ page, baseURL }, info) => {
    test.setTimeout(90_000);
    // The demo owner (Ultimate) has the support launcher.
    await signInAs(page, demoEmail('owner'));
    const run = `${info.project.name} ${Date.now()}`;
    const day = await longDay(baseURL, run, 12);
    for (const [path, rows] of [
      // Today's whole day (the demo's visits) on the day pilot, and a long day of the test's own.
      ['/day-pilot/not-done', page.getByTestId('visit')],
      [`/schedule/${day}`, page.getByTestId('visit').filter({ hasText: run })],
    ] as const) {
      await page.goto(path);
      await expect(rows.nth(7)).toBeVisible({ timeout: 20_000 });
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(page.getByRole('link', { name: 'Support' })).toBeVisible();
      // Done, and the row's other actions, take the tap: the launcher floats over none of them.
      const last = rows.last();
      await expect(last.getByRole('button', { name: /^Mark .* done$/ })).toBeInViewport();
      for (const button of await last.getByRole('button').all())
        expect(await receivesTapAtCentre(button), `${path}: ${await button.getAttribute('aria-label')}`).toBe(
          true,
        );
      await page.screenshot({ path: info.outputPath(`${path.split('/')[1]}-end.png`) });
    }
  },
);
