import { cp, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, type CDPSession, chromium, devices, type Page } from '@playwright/test';
import { Schedule, Visits } from '@roundwise/core';
import { chromiumLaunchOptions } from '../../web/e2e/chromium.ts';
import { Caller, type Figures, fullSync, percentile, round, saveFigures, startRoundwise } from './lib.ts';
import { townFolder } from './town.ts';

/**
 * The custom fields' budgets, in Chromium with the phone profile of the browser tests (Pixel 7:
 * its viewport, touch, device scale), signed in as the town's Worker, on the town data set with the
 * standard risk assessment (8 items) enabled on every visit's completion:
 * - `custom_fields.day_150_ms` (200 ms): the Worker's day (`/mywork?date=`) with 150 visits, a
 *   third of them partly answered. From the day before (reached in the app with "Previous day",
 *   so the device's data is in memory as in use), "Next day" is clicked; the time runs until the
 *   150 visits and their 150 completion chips are in the page, then the next frame.
 * - `custom_fields.fill_open_ms` (100 ms): on a visit's page, offline (the service worker serves
 *   the app, the data is the device's), "Complete fields" is clicked; the time runs until the fill
 *   form's 8 items are in the page, then the next frame. Also measured with the CPU 4 times slower
 *   (`custom_fields.fill_open_4x_ms`, not budgeted: an older phone).
 * Median of 15 after 2 warm-ups each. Each run's main-thread CPU time is read too (Chromium's
 * `ThreadTime` before and after: `*_cpu_ms`): on a shared machine under load the wall time counts
 * the other processes' turns, the CPU time does not. Run: `npx tsx scripts/bench/custom-fields.ts`
 * (the town is seeded once into BENCH_TOWN_DIR).
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const VISITS = 150;
const RUNS = 15;
const WARM_UPS = 2;
const ITEMS = 8;

/**
 * In the page: clicks the button, waits (on DOM mutations) until `ready()` holds, then for the
 * next frame. Plain JavaScript in a string: tsx's helpers (`__name`) do not exist in the page.
 */
const timed = (button: string, ready: string) => `new Promise((resolve, reject) => {
  const target = ${button};
  if (!target) return reject(new Error('no button to click'));
  const ready = () => ${ready};
  const t0 = performance.now();
  const done = () => requestAnimationFrame(() => resolve(performance.now() - t0));
  const observer = new MutationObserver(() => {
    if (!ready()) return;
    observer.disconnect();
    done();
  });
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
  target.click();
  if (ready()) {
    observer.disconnect();
    done();
  }
})`;

const byLabel = (label: string) =>
  `[...document.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === ${JSON.stringify(label)})`;
/**
 * BENCH_FIELDS_BASELINE=1: the same day with no collection enabled (no chip), printed and not
 * saved: what the chips add to the list.
 */
const BASELINE = process.env.BENCH_FIELDS_BASELINE === '1';
const CHIPS = BASELINE ? 0 : VISITS;
const dayReady = (n: number) =>
  `document.querySelectorAll('[data-testid=visit]').length === ${n} && document.querySelectorAll('[data-testid=visit] [data-testid=progress-chip]').length === ${CHIPS}`;
const COMPLETE_FIELDS = `[...document.querySelectorAll('section[aria-label="Custom fields"] button')].find((b) => b.textContent.trim() === 'Complete fields')`;
const FORM_READY = `document.querySelectorAll('[data-testid=complete-fields] [data-testid^=fill-item-]').length === ${ITEMS}`;

const { dir: town, login } = await townFolder();
const work = await mkdtemp(join(tmpdir(), 'roundwise-bench-fields-'));
const figures: Figures = {};
const put = (name: string, value: number, unit: string) => {
  figures[name] = { value: round(value), unit };
  console.log(`${name.padEnd(34)} ${round(value)} ${unit}`);
};

try {
  await cp(town, join(work, 'town'), { recursive: true });
  const runtime = await startRoundwise(join(work, 'town'));
  try {
    const owner = new Caller(runtime.url);
    await owner.login(login.email, login.password);
    const workerLogin = { email: login.email.replace(/^owner@/, 'worker@'), password: login.password };
    const day = await prepareDay(owner, workerLogin.email);
    console.log(`day ${day.date}: ${day.before} of the worker's visits, topped up to ${VISITS}`);

    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const { defaultBrowserType: _type, ...phone } = devices['Pixel 7'];
      const context = await browser.newContext({ ...phone, baseURL: runtime.url });
      const page = await context.newPage();
      const res = await page.request.post('/api/auth/login', { data: workerLogin });
      if (res.status() !== 200) throw new Error(`worker login ${res.status()}`);
      await page.goto('/about');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.goto(`/mywork?date=${day.date}`);
      await page.waitForFunction(
        (n) =>
          document.querySelectorAll('[data-testid=visit]').length === n.visits &&
          document.querySelectorAll('[data-testid=visit] [data-testid=progress-chip]').length === n.chips,
        { visits: VISITS, chips: CHIPS },
        { timeout: 180_000 },
      );
      await synced(page);

      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      const days: number[] = [];
      const dayCpu: number[] = [];
      console.log(
        `  load average before: ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
      );
      for (let i = 0; i < RUNS + WARM_UPS; i++) {
        await page.getByRole('button', { name: 'Previous day' }).click();
        await page.waitForFunction(
          (n) => document.querySelectorAll('[data-testid=visit]').length !== n,
          VISITS,
        );
        await page.waitForTimeout(500);
        const cpu0 = await threadMs(cdp);
        const ms = (await page.evaluate(timed(byLabel('Next day'), dayReady(VISITS)))) as number;
        const cpu = (await threadMs(cdp)) - cpu0;
        if (i >= WARM_UPS) {
          days.push(ms);
          dayCpu.push(cpu);
        }
      }
      console.log(`  day runs: ${days.map((x) => Math.round(x)).join(' ')} ms`);
      console.log(`  their main-thread CPU: ${dayCpu.map((x) => Math.round(x)).join(' ')} ms`);
      put('custom_fields.day_150_ms', percentile(days, 50), 'ms');
      put('custom_fields.day_150_cpu_ms', percentile(dayCpu, 50), 'ms');
      if (!BASELINE) {
        await page.goto(`/mywork/${day.visitId}`);
        await page.getByRole('region', { name: 'Custom fields' }).waitFor({ timeout: 60_000 });
        await synced(page);
        await context.setOffline(true);
        const opens = await fillOpens(page, cdp);
        console.log(`  fill-form opens: ${opens.wall.map((x) => Math.round(x)).join(' ')} ms`);
        console.log(`  their main-thread CPU: ${opens.cpu.map((x) => Math.round(x)).join(' ')} ms`);
        put('custom_fields.fill_open_ms', percentile(opens.wall, 50), 'ms');
        put('custom_fields.fill_open_cpu_ms', percentile(opens.cpu, 50), 'ms');
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        const slow = await fillOpens(page, cdp);
        console.log(`  fill-form opens, CPU 4x slower: ${slow.wall.map((x) => Math.round(x)).join(' ')} ms`);
        put('custom_fields.fill_open_4x_ms', percentile(slow.wall, 50), 'ms');
        console.log(
          `  load average after: ${loadavg()
            .map((l) => l.toFixed(1))
            .join(' ')}`,
        );
        await offlineCheck(context, page);
      }
    } finally {
      await browser.close();
    }
  } finally {
    await runtime.stop();
  }
  if (!BASELINE) await saveFigures(figures);
} finally {
  await rm(work, { recursive: true, force: true });
}

async function synced(page: Page) {
  await page
    .getByTestId('sync-status')
    .and(page.locator('[data-state="synced"]'))
    .waitFor({ timeout: 120_000 });
}

/** The page's main-thread CPU time so far, in ms. */
async function threadMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'ThreadTime')?.value ?? Number.NaN) * 1000;
}

/** Opens the fill form `WARM_UPS + RUNS` times (closed with Escape between): the later runs' times. */
async function fillOpens(page: Page, cdp: CDPSession) {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS + WARM_UPS; i++) {
    const cpu0 = await threadMs(cdp);
    const ms = (await page.evaluate(timed(COMPLETE_FIELDS, FORM_READY))) as number;
    const used = (await threadMs(cdp)) - cpu0;
    if (i >= WARM_UPS) {
      wall.push(ms);
      cpu.push(used);
    }
    await page.keyboard.press('Escape');
    await page.getByTestId('complete-fields').waitFor({ state: 'detached' });
    await page.waitForTimeout(300);
  }
  return { wall, cpu };
}

/** The figure is an offline one: the page must not have reached the server meanwhile. */
async function offlineCheck(context: BrowserContext, page: Page) {
  const online = await page.evaluate(() => navigator.onLine);
  if (online) throw new Error('the page was online during the offline runs');
  await context.setOffline(false);
}

/**
 * The risk assessment enabled on every visit's completion; the Worker's busiest day of the next
 * four weeks (with no more than 150 of their visits) topped up to 150 with one-off jobs assigned to
 * them (the commands the app sends), and a third of that day's visits partly answered.
 */
async function prepareDay(caller: Caller, workerEmail: string) {
  let seq = 0;
  // biome-ignore lint/suspicious/noExplicitAny: the API's JSON
  const command = async (name: string, input: unknown): Promise<any> => {
    const res = await caller.request('POST', `/api/commands/${name}`, {
      commandId: `bench-fields-${Date.now()}-${seq++}`,
      input,
    });
    if (res.status !== 200) throw new Error(`${name} ${res.status} ${JSON.stringify(res.json)}`);
    return res.json.result;
  };
  const schema = await command('custom-fields.create-schema', {
    title: 'Risk assessment',
    target: 'job-occurrence-completion',
    fromTemplate: 'risk-assessment',
  });
  if (!BASELINE)
    await command('custom-fields.set-enabled', {
      resourceType: 'job-occurrence-completion',
      schemaIds: [schema._id],
    });
  const users = (await caller.request('GET', '/api/users')).json.users as { email: string; userId: string }[];
  const workerId = users.find((u) => u.email === workerEmail)?.userId;
  if (!workerId) throw new Error('no worker in the town');

  // biome-ignore lint/suspicious/noExplicitAny: the sync feed's JSON
  const byType = new Map<string, any[]>();
  await fullSync(caller, (changes) => {
    for (const ch of changes) {
      if (!ch.entity) continue;
      const list = byType.get(ch.type) ?? [];
      list.push(ch.entity);
      byType.set(ch.type, list);
    }
  });
  const today = Schedule.todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const visitsOf = (from: string, to: string) =>
    Visits.visitsBetween({
      jobs: byType.get('job') ?? [],
      visitRecords: byType.get('visit') ?? [],
      from,
      to,
    }).filter((v) => v.assignees.includes(workerId));
  const counts = new Map<string, number>();
  for (const v of visitsOf(Schedule.addDays(today, 1), Schedule.addDays(today, 28)))
    counts.set(v.isoPlannedDate, (counts.get(v.isoPlannedDate) ?? 0) + 1);
  const [date, before] = [...counts].filter(([, c]) => c <= VISITS).sort((a, b) => b[1] - a[1])[0] ?? [
    Schedule.addDays(today, 1),
    0,
  ];
  const rounds = byType.get('round') ?? [];
  const made: { id: string; jobId: string; isoDueDate: string }[] = [];
  for (let i = before; i < VISITS; i++) {
    const customer = await command('customers.create', {
      name: `Bench Fields ${i}`,
      address: { addressDescription: `${i} Checklist Lane, Cambridge` },
    });
    const job = await command('jobs.create', {
      customerId: customer._id,
      date,
      price: 15 + (i % 20),
      frequencyType: 'OneOff',
      rounds: rounds.length ? [rounds[i % rounds.length]._id] : [],
      assignees: [workerId],
    });
    made.push({ id: `${job._id}-${date.replaceAll('-', '')}`, jobId: job._id, isoDueDate: date });
  }
  const onDay = [
    ...visitsOf(date, date).map((v) => ({ id: v.id, jobId: v.jobId, isoDueDate: v.isoDueDate })),
    ...made,
  ];
  // Three checks answered on every third visit: chips of "3/8 Completed" beside "0/8".
  for (const { jobId, isoDueDate } of onDay.filter((_, i) => i % 3 === 0)) {
    await command('custom-fields.fill', {
      schemaId: schema._id,
      target: 'job-occurrence-completion',
      visit: { jobId, isoDueDate },
      answers: { '1': { value: true }, '2': { value: true }, '3': { value: true } },
      base: {},
    });
  }
  return { date, before, visitId: onDay[0]!.id };
}
