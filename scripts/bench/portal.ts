import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../../web/e2e/chromium.ts';
import { layoutSnippet, scriptSnippet } from '../../web/widgets/src/embed-code.ts';
import { percentile } from './lib.ts';

/**
 * The customer portal's embed and page, on the demo business's portal (`demo`), in Chromium on a
 * throttled phone (4x CPU slowdown, slow 4G: 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up), each a
 * cold load in a new context, median of 5 (layout shift: the worst of the 5):
 * - `portal.stub_gzip_kb`: the pasted snippet (the stub and the script tag), gzipped;
 * - `portal.loader_gzip_kb`: `widgets.js`, gzipped;
 * - `portal.widget_visible_mobile_ms`: from the script tag in a business's page (another origin,
 *   served here, the snippet with the published layout's place held) to the first widget painted;
 * - `portal.cls`: that page's layout shift while the saved layout draws above its footer, and 2 s
 *   after;
 * - `portal.page_js_gzip_kb`: every script the public page `/portal/demo` loads, gzipped;
 * - `portal.page_lcp_mobile_ms`: that page's largest contentful paint.
 */
export async function portalFigures(baseUrl: string) {
  const figures: Record<string, { value: number; unit: string }> = {};
  figures['portal.stub_gzip_kb'] = {
    value: gzipSync(scriptSnippet(baseUrl, 'demo')).length / 1024,
    unit: 'KB',
  };
  const loader = Buffer.from(await (await fetch(`${baseUrl}/widgets.js`)).arrayBuffer());
  figures['portal.loader_gzip_kb'] = { value: gzipSync(loader).length / 1024, unit: 'KB' };

  // The business's page: its own header and text, the snippet where the layout goes (as the
  // business copies it, the published layout's cells in it), a footer below.
  const { layout } = (await (await fetch(`${baseUrl}/api/portal/demo`)).json()) as {
    layout: Parameters<typeof layoutSnippet>[2];
  };
  const host = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>A window cleaner</title><script>performance.mark('rw-tag')</script>
<script>window.Roundwise=window.Roundwise||function(){(Roundwise.q=Roundwise.q||[]).push(arguments)};Roundwise('on','view',function(){if(performance.getEntriesByName('rw-visible').length)return;requestAnimationFrame(function(){setTimeout(function(){performance.mark('rw-visible')})})});</script>
</head><body><h1>Clean windows, every four weeks</h1><p>Text of the business's own page.</p>
${layoutSnippet(baseUrl, 'demo', layout)}
<footer style="height:400px;background:#eee">Footer</footer></body></html>`);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`;

  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const visible: number[] = [];
    const shifts: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { page, close } = await throttledPhone(browser);
      await page.goto(hostUrl, { waitUntil: 'load' });
      await page.waitForFunction(() => performance.getEntriesByName('rw-visible').length > 0, undefined, {
        timeout: 30_000,
      });
      visible.push(
        await page.evaluate(
          () =>
            performance.getEntriesByName('rw-visible')[0]!.startTime -
            performance.getEntriesByName('rw-tag')[0]!.startTime,
        ),
      );
      await page.waitForTimeout(2000);
      shifts.push((await page.evaluate(LAYOUT_SHIFT)) as number);
      await close();
    }
    console.log(
      `portal: widget visible ${visible.map(Math.round).join(', ')} ms; layout shift ${shifts.map((s) => s.toFixed(3)).join(', ')}`,
    );
    figures['portal.widget_visible_mobile_ms'] = { value: percentile(visible, 50), unit: 'ms' };
    figures['portal.cls'] = { value: Math.max(...shifts), unit: '' };

    const lcps: number[] = [];
    let pageJs = 0;
    for (let i = 0; i < 5; i++) {
      const { page, close } = await throttledPhone(browser);
      const scripts = new Map<string, number>();
      const reads: Promise<void>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script' || scripts.has(response.url())) return;
        scripts.set(response.url(), 0);
        reads.push(response.body().then((body) => void scripts.set(response.url(), gzipSync(body).length)));
      });
      await page.goto(`${baseUrl}/portal/demo`, { waitUntil: 'load' });
      await page.waitForTimeout(2000);
      await Promise.all(reads);
      pageJs = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;
      lcps.push(
        (await page.evaluate(
          `new Promise((resolve) => new PerformanceObserver((list) => { const e = list.getEntries(); resolve(e[e.length - 1].startTime); }).observe({ type: 'largest-contentful-paint', buffered: true }))`,
        )) as number,
      );
      await close();
    }
    figures['portal.page_js_gzip_kb'] = { value: pageJs, unit: 'KB' };
    figures['portal.page_lcp_mobile_ms'] = { value: percentile(lcps, 50), unit: 'ms' };
  } finally {
    await browser.close();
    host.close();
  }
  return figures;
}

/** A new phone context (cold cache) with the CPU and network of the throttled profile. */
async function throttledPhone(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
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
  return { page, close: () => context.close() };
}

/** Layout shift as CLS counts it: shifts not caused by the user's input, buffered from the start. */
const LAYOUT_SHIFT = `new Promise((resolve) => {
  let total = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) total += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  setTimeout(() => resolve(total), 100);
})`;

// `npx tsx scripts/bench/portal.ts`: these figures alone, on a fresh demo runtime.
if (process.argv[1]?.endsWith('portal.ts')) {
  const { mkdtemp, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { round, saveFigures, startRoundwise } = await import('./lib.ts');
  const dir = await mkdtemp(join(tmpdir(), 'roundwise-portal-'));
  const runtime = await startRoundwise(dir);
  try {
    const figures = await portalFigures(runtime.url);
    for (const [name, f] of Object.entries(figures)) {
      f.value = round(f.value);
      console.log(`${name.padEnd(36)} ${f.value} ${f.unit}`);
    }
    await saveFigures(figures);
  } finally {
    await runtime.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
