import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './web/e2e/chromium.ts';
import { ensureSnapshot, openAndWait } from './scripts/bench/city-first-sync.ts';
const url = 'http://localhost:3215';
const owner = { email: 'owner@city.roundwise.local', password: 'city-password' };
const worker = { email: 'worker@city.roundwise.local', password: 'city-password' };
const t = Date.now();
await ensureSnapshot(url, owner);
console.log('snapshot', Date.now() - t);
const browser = await chromium.launch(chromiumLaunchOptions);
const who = process.env.WHO ?? 'owner';
for (let i = 0; i < Number(process.env.RUNS ?? 1); i++) {
  const r = who === 'owner'
    ? await openAndWait(browser, url, owner, '/customers', async (page) => { await page.getByLabel('Filter by state').selectOption('all', { timeout: 600_000 }); })
    : await openAndWait(browser, url, worker, '/mywork');
  console.log(who, JSON.stringify(r));
}
await browser.close();
