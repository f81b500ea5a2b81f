import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../../web/e2e/chromium.ts';
import { timedOpen } from './browser.ts';
import { type Figures, percentile, round, saveFigures, startRoundwise } from './lib.ts';

/**
 * The team's time budgets, in Chromium, on a business of its own: 50 workers, 1,500 visits on one
 * day (30 each, one customer's job each), every visit with its time entry (so 1,450 travel gaps):
 * - `tracker.day_grid_ms`: the drawer's Time tracker to the day grid painted (entries derived
 *   from the 3,000 start and stop events on the way, the week chart, totals and top three);
 * - `availability.week_ms`: the drawer's Availability to the week of the 50 workers painted
 *   (the week's visits computed, required hours against each worker's).
 * Painted: the elements are in the document, then a frame and the task after it; each open after
 * a reload and the device settling; the median of `RUNS`. Run with `npx tsx scripts/bench/web-time.ts`.
 */
const RUNS = 7;
const WORKERS = 50;
const VISITS = 1500;

async function settled(page: Page) {
  await page
    .getByTestId('sync-status')
    .and(page.locator('[data-state="synced"]'))
    .waitFor({ timeout: 180_000 });
}

/** The business: a signup with the two features, its customers, jobs and time entries (by its commands). */
async function seed(page: Page, day: string) {
  const signup = await page.request.post('/api/auth/signup', {
    data: {
      email: 'time-bench@example.com',
      password: 'a good password',
      name: 'Tess',
      businessName: 'Time bench',
    },
  });
  if (signup.status() !== 201) throw new Error(`signup ${signup.status()}`);
  const patch = await page.request.patch('/api/account', {
    data: { flags: ['timeTracker', 'availability', 'multiUser'] },
  });
  if (patch.status() !== 200) throw new Error(`flags ${patch.status()}`);
  let n = 0;
  const command = async (name: string, input: unknown) => {
    const res = await page.request.post(`/api/commands/${name}`, {
      data: { commandId: `bench-time-${String(n++).padStart(6, '0')}`, input },
    });
    if (res.status() !== 200) throw new Error(`${name} ${res.status()} ${await res.text()}`);
    return (await res.json()).result;
  };
  const inParallel = async <T>(count: number, make: (i: number) => Promise<T>) => {
    const out: T[] = [];
    for (let i = 0; i < count; i += 16)
      out.push(
        ...(await Promise.all(Array.from({ length: Math.min(16, count - i) }, (_, j) => make(i + j)))),
      );
    return out;
  };
  const workers = Array.from({ length: WORKERS }, (_, i) => `01BENCHWORKER${String(i).padStart(13, '0')}`);
  const customers = await inParallel(100, (i) => command('customers.create', { name: `Customer ${i}` }));
  const jobs = await inParallel(VISITS, (i) =>
    command('jobs.create', {
      customerId: customers[i % 100]._id,
      date: day,
      price: 20,
      duration: 15,
      frequencyType: 'Weeks',
      frequencyInterval: 4,
      assignees: [workers[i % WORKERS]],
    }),
  );
  // Each worker's 30 visits from 07:00 (GMT), 15 minutes on site and 5 between.
  await inParallel(VISITS, (i) => {
    const slot = Math.floor(i / WORKERS);
    const start = Date.parse(`${day}T07:00:00Z`) + slot * 20 * 60_000;
    return command('tracker.create-entry', {
      assigneeId: workers[i % WORKERS],
      jobId: jobs[i]._id,
      isoDueDate: day,
      start: new Date(start).toISOString(),
      stop: new Date(start + 15 * 60_000).toISOString(),
    });
  });
}

export async function timeWebFigures(baseUrl: string) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const day = '2026-11-25';
    await seed(page, day);
    await page.goto(`/tracker/home?date=${day}`);
    await settled(page);
    await page.locator('[data-testid=entry]').first().waitFor({ timeout: 60_000 });
    const entries = await page.locator('[data-testid=entry]').count();
    const rows = await page.locator('[data-testid=tracker-row]').count();
    if (entries !== VISITS || rows !== WORKERS)
      throw new Error(`the grid showed ${rows} rows, ${entries} entries`);
    await page.goto(`/availability/week?date=${day}`);
    await page.locator('[data-testid=availability-cell]').first().waitFor({ timeout: 60_000 });
    const cells = await page.locator('[data-testid=availability-row]').count();
    if (cells !== WORKERS) throw new Error(`the week showed ${cells} workers`);
    const grids: number[] = [];
    const weeks: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      // The date is the page's own: the drawer opens each screen on its today, so the clock is set to the day.
      await page.clock.setFixedTime(new Date(`${day}T12:00:00Z`));
      await page.goto('/about');
      await settled(page);
      grids.push((await timedOpen(page, 'nav a[href^="/tracker"]', ['[data-testid=entry]']))[0]!);
      await page.goto('/about');
      await settled(page);
      weeks.push(
        (await timedOpen(page, 'nav a[href^="/availability"]', ['[data-testid=availability-cell]']))[0]!,
      );
    }
    console.log(`  tracker opens: ${grids.map((t) => round(t)).join(', ')} ms`);
    console.log(`  availability opens: ${weeks.map((t) => round(t)).join(', ')} ms`);
    return { gridMs: percentile(grids, 50), weekMs: percentile(weeks, 50) };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const work = await mkdtemp(join(tmpdir(), 'roundwise-bench-time-'));
  try {
    const runtime = await startRoundwise(work);
    try {
      const { gridMs, weekMs } = await timeWebFigures(runtime.url);
      const figures: Figures = {
        'tracker.day_grid_ms': { value: round(gridMs), unit: 'ms' },
        'availability.week_ms': { value: round(weekMs), unit: 'ms' },
      };
      for (const [name, f] of Object.entries(figures)) console.log(`${name.padEnd(36)} ${f.value} ${f.unit}`);
      await saveFigures(figures);
    } finally {
      await runtime.stop();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
