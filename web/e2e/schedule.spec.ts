import type { APIRequestContext, Page } from '@playwright/test';
import { Visits } from '@roundwise/core';
import { expect, test } from './clock';
import { goOffline, goOnline } from './network';
import { serverEntities as serverEntitiesOf } from './server-state';
import { apiContextAs, demoEmail, signInAs } from './session';

/**
 * The schedule screens against the real runtime, on desktop and mobile. Each test makes
 * its own customers and jobs through the command API (unique names per project and run) on days
 * of its own, so the demo data and the other project cannot disturb it.
 */

/** First appearance after a navigation waits for the app to restore and sync (2 shared CPUs). */
const SYNCED = { timeout: 20_000 };
test.describe.configure({ timeout: 90_000 });
/** Sessions are shared across the run (`./session.ts`: sign-in allows 10 attempts per 15 minutes). */
const signIn = (page: Page, who: 'owner' | 'worker') => signInAs(page, demoEmail(who));

/** The owner's API, in a request context of its own (so a page can be the Worker meanwhile). */
let ownerApi: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  ownerApi = await apiContextAs(baseURL, demoEmail('owner'));
});
test.afterAll(() => ownerApi.dispose());

let seq = 0;
// biome-ignore lint/suspicious/noExplicitAny: command results are arbitrary JSON here
async function command(name: string, input: unknown): Promise<any> {
  const res = await ownerApi.post(`/api/commands/${name}`, {
    data: { commandId: `e2e-sched-${Date.now()}-${seq++}`, input },
  });
  expect(res.status(), `${name}: ${await res.text()}`).toBe(200);
  return (await res.json()).result;
}

async function customerWithJob(name: string, job: Record<string, unknown>) {
  const customer = await command('customers.create', {
    name,
    address: { addressDescription: `1 ${name} Street, Cambridge` },
  });
  const created = await command('jobs.create', {
    customerId: customer._id,
    price: 20,
    frequencyType: 'Weeks',
    frequencyInterval: 4,
    ...job,
  });
  return { customerId: customer._id as string, jobId: created._id as string };
}

const serverEntities = (type: string) => serverEntitiesOf(ownerApi, type);

/** The business's today as the app computes it (the browser's zone). */
const todayOf = (page: Page) =>
  page.evaluate(() =>
    new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(),
    ),
  );
const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const compact = (iso: string) => iso.replaceAll('-', '');

/** A test's own day: far enough ahead that nothing else of these tests lands on it. */
const dayFor = (today: string, project: string, offset: number) =>
  addDays(today, offset + (project === 'mobile' ? 100 : 0));

const visitRow = (page: Page, name: string) => page.getByTestId('visit').filter({ hasText: name });

test('a four-weekly job is on the schedule on its date and 28 days later, not in between', async ({
  page,
}, info) => {
  await signIn(page, 'owner');
  await page.goto('/about');
  const today = await todayOf(page);
  const first = dayFor(today, info.project.name, 10);
  const name = `Fourweekly ${info.project.name} ${Date.now()}`;
  await customerWithJob(name, { date: first });

  await page.goto(`/schedule/${first}`);
  await expect(visitRow(page, name)).toBeVisible(SYNCED);
  await expect(visitRow(page, name)).toContainText('£20.00');
  await page.screenshot({ path: info.outputPath('schedule-day.png') });

  for (const gap of [7, 14, 21, 27, 29]) {
    await page.goto(`/schedule/${addDays(first, gap)}`);
    await expect(page.getByTestId('day-totals')).toBeVisible();
    await expect(visitRow(page, name)).toHaveCount(0);
  }
  await page.goto(`/schedule/${addDays(first, 28)}`);
  await expect(visitRow(page, name)).toBeVisible(SYNCED);

  // The next-day button walks the dates in the URL.
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page).toHaveURL(new RegExp(`/schedule/${addDays(first, 29)}$`));
  await expect(visitRow(page, name)).toHaveCount(0);
});

test(
  'complete a visit (its invoice reaches the server), skip one with a reason, undo',
  { tag: '@phone' },
  async ({ page }, info) => {
    await signIn(page, 'owner');
    await page.goto('/about');
    const today = await todayOf(page);
    const day = dayFor(today, info.project.name, 12);
    const stamp = `${info.project.name} ${Date.now()}`;
    const doneName = `Complete ${stamp}`;
    const skipName = `Skip ${stamp}`;
    const done = await customerWithJob(doneName, { date: day, price: 23.5 });
    await customerWithJob(skipName, { date: day });
    const visitId = `${done.jobId}-${compact(day)}`;

    await page.goto(`/schedule/${day}`);
    await expect(visitRow(page, skipName)).toBeVisible(SYNCED);
    await page.getByRole('button', { name: `Mark ${doneName} done` }).click();
    await expect(visitRow(page, doneName)).toHaveAttribute('data-status', '1');
    await expect(visitRow(page, doneName).getByText('Done', { exact: true })).toBeVisible();

    // The command reached the server: one standing invoice for the visit's price.
    await expect
      .poll(async () =>
        (await serverEntities('transaction')).filter((t) => t.occurrenceId === visitId && !t.voidedId),
      )
      .toEqual([
        expect.objectContaining({ transactionType: 'Invoice', amount: 23.5, customerId: done.customerId }),
      ]);

    // Skip with a reason: the dialog refuses an empty one.
    await page.getByRole('button', { name: `More actions for ${skipName}` }).click();
    await page.getByRole('menuitem', { name: 'Skip' }).click();
    const dialog = page.getByRole('dialog', { name: 'Skip visit' });
    await dialog.getByRole('button', { name: 'Skip visit' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Enter a reason for skipping this visit.');
    await dialog.getByLabel('Reason').fill('Gate locked');
    await dialog.getByRole('button', { name: 'Skip visit' }).click();
    await expect(dialog).toBeHidden();
    await expect(visitRow(page, skipName)).toHaveAttribute('data-status', '2');
    await expect(visitRow(page, skipName)).toContainText('Gate locked');
    await page.screenshot({ path: info.outputPath('schedule-done-skipped.png') });

    // Undo the completion: not done again, and the invoice is cancelled on the server.
    await page.getByRole('button', { name: `Undo ${doneName}` }).click();
    await expect(visitRow(page, doneName)).toHaveAttribute('data-status', '0');
    await expect
      .poll(async () =>
        (await serverEntities('transaction'))
          .filter((t) => t.occurrenceId === visitId)
          .reduce((s, t) => s + t.amount, 0),
      )
      .toBe(0);
    const skipped = (await serverEntities('visit')).find(
      (o) => o.status === Visits.VisitStatus.Skipped && o.skipReason === 'Gate locked',
    );
    expect(skipped).toBeTruthy();
  },
);

test(
  'reorder a day by dragging; the order persists after a reload and on the server',
  { tag: '@both' },
  async ({ page }, info) => {
    await signIn(page, 'owner');
    await page.goto('/about');
    const today = await todayOf(page);
    const day = dayFor(today, info.project.name, 14);
    const stamp = `${info.project.name} ${Date.now()}`;
    const names = ['A', 'B', 'C'].map((l) => `Order ${l} ${stamp}`);
    const jobIds: string[] = [];
    for (const n of names) jobIds.push((await customerWithJob(n, { date: day })).jobId);

    await page.goto(`/schedule/${day}`);
    const group = page.getByRole('region', { name: 'No round' });
    const rows = group.getByTestId('visit');
    await expect(rows.filter({ hasText: stamp })).toHaveCount(3, SYNCED);
    const order = async () =>
      (await rows.filter({ hasText: stamp }).allInnerTexts()).map((t) =>
        names.findIndex((n) => t.includes(n)),
      );
    const before = await order();

    // Drag the last of ours above the first of ours, with the pointer on the handle. The day may
    // hold many other visits: bring ours into the middle of the screen first, or the pointer would
    // be pressed outside the viewport.
    const last = rows.filter({ hasText: names[before[2] as number] as string });
    const firstRow = rows.filter({ hasText: names[before[0] as number] as string });
    await rows
      .filter({ hasText: names[before[1] as number] as string })
      .evaluate((row) => row.scrollIntoView({ block: 'center' }));
    const handle = (await last.getByTestId('drag-handle').boundingBox())!;
    const target = (await firstRow.boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) {
      const y = handle.y + handle.height / 2 + ((target.y + 4 - (handle.y + handle.height / 2)) * i) / 10;
      await page.mouse.move(handle.x + handle.width / 2, y);
    }
    await page.mouse.up();
    const expected = [before[2], before[0], before[1]];
    await expect.poll(order).toEqual(expected);

    // The alternative to dragging: "Move down" in the visit's menu.
    await page.getByRole('button', { name: `More actions for ${names[expected[0] as number]}` }).click();
    await page.getByRole('menuitem', { name: 'Move down' }).click();
    const afterKeys = [expected[1], expected[0], expected[2]];
    await expect.poll(order).toEqual(afterKeys);

    // On the server: the visit in position p has planned order p (a computed visit's is 0).
    const orderOnServer = async () => {
      const occ = await serverEntities('visit');
      return afterKeys.map(
        (i) => occ.find((o) => o._id === `${jobIds[i as number]}-${compact(day)}`)?.plannedOrder ?? 0,
      );
    };
    await expect.poll(orderOnServer).toEqual([0, 1, 2]);
    await page.reload();
    await expect(rows.filter({ hasText: stamp })).toHaveCount(3, SYNCED);
    expect(await order()).toEqual(afterKeys);
    await page.screenshot({ path: info.outputPath('schedule-reordered.png') });
  },
);

test(
  'a Worker marks an assigned visit done offline in my work; it reaches the server exactly once',
  { tag: '@phone' },
  async ({ page, context }, info) => {
    const users = (await (await ownerApi.get('/api/users')).json()).users as {
      email: string;
      userId: string;
    }[];
    const idOf = (who: string) =>
      users.find((u) => u.email === `${who}@demo.roundwise.local`)?.userId as string;
    await signIn(page, 'worker');
    await page.goto('/about');
    const today = await todayOf(page);
    const name = `Offline ${info.project.name} ${Date.now()}`;
    // Shared with the Admin: the Worker sees who else is on it by name (GET /api/people).
    const { jobId } = await customerWithJob(name, {
      date: today,
      assignees: [idOf('worker'), idOf('admin')],
      price: 17,
    });
    const visitId = `${jobId}-${compact(today)}`;

    await page.goto('/mywork');
    await expect(visitRow(page, name)).toBeVisible(SYNCED);
    await page.screenshot({ path: info.outputPath('mywork.png') });

    // The installed app (service worker with every chunk precached) is what opens screens offline.
    // It takes control from the next load (the app's worker does not claim open pages).
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, SYNCED);
    await expect(visitRow(page, name)).toBeVisible(SYNCED);
    await goOffline(context);
    await page.getByRole('button', { name: `Mark ${name} done` }).click();
    await expect(visitRow(page, name)).toHaveAttribute('data-status', '1');
    await expect(page.getByText(/Items awaiting sync: 1/)).toBeVisible();
    // The visit page shows it done too, still offline.
    await visitRow(page, name)
      .getByRole('button', { name: new RegExp(`^${name}`) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/mywork/${visitId}$`));
    await expect(page.getByTestId('visit-detail').getByText('Done', { exact: true })).toBeVisible();
    await expect(page.getByTestId('visit-detail').getByText('Alex Admin')).toBeVisible();
    await page.screenshot({ path: info.outputPath('mywork-offline-done.png') });
    expect((await serverEntities('visit')).find((o) => o._id === visitId)).toBeUndefined();

    await goOnline(context);
    await expect
      .poll(async () => (await serverEntities('visit')).find((o) => o._id === visitId)?.status, {
        timeout: 20_000,
      })
      .toBe(1);
    await expect(page.getByText(/Items awaiting sync/)).toHaveCount(0);
    // Exactly once: one invoice for the visit, none cancelled.
    const invoices = (await serverEntities('transaction')).filter((t) => t.occurrenceId === visitId);
    expect(invoices).toEqual([expect.objectContaining({ transactionType: 'Invoice', amount: 17 })]);
    expect(invoices[0].voidedId).toBeUndefined();
  },
);

test('the other schedule screens open with their data: all jobs, overdue, day pilot, multi planner, dashboard', async ({
  page,
}, info) => {
  await signIn(page, 'owner');
  await page.goto('/alljobs');
  await expect(page.getByTestId('job-row').first()).toBeVisible(SYNCED);
  await page.screenshot({ path: info.outputPath('alljobs.png') });
  await page.goto('/overdue');
  await expect(page.getByTestId('overdue-totals')).toBeVisible();
  await page.screenshot({ path: info.outputPath('overdue.png') });
  await page.goto('/day-pilot');
  await expect(page).toHaveURL(/\/day-pilot\/not-done$/);
  await page.screenshot({ path: info.outputPath('day-pilot.png') });
  await page.goto('/multi-planner');
  await expect(page.getByTestId('planner-grid')).toBeVisible(SYNCED);
  await page.screenshot({ path: info.outputPath('multi-planner.png') });
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-week').locator('.recharts-surface')).toBeVisible(SYNCED);
  await page.screenshot({ path: info.outputPath('dashboard.png') });
});
