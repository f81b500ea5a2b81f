import type { APIRequestContext, Page } from '@playwright/test';
import { e2eNow, expect, installClock, test } from './clock';
import { goOffline, goOnline } from './network';
import { serverEntities as serverEntitiesOf } from './server-state';
import { apiContextAs, demoEmail, signInAs } from './session';

/**
 * The team's time (docs/time.md): a worker's Start and Done on visits, recorded offline, are the
 * Owner's time entries with the travel between them; the availability week turns red when a
 * worker's day is over-booked.
 */
const SYNCED = { timeout: 20_000 };
test.describe.configure({ timeout: 120_000 });

let ownerApi: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  ownerApi = await apiContextAs(baseURL, demoEmail('owner'));
});
test.afterAll(() => ownerApi.dispose());

let seq = 0;
// biome-ignore lint/suspicious/noExplicitAny: command results are arbitrary JSON here
async function command(name: string, input: unknown): Promise<any> {
  const res = await ownerApi.post(`/api/commands/${name}`, {
    data: { commandId: `e2e-time-${Date.now()}-${seq++}`, input },
  });
  expect(res.status(), `${name}: ${await res.text()}`).toBe(200);
  return (await res.json()).result;
}

async function workerJob(name: string, date: string, workerId: string, duration = 30) {
  const customer = await command('customers.create', {
    name,
    address: { addressDescription: `1 ${name} Street` },
  });
  const job = await command('jobs.create', {
    customerId: customer._id,
    date,
    price: 20,
    duration,
    frequencyType: 'Weeks',
    frequencyInterval: 4,
    assignees: [workerId],
  });
  return job._id as string;
}

const todayOf = (page: Page) =>
  page.evaluate(() =>
    new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(),
    ),
  );
const clock = (ms: number) =>
  new Date(ms).toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Europe/London',
  });
const MIN = 60_000;

async function people(): Promise<{ userId: string; name: string; email?: string }[]> {
  const users = (await (await ownerApi.get('/api/users')).json()).users as {
    email: string;
    userId: string;
    name: string;
  }[];
  return users;
}

test(
  'a worker starts and finishes three visits offline; the Owner sees the entries and the travel, edits one and deletes one',
  { tag: '@phone' },
  async ({ page, context, browser }, info) => {
    const worker = (await people()).find((u) => u.email === demoEmail('worker'))!;
    await signInAs(page, demoEmail('worker'));
    await page.goto('/about');
    const today = await todayOf(page);
    const tag = `${info.project.name} ${Date.now().toString(36)}`;
    const names = ['Alder', 'Birch', 'Cedar'].map((n) => `Time ${n} ${tag}`);
    const jobIds = [];
    for (const n of names) jobIds.push(await workerJob(n, today, worker.userId));
    const visitIds = jobIds.map((id) => `${id}-${today.replaceAll('-', '')}`);

    // The worker's morning: 40, 35 and 8 minutes on site, 15 and 10 minutes between (all before now).
    const t0 = e2eNow().getTime() - 120 * MIN;
    const plan = [
      [0, 40],
      [55, 90],
      [100, 108],
    ].map(([a, b]) => [t0 + a! * MIN, t0 + b! * MIN] as const);

    await page.goto(`/mywork/${visitIds[0]}`);
    await expect(page.getByTestId('visit-detail')).toContainText(names[0]!, SYNCED);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, SYNCED);
    await expect(page.getByTestId('visit-detail')).toContainText(names[0]!, SYNCED);
    await goOffline(context);
    for (const [i, [start, done]] of plan.entries()) {
      if (i > 0) {
        await page.getByRole('link', { name: 'My work' }).click();
        await page.getByRole('button', { name: new RegExp(`^${names[i]}`) }).click();
        await expect(page).toHaveURL(new RegExp(`/mywork/${visitIds[i]}$`));
      }
      await page.clock.setSystemTime(start);
      await page.getByRole('button', { name: 'Start', exact: true }).click();
      await expect(page.getByTestId('visit-timer')).toHaveText(`Started at ${clock(start)}`);
      await page.clock.setSystemTime(done);
      await page.getByRole('button', { name: 'Mark done' }).click();
      await expect(page.getByTestId('visit-detail').getByText('Done', { exact: true })).toBeVisible();
    }
    await expect(page.getByText(/Items awaiting sync: 6/)).toBeVisible();
    await page.screenshot({ path: info.outputPath('worker-offline.png') });
    await goOnline(context);
    const events = async () =>
      (await serverEntitiesOf(ownerApi, 'timeEvent')).filter((e) => visitIds.includes(e.occurrenceId));
    await expect.poll(async () => (await events()).length, { timeout: 30_000 }).toBe(6);
    // Recorded when tapped, not when they reached the server.
    expect(
      (await events())
        .map((e) => [e.kind, Date.parse(e.eventTimestamp)])
        .sort((a, b) => (a[1] as number) - (b[1] as number)),
    ).toEqual(
      plan.flatMap(([a, b]) => [
        ['start', expect.closeTo(a, -4)],
        ['stop', expect.closeTo(b, -4)],
      ]),
    );

    const ownerContext = await browser.newContext({
      baseURL: info.project.use.baseURL,
      viewport: page.viewportSize() ?? undefined,
    });
    await installClock(ownerContext);
    const owner = await ownerContext.newPage();
    await signInAs(owner, demoEmail('owner'));
    await owner.goto('/tracker/home');
    // What the server holds, to the millisecond the worker tapped: the grid shows raw minutes.
    const held = await events();
    const at = (i: number, kind: string) =>
      Date.parse(held.find((e) => e.occurrenceId === visitIds[i] && e.kind === kind).eventTimestamp);
    const times = [0, 1, 2].map((i) => [at(i, 'start'), at(i, 'stop')] as const);
    const grid = owner.getByTestId('tracker-grid');
    const entry = (i: number, from = times[i]![0], to = times[i]![1]) =>
      owner.getByRole('button', { name: `${names[i]}, ${clock(from)} to ${clock(to)}` });
    for (const i of [0, 1, 2]) await expect(grid.locator(entry(i))).toBeVisible(SYNCED);
    const row = grid.getByTestId('tracker-row').filter({ hasText: worker.name });
    const travel = (ms: number) =>
      row.getByRole('img', { name: new RegExp(`travelling ${Math.floor(ms / MIN)} min$`) });
    await expect(travel(times[1]![0] - times[0]![1])).toBeVisible();
    await expect(travel(times[2]![0] - times[1]![1])).toBeVisible();
    await owner.screenshot({ path: info.outputPath('tracker.png'), fullPage: true });

    // Edit the first: it ends 10 minutes later; the worker cannot be changed.
    await entry(0).click();
    const list = owner.getByRole('dialog', { name: 'Time entries' });
    await list.getByRole('button', { name: `Edit the entry for ${names[0]}` }).click();
    const form = owner.getByRole('dialog', { name: 'Edit time entry' });
    await expect(form.getByLabel('Worker')).toBeDisabled();
    const newEnd = Math.floor((times[0]![1] + 10 * MIN) / MIN) * MIN;
    await form.getByLabel('End').fill(clock(newEnd));
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(list.getByTestId('worker-entry').filter({ hasText: names[0] })).toContainText(
      `${Math.floor((newEnd - Math.floor(times[0]![0] / MIN) * MIN) / MIN)} min`,
    );
    await owner.keyboard.press('Escape');
    // Edited to the minute: the form's times are whole minutes, the start's too.
    await expect(entry(0, Math.floor(times[0]![0] / MIN) * MIN, newEnd)).toBeVisible();
    // The travel after it is shorter now.
    await expect(travel(times[1]![0] - newEnd)).toBeVisible();

    // Delete the second, after the question.
    await entry(1).click();
    await owner
      .getByRole('dialog', { name: 'Time entries' })
      .getByRole('button', { name: `Delete the entry for ${names[1]}` })
      .click();
    const confirm = owner.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete this time entry?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(entry(1)).toHaveCount(0);
    await expect
      .poll(async () => (await events()).filter((e) => e.occurrenceId === visitIds[1]).length, SYNCED)
      .toBe(0);
    const first = (await events()).find((e) => e.occurrenceId === visitIds[0] && e.kind === 'stop');
    expect(Date.parse(first.eventTimestamp)).toBe(newEnd);
    await ownerContext.close();
  },
);

test('the availability week turns red when a worker’s day is over-booked', async ({ page }, info) => {
  const worker = (await people()).find((u) => u.email === demoEmail('worker'))!;
  await signInAs(page, demoEmail('owner'));
  await page.goto('/about');
  // A day of its own, far from the other tests' visits.
  const day = new Date(Date.parse(`${await todayOf(page)}T00:00:00Z`) + 300 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  await page.goto(`/availability/week?date=${day}`);
  const row = page.getByTestId('availability-row').filter({ hasText: worker.name });
  const cell = () =>
    row.getByTestId('availability-cell').nth((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7);
  await expect(cell()).toBeVisible(SYNCED);
  const required = Number(
    /(\d+(?:\.\d+)?) hours needed|: (\d+(?:\.\d+)?) of/
      .exec((await cell().getAttribute('aria-label'))!)!
      .slice(1)
      .find(Boolean),
  );

  // The worker is there for one hour more than their visits need: green.
  await row.getByRole('button', { name: worker.name }).click();
  const dialog = page.getByRole('dialog', { name: worker.name });
  const hours = dialog.getByLabel(/^Hours on /).nth((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7);
  await hours.fill('x');
  await expect(hours).toHaveValue('');
  await hours.fill(String(required + 1));
  await hours.blur();
  await expect(hours).toHaveValue(String(required + 1));
  await page.keyboard.press('Escape');
  await expect(cell()).toHaveAttribute('data-ok', 'true');
  await expect(cell()).toHaveText(new RegExp(`${required} / ${required + 1} h`));

  // A two-hour visit that day: over-booked, red.
  await workerJob(`Busy ${info.project.name} ${Date.now().toString(36)}`, day, worker.userId, 120);
  // The office's new job reaches this device with its next sync: the reload's.
  await page.reload();
  await expect(cell()).toHaveAttribute('data-ok', 'false', SYNCED);
  await expect(cell()).toHaveText(new RegExp(`${required + 2} / ${required + 1} h`));
  await page.screenshot({ path: info.outputPath('availability.png'), fullPage: true });
});
