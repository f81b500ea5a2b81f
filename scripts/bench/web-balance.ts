import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../../web/e2e/chromium.ts';
import { timedOpen } from './browser.ts';
import { type Figures, percentile, round, saveFigures, startRoundwise } from './lib.ts';
import { townFolder } from './town.ts';

/**
 * The books' budgets, in Chromium on the town data set (8,000 transactions, a year of expenses
 * and journals, the books set up: `scripts/seed/books.ts`), the Owner's device holding it all:
 * - `balance.dashboard_town_ms`: the click on the drawer's Balance to the dashboard's figures
 *   painted (the books worked out from the synced records on the way: ledgers, every posting,
 *   balances, the year's profit and loss); `balance.dashboard_chart_town_ms` to its chart's bars
 *   drawn (recharts comes in a chunk of its own, after the figures).
 * - `balance.pnl_town_ms`: on the dashboard, the click on "Profit this year" to the profit and
 *   loss report's table painted (the year by month).
 * Painted: the elements are in the document, then a frame and the task after it. Each open
 * follows a reload and the device settling (its store restored, the delta sync done), as
 * `web-payments.ts` does; the median of `RUNS`. Run on its own with
 * `npx tsx scripts/bench/web-balance.ts` (the town is seeded once into BENCH_TOWN_DIR).
 */
const RUNS = 9;

async function settled(page: Page) {
  await page
    .getByTestId('sync-status')
    .and(page.locator('[data-state="synced"]'))
    .waitFor({ timeout: 180_000 });
}

export async function balanceWebFigures(baseUrl: string, login: { email: string; password: string }) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const res = await page.request.post('/api/auth/login', { data: login });
    if (res.status() !== 200) throw new Error(`login ${res.status()}`);
    // The device's first load of the town, and the screen's code cached by a first visit.
    await page.goto('/balance/dashboard');
    await settled(page);
    await page.locator('.recharts-bar-rectangle').first().waitFor({ timeout: 60_000 });
    const drawer = 'nav a[href^="/balance"]';
    const dashboard = ['[data-testid=figure-profit]', '.recharts-bar-rectangle'];
    const report = ['[data-testid=report-table] tbody tr'];
    const opens: number[] = [];
    const charts: number[] = [];
    const reports: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.goto('/about');
      await page.locator(drawer).waitFor();
      await settled(page);
      const [figures, chart] = await timedOpen(page, drawer, dashboard);
      opens.push(figures!);
      charts.push(chart!);
      await page.waitForTimeout(300);
      reports.push((await timedOpen(page, 'a[href="/balance/reports/profit-and-loss"]', report))[0]!);
      const rows = await page.locator('[data-testid=report-table] tbody tr').count();
      if (rows < 5) throw new Error(`the profit and loss showed ${rows} rows`);
      if (i === 0) {
        const profit = await page
          .goto('/balance/dashboard')
          .then(() => page.getByTestId('figure-profit').textContent());
        console.log(`  profit this year ${profit}; profit and loss rows ${rows}`);
      }
    }
    console.log(`  dashboard opens: ${opens.map((t) => round(t)).join(', ')} ms`);
    console.log(`  its chart drawn: ${charts.map((t) => round(t)).join(', ')} ms`);
    console.log(`  profit and loss opens: ${reports.map((t) => round(t)).join(', ')} ms`);
    return {
      dashboardMs: percentile(opens, 50),
      chartMs: percentile(charts, 50),
      pnlMs: percentile(reports, 50),
    };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { dir: town, login } = await townFolder();
  const work = await mkdtemp(join(tmpdir(), 'roundwise-bench-balance-'));
  try {
    await cp(town, join(work, 'town'), { recursive: true });
    const runtime = await startRoundwise(join(work, 'town'));
    try {
      const { dashboardMs, chartMs, pnlMs } = await balanceWebFigures(runtime.url, login);
      const figures: Figures = {
        'balance.dashboard_town_ms': { value: round(dashboardMs), unit: 'ms' },
        'balance.dashboard_chart_town_ms': { value: round(chartMs), unit: 'ms' },
        'balance.pnl_town_ms': { value: round(pnlMs), unit: 'ms' },
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
