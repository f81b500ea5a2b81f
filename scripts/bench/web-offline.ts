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

    const restore: number[] = [];
    const shell: number[] = [];
    const read: number[] = [];
    for (let i = 0; i < runs; i++) {
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
      restore.push(r);
      read.push(d);
      shell.push(s);
    }
    return {
      cacheRestoreMs: percentile(restore, 50),
      cacheReadMs: percentile(read, 50),
      shellReadyMs: percentile(shell, 50),
      entities,
    };
  } finally {
    await browser.close();
  }
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
        type Stored = { queryKey?: unknown[]; state?: { data?: unknown } };
        const values = all as Stored[];
        // The sync state is saved with the last page of the full load, in the same transaction.
        const loaded = values.some(
          (v) => v.queryKey?.[0] === 'sync' && (v.state?.data as { loaded?: boolean } | undefined)?.loaded,
        );
        let entities = 0;
        for (const v of loaded ? values : []) {
          if (v.queryKey?.[0] !== 'entities') continue;
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
