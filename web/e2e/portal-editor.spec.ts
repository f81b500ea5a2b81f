import { type Locator, type Page, request } from '@playwright/test';
import { expect, installClock, test } from './clock';
import { business } from './payment-helpers';
import { serverEntities } from './server-state.ts';

/**
 * The portal directory's layout editor (spec 002 section 2.5): a business of its own (a trial is
 * Ultimate) with a published portal lays out six widgets, pulls one past its limit, publishes, and
 * a visitor in another browser context sees that layout on the public page.
 */

/** Pulls a cell's resize corner by `dx`, `dy` pixels, as a mouse does. */
async function resize(page: Page, cell: Locator, dx: number, dy: number) {
  await cell.hover();
  const corner = await cell.locator('.react-resizable-handle-se').boundingBox();
  if (!corner) throw new Error('no resize corner');
  const x = corner.x + corner.width / 2;
  const y = corner.y + corner.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 5 });
  await page.mouse.move(x + dx, y + dy, { steps: 5 });
  await page.mouse.up();
}

test('lay out six widgets, resize one to its limit, publish: the public page shows that layout', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const run = `${Date.now()}`;
  await business(page, `editor-${run}`, { connect: false });
  const handle = `editor-${run}`;
  const saved = await page.request.put(
    `/api/directory/secure/${encodeURIComponent(`providers-editor-${run}@example.com`)}`,
    {
      headers: { 'idempotency-key': crypto.randomUUID() },
      data: {
        setupComplete: true,
        portalEnabled: 'y',
        isPublic: 'y',
        uniqueUrl: handle,
        businessName: `Editor ${run}`,
      },
    },
  );
  expect(saved.status(), await saved.text()).toBe(200);

  await page.goto('/portal-directory/layouts');
  await expect(page.getByText('No layouts yet')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'New' }).click();
  await expect(page.getByText('Layout 1')).toBeVisible();

  const palette = page.getByRole('toolbar', { name: 'Widgets' });
  for (const name of ['Welcome card', 'Sign in', 'Ratings', 'Sign out', 'Upcoming appointments', 'Chat']) {
    await palette.getByRole('button', { name, exact: true }).click();
    await expect(palette.getByRole('button', { name, exact: true })).toHaveAttribute('aria-pressed', 'true');
  }
  const grid = page.getByTestId('layout-grid');
  const cell = (widget: string) => grid.locator(`[data-widget="${widget}"]`);
  await expect(grid.locator('[data-widget]')).toHaveCount(6);
  // Each arrives at its least size (spec 002 section 5).
  await expect(cell('sign-in').getByTestId('widget-size')).toHaveText('2 × 7');
  await expect(cell('sign-out').getByTestId('widget-size')).toHaveText('1 × 1');

  // Sign-out may be one row high at most: pulled three columns right and four rows down, it
  // widens to the grid's edge and stays one row high.
  const box = await grid.boundingBox();
  const column = (box?.width ?? 800) / 4;
  await resize(page, cell('sign-out'), column * 3.5, 66 * 4);
  await expect(cell('sign-out').getByTestId('widget-size')).toHaveText('4 × 1');
  // Sign-in cannot be made smaller than 2 × 7.
  await resize(page, cell('sign-in'), -column, -66 * 3);
  await expect(cell('sign-in').getByTestId('widget-size')).toHaveText('2 × 7');
  await page.screenshot({ path: test.info().outputPath('layout-editor.png') });

  // The hover buttons: a widget's settings, and removing one (toggled back from the palette).
  await cell('upcoming-appointments').hover();
  await cell('upcoming-appointments')
    .getByRole('button', { name: 'Settings for Upcoming appointments' })
    .click();
  const limit = page.getByRole('dialog').getByLabel('Visits shown');
  await limit.fill('201');
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('The appointment limit is 0 to 200.');
  await limit.fill('12');
  await expect(page.getByRole('dialog').getByRole('alert')).toBeHidden();
  await page.keyboard.press('Escape');
  await cell('chat').hover();
  await cell('chat').getByRole('button', { name: 'Remove Chat' }).click();
  await expect(cell('chat')).toHaveCount(0);
  await palette.getByRole('button', { name: 'Chat', exact: true }).click();
  await expect(grid.locator('[data-widget]')).toHaveCount(6);

  await page.getByRole('button', { name: 'Publish layout' }).click();
  await expect(page.getByText('Layout published')).toBeVisible();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();

  // The limit typed was saved after its pause, the last value only.
  await expect
    .poll(
      async () =>
        (await serverEntities(page.request, 'portalWidget')).find((w) => w._id === 'upcoming-appointments')
          ?.settings,
    )
    .toEqual({ appointmentLimit: 12 });

  // A visitor, another browser context: the page written on the server carries the layout's cells.
  const visitor = await page.context().browser()!.newContext({ baseURL });
  await installClock(visitor);
  try {
    const site = await visitor.newPage();
    // The commands reach the server in the background: the page is opened once its data names sign-out.
    const api = await request.newContext({ baseURL });
    await expect
      .poll(async () => JSON.stringify(await (await api.get(`/api/portal/${handle}`)).json()), {
        timeout: 30_000,
      })
      .toContain('sign-out');
    await api.dispose();
    await site.goto(`/portal/${handle}`);
    // A cell's size, as the grid's custom properties hold it (`--w: 4; --h: 1`).
    const size = async (widget: string) => {
      const style = (await site.locator(`[data-widget="${widget}"]`).getAttribute('style')) ?? '';
      return /--w:\s*(\d+);\s*--h:\s*(\d+)/.exec(style)?.slice(1).join(' × ');
    };
    expect(await size('sign-out')).toBe('4 × 1');
    expect(await size('sign-in')).toBe('2 × 7');
    for (const widget of ['my-ratings', 'upcoming-appointments', 'chat']) {
      await expect(site.locator(`[data-widget="${widget}"]`)).toHaveCount(1);
    }
    await expect(site.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  } finally {
    await visitor.close();
  }
});
