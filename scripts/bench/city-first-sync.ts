import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../web/e2e/chromium.ts';
import { Caller, type Figures, fullSync, percentile, round, saveFigures, startRoundwise } from './lib.ts';
import { cityFolder } from './town.ts';

/**
 * A new device signing in to the city business (20,000 customers, about 400,000
 * entities), with the server's sync snapshot in place (as it is for every device but the very
 * first of an account).
 * - `sync.city_first_owner_ms`: the owner opens `/customers` (state filter All) on a fresh browser
 *   profile; from navigation start until the list first shows all 20,000 customers.
 * - `sync.city_first_worker_ms`: the worker opens `/mywork`; until the list first shows all of
 *   the day's visits (the count it has once the whole sync is over).
 * Both read the page's own clock (`performance.now()`, from navigation start) at the moment the
 * count changed, recorded by a MutationObserver installed before the app loads. Beside them: when
 * the sync finished (status synced) and the longest main-thread task meanwhile (long tasks API),
 * which says whether the transfer and the IndexedDB writes blocked the page.
 *   npx tsx scripts/bench/city-first-sync.ts   (BENCH_CITY_DIR keeps the seeded folder)
 */

/** Records `[time, count]` whenever the count changes, and long tasks, from document start. */
const RECORDER = `(() => {
  const w = window;
  w.__bench = { counts: [], longest: 0, syncedAt: undefined };
  const count = () => {
    const list = document.querySelector('[data-testid=customer-list]');
    if (list) return Number(list.getAttribute('data-count'));
    const visits = document.querySelector('ul[aria-label="Visits"]');
    return visits ? visits.children.length : -1;
  };
  const check = () => {
    const n = count();
    const last = w.__bench.counts.at(-1);
    if (!last || last[1] !== n) w.__bench.counts.push([performance.now(), n]);
    if (w.__bench.syncedAt === undefined && document.querySelector('[data-testid=sync-status][data-state=synced]'))
      w.__bench.syncedAt = performance.now();
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__bench.longest = Math.max(w.__bench.longest, e.duration);
  }).observe({ type: 'longtask', buffered: true });
  const start = () => new MutationObserver(check).observe(document.documentElement, { subtree: true, childList: true, attributes: true });
  if (document.documentElement) start(); else document.addEventListener('DOMContentLoaded', start);
})()`;

/**
 * BENCH_PROFILE=1: the page's CPU profile of each run, its top functions by self time printed (and
 * the profile written to BENCH_PROFILE_FILE, for Chromium's DevTools, when set).
 */
const PROFILE = process.env.BENCH_PROFILE === '1';

interface Run {
  /** When the list first showed its final count (ms from navigation start). */
  readyMs: number;
  finalCount: number;
  syncedMs: number;
  longestTaskMs: number;
}

export async function openAndWait(
  browser: Browser,
  url: string,
  login: { email: string; password: string },
  path: string,
  prepare?: (page: import('@playwright/test').Page) => Promise<void>,
): Promise<Run> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const res = await page.request.post('/api/auth/login', { data: login });
    if (res.status() !== 200) throw new Error(`login ${res.status()}`);
    await page.addInitScript(RECORDER);
    const cdp = PROFILE ? await context.newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
      await cdp.send('Profiler.start');
    }
    await page.goto(path);
    await prepare?.(page);
    await page
      .locator('[data-testid=sync-status][data-state=synced]')
      .waitFor({ timeout: 900_000, state: 'attached' });
    await page.waitForTimeout(500); // the last page applied and rendered
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      printProfile(profile as CpuProfile);
      if (process.env.BENCH_PROFILE_FILE)
        await writeFile(process.env.BENCH_PROFILE_FILE, JSON.stringify(profile));
    }
    const bench = (await page.evaluate('window.__bench')) as {
      counts: [number, number][];
      longest: number;
      syncedAt: number;
    };
    const finalCount = bench.counts.at(-1)?.[1] ?? -1;
    // The first moment the list showed what it shows at the end (and kept showing it).
    let readyAt = bench.counts.at(-1)?.[0] ?? Number.NaN;
    for (let i = bench.counts.length - 1; i >= 0 && bench.counts[i]![1] === finalCount; i--)
      readyAt = bench.counts[i]![0];
    return { readyMs: readyAt, finalCount, syncedMs: bench.syncedAt, longestTaskMs: bench.longest };
  } finally {
    await context.close();
  }
}

export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  samples: number[];
  timeDeltas: number[];
}

/** The 25 functions the page spent most time in (self time), from a CDP CPU profile (minified names). */
export function printProfile(profile: CpuProfile) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const where = (f: CpuProfile['nodes'][number]['callFrame']) =>
    `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`;
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const f = byNode.get(id)?.callFrame;
    const name = f ? where(f) : '?';
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`  ${String(Math.round(ms)).padStart(7)} ms  ${name}`);
}

/** A full load through the API (from the feed, it asks for a snapshot), then waits for the snapshot. */
export async function ensureSnapshot(url: string, login: { email: string; password: string }) {
  const caller = new Caller(url);
  await caller.login(login.email, login.password);
  if ((await caller.request('GET', '/api/sync?cursor=')).json.pages) return;
  await fullSync(caller);
  for (let attempt = 0; attempt < 600; attempt++) {
    if ((await caller.request('GET', '/api/sync?cursor=')).json.pages) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('no sync snapshot was built');
}

export async function cityFirstSyncFigures(runs = 3): Promise<Figures> {
  const city = await cityFolder();
  const work = await mkdtemp(join(tmpdir(), 'roundwise-city-sync-'));
  const figures: Figures = {};
  const put = (name: string, value: number, unit: string) => {
    figures[name] = { value: round(value), unit };
    console.log(`${name.padEnd(40)} ${round(value)} ${unit}`);
  };
  try {
    await cp(city.dir, work, { recursive: true });
    const runtime = await startRoundwise(work);
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const t = performance.now();
      await ensureSnapshot(runtime.url, city.owner);
      console.log(`snapshot ready in ${Math.round(performance.now() - t)} ms`);
      const roles = [
        {
          name: 'owner',
          login: city.owner,
          path: '/customers',
          prepare: async (page: import('@playwright/test').Page) => {
            await page.getByLabel('Filter by state').selectOption('all', { timeout: 600_000 });
          },
        },
        { name: 'worker', login: city.worker, path: '/mywork' },
      ];
      for (const role of roles) {
        const results: Run[] = [];
        for (let i = 0; i < runs; i++) {
          const r = await openAndWait(browser, runtime.url, role.login, role.path, role.prepare);
          console.log(
            `${role.name} run ${i}: ${r.finalCount} listed at ${Math.round(r.readyMs)} ms, synced at ${Math.round(r.syncedMs)} ms, longest task ${Math.round(r.longestTaskMs)} ms`,
          );
          results.push(r);
        }
        put(
          `sync.city_first_${role.name}_ms`,
          percentile(
            results.map((r) => r.readyMs),
            50,
          ),
          'ms',
        );
        put(
          `sync.city_first_${role.name}_synced_ms`,
          percentile(
            results.map((r) => r.syncedMs),
            50,
          ),
          'ms',
        );
        put(
          `sync.city_first_${role.name}_longest_task_ms`,
          percentile(
            results.map((r) => r.longestTaskMs),
            50,
          ),
          'ms',
        );
      }
    } finally {
      await browser.close();
      await runtime.stop();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  await saveFigures(await cityFirstSyncFigures(Number(process.env.BENCH_RUNS ?? 3)));
}
