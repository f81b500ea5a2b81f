import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../web/e2e/chromium.ts';
import { percentile, saveFigures, startRoundwise } from './lib.ts';
import { seedTownDataDir } from './town.ts';

/**
 * A new device signing in to a town-sized business (40,237 entities): from opening the app with
 * a fresh session to the shell on screen (`web.first_sync_shell_ms`) and to every entity synced
 * into the browser's cache (`web.first_sync_town_ms`, sync status "synced"). Three fresh browser
 * profiles, medians. The town folder is seeded once under BENCH_TOWN_DIR (default a temp folder).
 *   npx tsx scripts/bench/web-first-sync.ts
 */
const seedDir = process.env.BENCH_TOWN_DIR ?? join(tmpdir(), 'roundwise-bench-town');
if (!existsSync(join(seedDir, 'town.json'))) {
  const town = await seedTownDataDir(seedDir);
  await writeFile(join(seedDir, 'town.json'), JSON.stringify({ email: town.email, password: town.password }));
}
const login = JSON.parse(await readFile(join(seedDir, 'town.json'), 'utf8')) as {
  email: string;
  password: string;
};
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
