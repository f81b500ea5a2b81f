import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../../web/e2e/chromium.ts';
import { percentile } from './lib.ts';

/** The app's own marks (web/src/lib/sync/persistence.ts, web/src/routes/_app.tsx). */
const RESTORE_MEASURE = 'roundwise:cache-restore';
const READ_MEASURE = 'roundwise:cache-read';
const SHELL_READY_MARK = 'roundwise:shell-ready';

export interface OfflineWebFigures {
  /** Median over the reloads: reading the persisted cache from IndexedDB and hydrating it. */
  cacheRestoreMs: number;
  /** Median over the reloads: the IndexedDB read alone (the part of the restore before hydrating). */
  cacheReadMs: number;
  /** Median over the reloads: navigation start to the signed-in shell rendered with its data. */
  shellReadyMs: number;
  /** Entities the restored cache held (the town data set: about 40,000). */
  entities: number;
  /** Each reload's figures, in order. */
  runs: { restoreMs: number; shellReadyMs: number }[];
}

/**
 * `web.cache_restore_town_ms` and `web.shell_ready_town_ms`: a signed-in device holding the whole
 * town data set, installed (the service worker controls the page, so the shell comes from its
 * cache), is reloaded `runs` times. Each reload reads the app's own performance entries: the
 * restore's measure (IndexedDB read plus hydrate, until every entity is in the query cache) and
 * the mark the app layout sets when the shell first commits with the restored data.
 */
export async function offlineWebFigures(
  baseUrl: string,
  login: { email: string; password: string },
  runs = 7,
): Promise<OfflineWebFigures> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const res = await page.request.post('/api/auth/login', { data: login });
    if (res.status() !== 200) throw new Error(`login ${res.status()}`);
    await page.goto('/about');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
    // The first full load of the town data set, then its save to IndexedDB (throttled to 1 s).
    await page
      .getByTestId('sync-status')
      .and(page.locator('[data-state="synced"]'))
      .waitFor({ timeout: 120_000 });
    const entities = await waitForPersisted(page);

    // BENCH_WEB_CPU_THROTTLE=<n>: Chromium runs the page's CPU work n times slower (a phone, a busy machine).
    const throttle = Number(process.env.BENCH_WEB_CPU_THROTTLE ?? 1);
    if (throttle > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    }
    const restore: number[] = [];
    const shell: number[] = [];
    const read: number[] = [];
    for (let i = 0; i < runs; i++) {
      // BENCH_WEB_TRACE=<file>: a Chromium performance trace of the last reload, for a look at what runs.
      const trace = process.env.BENCH_WEB_TRACE && i === runs - 1 ? process.env.BENCH_WEB_TRACE : undefined;
      if (trace) await browser.startTracing(page, { path: trace, screenshots: false });
      await page.reload();
      const entry = await page.waitForFunction(
        ([measure, read, mark]) => {
          const m = performance.getEntriesByName(measure)[0];
          const r = performance.getEntriesByName(read)[0];
          const s = performance.getEntriesByName(mark)[0];
          return m && s ? { restore: m.duration, read: r?.duration ?? 0, shell: s.startTime } : undefined;
        },
        [RESTORE_MEASURE, READ_MEASURE, SHELL_READY_MARK] as const,
        { timeout: 60_000 },
      );
      const {
        restore: r,
        read: d,
        shell: s,
      } = (await entry.jsonValue()) as {
        restore: number;
        read: number;
        shell: number;
      };
      if (trace) await browser.stopTracing();
      restore.push(r);
      read.push(d);
      shell.push(s);
      if (process.env.BENCH_WEB_TIMELINE && i === runs - 1) console.log(await timeline(page));
    }
    return {
      cacheRestoreMs: percentile(restore, 50),
      cacheReadMs: percentile(read, 50),
      shellReadyMs: percentile(shell, 50),
      entities,
      runs: restore.map((r, i) => ({ restoreMs: r, shellReadyMs: shell[i]! })),
    };
  } finally {
    await browser.close();
  }
}

/**
 * What happened between navigation start and the shell's mark (BENCH_WEB_TIMELINE=1): the page
 * and its scripts (from the service worker), the API calls, the app's own marks and measures.
 */
async function timeline(page: Page): Promise<string> {
  return page.evaluate(() => {
    const rows: [number, string][] = [];
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    rows.push([nav.workerStart, 'service worker start'], [nav.responseEnd, 'document response end']);
    rows.push(
      [nav.domInteractive, 'dom interactive'],
      [nav.domContentLoadedEventEnd, 'DOMContentLoaded end'],
    );
    for (const r of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      const name = r.name.replace(location.origin, '');
      if (/\.(js|css)$|\/api\//.test(name))
        rows.push([
          r.responseEnd,
          `${name} (${(r.responseEnd - r.startTime).toFixed(0)} ms from ${r.startTime.toFixed(0)})`,
        ]);
    }
    for (const m of performance.getEntriesByType('mark')) rows.push([m.startTime, `mark ${m.name}`]);
    for (const m of performance.getEntriesByType('measure'))
      rows.push([
        m.startTime + m.duration,
        `measure ${m.name} (${m.duration.toFixed(0)} ms from ${m.startTime.toFixed(0)})`,
      ]);
    for (const p of performance.getEntriesByType('paint')) rows.push([p.startTime, p.name]);
    for (const t of performance.getEntriesByType('longtask'))
      rows.push([t.startTime, `long task ${t.duration.toFixed(0)} ms`]);
    return rows
      .sort((a, b) => a[0] - b[0])
      .map(([t, what]) => `${t.toFixed(0).padStart(6)}  ${what}`)
      .join('\n');
  });
}

/** Waits until IndexedDB holds every synced entity the page shows, and returns how many. */
async function waitForPersisted(page: Page): Promise<number> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const entities = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('roundwise');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      try {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const req = db.transaction('query-cache').objectStore('query-cache').getAll();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
        // An entity set's data is JSON text in `entities` (persister format 2), or `state.data`.
        type Stored = { queryKey?: unknown[]; state?: { data?: unknown }; entities?: string };
        const values = all as Stored[];
        // The sync state is saved with the last page of the full load, in the same transaction.
        const loaded = values.some(
          (v) => v.queryKey?.[0] === 'sync' && (v.state?.data as { loaded?: boolean } | undefined)?.loaded,
        );
        let entities = 0;
        for (const v of loaded ? values : []) {
          if (v.queryKey?.[0] !== 'entities') continue;
          if (typeof v.entities === 'string') {
            entities += (JSON.parse(v.entities) as { rows: unknown[] }).rows.length;
            continue;
          }
          const data = v.state?.data as { byId?: object } | undefined;
          entities += Object.keys(data?.byId ?? {}).length;
        }
        return loaded ? entities : 0;
      } finally {
        db.close();
      }
    });
    if (entities > 0) return entities;
    if (Date.now() > deadline) throw new Error('the town data set was not saved to IndexedDB in 2 minutes');
    await page.waitForTimeout(1000);
  }
}
