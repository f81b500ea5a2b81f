import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../../web/e2e/chromium.ts';
import { timedClick } from './browser.ts';
import { type Figures, percentile, round, saveFigures, startRoundwise } from './lib.ts';
import { townFolder } from './town.ts';

/**
 * Budgets, in Chromium on the town data set (8,000 transactions on the device):
 * - `payments.first_paint_town_ms`: from the click on the drawer's Payments link to the first day
 *   groups painted (the list's `payments.painted` mark, then a frame and the task after it).
 * - `payments.public_js_gzip_kb`: the JavaScript a customer's browser loads for their account page
 *   and its card page (`/go/a/{token}/`, `.../stripe/card`): script files as transferred plus
 *   any inline script, for a customer who owes something.
 * Each open follows a reload and the device settling (its data restored from its own store, the
 * delta sync done, the screen's code cached), so each is a cold open of the screen; the median of
 * `RUNS` is the figure. Run on its own with `npx tsx scripts/bench/web-payments.ts` (the town is
 * seeded once into BENCH_TOWN_DIR).
 */
const RUNS = 9;

/** The script bytes of a town customer's account and card pages, opened without a session. */
async function publicPageScripts(staff: Page) {
  // A customer from the device's full load: its snapshot page of customers (a snapshot exists once
  // the device has synced), or the feed's first pages.
  type SyncAnswer = {
    changes: { type: string; entity: { _id: string } }[];
    cursor: string;
    hasMore: boolean;
    pages?: { cursor: string; type: string }[];
  };
  const read = async (cursor: string) =>
    (await (await staff.request.get(`/api/sync?limit=5000&cursor=${cursor}`)).json()) as SyncAnswer;
  let page = await read('');
  const customers = page.pages?.find((p) => p.type === 'customer');
  if (customers) page = await read(customers.cursor);
  let customer = page.changes.find((c) => c.type === 'customer');
  while (!customer && page.hasMore && !page.pages) {
    page = await read(page.cursor);
    customer = page.changes.find((c) => c.type === 'customer');
  }
  if (!customer) throw new Error('no customer in the sync');
  const res = await staff.request.post(`/api/payments/links/${customer.entity._id}`, { data: {} });
  if (res.status() !== 200) throw new Error(`payment links ${res.status()}`);
  const links = (await res.json()) as { account: string; card: string };
  const context = await staff
    .context()
    .browser()!
    .newContext({ viewport: { width: 412, height: 915 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const scripts = new Set<string>();
    let bytes = 0;
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script') scripts.add(e.requestId);
    });
    cdp.on('Network.loadingFinished', (e) => {
      if (scripts.has(e.requestId)) bytes += e.encodedDataLength;
    });
    for (const url of [links.account, links.card]) {
      const shown = await page.goto(url, { waitUntil: 'networkidle' });
      if (shown?.status() !== 200) throw new Error(`${url} answered ${shown?.status()}`);
      bytes += await page.evaluate(() =>
        [...document.scripts].reduce((sum, s) => sum + (s.src ? 0 : s.text.length), 0),
      );
    }
    return bytes;
  } finally {
    await context.close();
  }
}

export async function paymentsWebFigures(baseUrl: string, login: { email: string; password: string }) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const res = await page.request.post('/api/auth/login', { data: login });
    if (res.status() !== 200) throw new Error(`login ${res.status()}`);
    // The device's first load of the town (its ledger included), then each open after a reload.
    await page.goto('/about');
    await page
      .getByTestId('sync-status')
      .and(page.locator('[data-state="synced"]'))
      .waitFor({ timeout: 180_000 });
    const held = await page.evaluate(async () => {
      await new Promise((r) => setTimeout(r, 0));
      return document.querySelector('[data-testid=sync-status]')?.getAttribute('data-state');
    });
    if (held !== 'synced') throw new Error('the device did not finish its first load');
    const opens: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.goto('/about');
      await page.locator('nav a[href="/payments"]').waitFor();
      // The device settled first (its store restored, the delta sync done): the figure is the
      // screen's own, not the reload's (that is web.cache_restore_town_ms). Without this wait the
      // click raced the restore and timed it: 1.1-1.4 s, with part of the ledger on screen.
      await page
        .getByTestId('sync-status')
        .and(page.locator('[data-state="synced"]'))
        .waitFor({ timeout: 60_000 });
      opens.push(await timedClick(page, 'nav a[href="/payments"]', 'payments.painted'));
      const days = Number(await page.getByTestId('payment-list').getAttribute('data-total-days'));
      if (!(days > 0) || (await page.getByTestId('payment-day').count()) === 0)
        throw new Error('the payments screen painted no day group');
      if (i === 0) console.log(`  ${days} days of payments on the device`);
    }
    console.log(`  payments opens: ${opens.map((t) => round(t)).join(', ')} ms`);
    return { firstPaintMs: percentile(opens, 50), publicJsBytes: await publicPageScripts(page) };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { dir: town, login } = await townFolder();
  const work = await mkdtemp(join(tmpdir(), 'roundwise-bench-payments-'));
  try {
    await cp(town, join(work, 'town'), { recursive: true });
    const runtime = await startRoundwise(join(work, 'town'));
    try {
      const { firstPaintMs, publicJsBytes } = await paymentsWebFigures(runtime.url, login);
      const figures: Figures = {
        'payments.first_paint_town_ms': { value: round(firstPaintMs), unit: 'ms' },
        'payments.public_js_gzip_kb': { value: round(publicJsBytes / 1024), unit: 'KB' },
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
