import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../web/e2e/chromium.ts';
import { Caller, type Figures, percentile, round, saveFigures, startRoundwise } from './lib.ts';

/**
 * Budgets, on the demo business with 5,000 quotes added (`QUOTES_BENCH_COUNT`):
 * - `quotes.list_5000_ms`: in the app with the data on the device, choosing Quotes in the drawer
 *   to the list painted (a frame and a task after it shows); median of 9.
 * - `quotes.search_5000_ms`: a search's text reaching the list (the `quotes.search` mark, after
 *   the 750 ms debounce) to the filtered list painted; median of 16 keystrokes.
 * - `quotes.public_js_gzip_kb`: the JavaScript the customer's quote page loads, as transferred.
 * - `quotes.public_p50_ms`: the server's reply to `GET /go/q/{id}/` (a view recorded each time),
 *   its own time (`server-timing`), median of 300 after 30 unmeasured; the wall time beside it.
 * - `quotes.public_lcp_mobile_ms`: largest contentful paint of the page in Chromium at 4x CPU
 *   slowdown and slow 4G (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up); median of 5 cold loads.
 * Run: `npx tsx scripts/bench/quotes.ts`.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const COUNT = Number(process.env.QUOTES_BENCH_COUNT ?? 5000);
const figures: Figures = {};
const put = (name: string, value: number, unit: string) => {
  figures[name] = { value: round(value), unit };
  console.log(`${name.padEnd(40)} ${round(value)} ${unit}`);
};

const KEYSTROKES = [
  'w',
  'wi',
  'win',
  'wind',
  'windo',
  'windows',
  'window',
  'wind',
  'w',
  '',
  'q',
  'q-',
  'q-1',
  'q-12',
  'q-1',
  '',
];

/** As scripts/bench/customers.ts: set the search box, wait for the list to show it, a frame and a task. */
const KEYSTROKE_SCRIPT = `async (value) => {
  const input = document.querySelector('input[type=search]');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  performance.clearMarks('quotes.search');
  const list = () => document.querySelector('[data-testid=quote-list], [data-testid=quotes-no-match]');
  const done = () => list() && list().getAttribute('data-query') === value && performance.getEntriesByName('quotes.search').length > 0;
  setValue.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await new Promise((resolve) => {
    const observer = new MutationObserver(() => { if (done()) { observer.disconnect(); resolve(); } });
    observer.observe(document.body, { subtree: true, attributes: true, childList: true });
  });
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return { ms: performance.now() - performance.getEntriesByName('quotes.search')[0].startTime, count: Number(list().getAttribute('data-count')) };
}`;

/** Chooses a drawer link and times it to the target painted. */
const NAVIGATE_SCRIPT = `async ([href, selector]) => {
  const link = document.querySelector('a[href="' + href + '"]');
  const t0 = performance.now();
  link.click();
  await new Promise((resolve) => {
    if (document.querySelector(selector)) return resolve();
    const observer = new MutationObserver(() => { if (document.querySelector(selector)) { observer.disconnect(); resolve(); } });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return performance.now() - t0;
}`;

const work = await mkdtemp(join(tmpdir(), 'roundwise-bench-quotes-'));
try {
  const runtime = await startRoundwise(join(work, 'data'));
  try {
    const caller = new Caller(runtime.url);
    await caller.login('owner@demo.roundwise.local', 'demo-password');
    const customer = (
      await caller.request('POST', '/api/commands/customers.create', {
        commandId: `bench-customer-${process.pid}`,
        input: { name: 'Bench Quotes', email: 'bench-quotes@example.org' },
      })
    ).json.result;
    const t0 = performance.now();
    let firstLink = '';
    for (let i = 0; i < COUNT; i++) {
      const res = await caller.request('POST', '/api/commands/quotes.create', {
        commandId: `bench-quote-${process.pid}-${i}`,
        input: {
          customerId: customer._id,
          name: i % 2 ? 'Windows and gutters' : 'Conservatory roof',
          items: [
            {
              title: 'Windows',
              unitPrice: 10 + (i % 40),
              frequency: { frequencyType: 'Weeks', frequencyInterval: 4 },
            },
          ],
          date: '2026-11-20',
          expiry: '2099-12-31',
        },
      });
      if (res.status !== 200) throw new Error(`quotes.create ${res.status} ${JSON.stringify(res.json)}`);
      if (i === 0) firstLink = res.json.result.linkToken;
      if (i % 1000 === 999)
        console.log(`  ${i + 1} quotes in ${Math.round((performance.now() - t0) / 1000)} s`);
    }

    // The server's reply to the public page.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<{ server: number; wall: number }>((done, fail) => {
        const url = new URL(path, runtime.url);
        const t = performance.now();
        httpRequest({ agent, hostname: url.hostname, port: url.port, path: url.pathname }, (res) => {
          res.resume();
          res.on('end', () =>
            done({
              server: Number(String(res.headers['server-timing']).match(/dur=([\d.]+)/)?.[1]),
              wall: performance.now() - t,
            }),
          );
        })
          .on('error', fail)
          .end();
      });
    const server: number[] = [];
    const wall: number[] = [];
    for (let i = 0; i < 330; i++) {
      const r = await get(`/go/q/${firstLink}/`);
      if (i >= 30) {
        server.push(r.server);
        wall.push(r.wall);
      }
    }
    put('quotes.public_p50_ms', percentile(server, 50), 'ms');
    put('quotes.public_p95_ms', percentile(server, 95), 'ms');
    put('quotes.public_wall_p50_ms', percentile(wall, 50), 'ms');

    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      // The customer's page: its scripts as transferred, and its LCP on a throttled phone.
      const lcps: number[] = [];
      let scriptBytes = 0;
      for (let i = 0; i < 5; i++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 150,
          downloadThroughput: (1.6 * 1024 * 1024) / 8,
          uploadThroughput: (750 * 1024) / 8,
        });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        let bytes = 0;
        cdp.on('Network.loadingFinished', () => {});
        page.on('response', async (res) => {
          if (res.request().resourceType() === 'script') bytes += (await res.body()).length;
        });
        await page.goto(`${runtime.url}/go/q/${firstLink}/?preview_mode=true`, { waitUntil: 'load' });
        const lcp = (await page.evaluate(
          `new Promise((resolve) => new PerformanceObserver((list) => { const e = list.getEntries(); resolve(e[e.length - 1].startTime); }).observe({ type: 'largest-contentful-paint', buffered: true }))`,
        )) as number;
        lcps.push(lcp);
        scriptBytes = bytes;
        await context.close();
      }
      put('quotes.public_js_gzip_kb', scriptBytes / 1024, 'KB');
      put('quotes.public_lcp_mobile_ms', percentile(lcps, 50), 'ms');

      // The staff list with every quote on the device.
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.request.post(`${runtime.url}/api/auth/login`, {
        data: { email: 'owner@demo.roundwise.local', password: 'demo-password' },
      });
      await page.goto(`${runtime.url}/quotes`);
      await page.locator('[data-testid=quote-list]').waitFor({ timeout: 600_000 });
      await page.locator('[data-testid=sync-status][data-state=synced]').waitFor({ timeout: 600_000 });
      const total = Number(await page.locator('[data-testid=quote-list]').getAttribute('data-count'));
      console.log(`  ${total} quotes listed`);
      if (total < COUNT) throw new Error(`only ${total} quotes on the device`);
      const opens: number[] = [];
      for (let i = 0; i < 9; i++) {
        await page.evaluate(`(${NAVIGATE_SCRIPT})(["/about", "h1"])`);
        await page.waitForTimeout(300);
        opens.push(
          (await page.evaluate(`(${NAVIGATE_SCRIPT})(["/quotes", "[data-testid=quote-list]"])`)) as number,
        );
        await page.waitForTimeout(300);
      }
      console.log(`  open: ${opens.map((o) => round(o)).join(', ')} ms`);
      put('quotes.list_5000_ms', percentile(opens, 50), 'ms');
      const searches: number[] = [];
      for (const text of KEYSTROKES) {
        const r = (await page.evaluate(`(${KEYSTROKE_SCRIPT})(${JSON.stringify(text)})`)) as {
          ms: number;
          count: number;
        };
        searches.push(r.ms);
        console.log(`  "${text}" -> ${r.count} quotes: ${round(r.ms)} ms`);
      }
      put('quotes.search_5000_ms', percentile(searches, 50), 'ms');
      put('quotes.search_5000_p95_ms', percentile(searches, 95), 'ms');
      await context.close();
    } finally {
      await browser.close();
    }
  } finally {
    await runtime.stop();
  }
  await saveFigures(figures);
} finally {
  await rm(work, { recursive: true, force: true });
}
