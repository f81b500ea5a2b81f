import { cp, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../web/e2e/chromium.ts';
import { startRoundwise } from './lib.ts';
const town = JSON.parse(await readFile('/work/bench-town/town.json', 'utf8'));
const dir = await mkdtemp(join(tmpdir(), 'zz-first-'));
await cp('/work/bench-town', dir, { recursive: true });
const runtime = await startRoundwise(dir);
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (let run = 0; run < 2; run++) {
    const context = await browser.newContext({ baseURL: runtime.url, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const res = await page.request.post('/api/auth/login', { data: town });
    if (res.status() !== 200) throw new Error(`login ${res.status()}`);
    const t0 = Date.now();
    await page.goto('/about');
    await page.getByTestId('sync-status').and(page.locator('[data-state="synced"]')).waitFor({ timeout: 600_000 });
    const synced = Date.now() - t0;
    const shown = await page.evaluate(() => performance.getEntriesByName('roundwise:shell-ready')[0]?.startTime);
    console.log(`run ${run}: first full sync of the town set ${synced} ms (shell ready at ${Math.round(shown ?? -1)} ms)`);
    await context.close();
  }
} finally {
  await browser.close();
  await runtime.stop();
}
