import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../web/e2e/chromium.ts';
import { percentile, saveFigures, startRoundwise } from './lib.ts';
import { townFolder } from './town.ts';

/**
 * A new device signing in to a town-sized business (40,237 entities): from opening the app with
 * a fresh session to the shell on screen (`web.first_sync_shell_ms`) and to every entity synced
 * into the browser's cache (`web.first_sync_town_ms`, sync status "synced"). Three fresh browser
 * profiles, medians. The town folder is seeded once under BENCH_TOWN_DIR (default a temp folder).
 *   npx tsx scripts/bench/web-first-sync.ts
 */
const { dir: seedDir, login } = await townFolder();
const work = await mkdtemp(join(tmpdir(), 'roundwise-first-sync-'));
await cp(seedDir, work, { recursive: true });
const runtime = await startRoundwise(work);
const browser = await chromium.launch(chromiumLaunchOptions);
const synced: number[] = [];
const shell: number[] = [];
try {
  for (let run = 0; run < 3; run++) {
    const context = await browser.newContext({
      baseURL: runtime.url,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    const res = await page.request.post('/api/auth/login', { data: login });
    if (res.status() !== 200) throw new Error(`login ${res.status()}`);
    const t0 = Date.now();
    await page.goto('/about');
    await page
      .getByTestId('sync-status')
      .and(page.locator('[data-state="synced"]'))
      .waitFor({ timeout: 600_000 });
    synced.push(Date.now() - t0);
    const mark = await page.evaluate(
      () => performance.getEntriesByName('roundwise:shell-ready')[0]?.startTime,
    );
    shell.push(mark ?? Number.NaN);
    console.log(`run ${run}: shell ${Math.round(mark ?? -1)} ms, synced ${synced.at(-1)} ms`);
    await context.close();
  }
  await saveFigures({
    'web.first_sync_town_ms': { value: percentile(synced, 50), unit: 'ms' },
    'web.first_sync_shell_ms': { value: Math.round(percentile(shell, 50)), unit: 'ms' },
  });
} finally {
  await browser.close();
  await runtime.stop();
  await rm(work, { recursive: true, force: true });
}
