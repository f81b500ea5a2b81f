import { chromium, devices } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const which = process.argv[2] ?? 'all';
for (const [name, opts] of [['desktop', { viewport: { width: 1280, height: 900 } }], ['phone', devices['Pixel 7']]]) {
  const ctx = await b.newContext(opts);
  const p = await ctx.newPage();
  p.on('console', (m) => console.log(name, 'console', m.type(), m.text(), m.location().url));
  p.on('pageerror', (e) => console.log(name, 'pageerror', e.message));
  for (const [label, url] of [['host', 'http://127.0.0.1:4413/host.html'], ['page', 'http://localhost:4411/portal/demo']]) {
    if (which !== 'all' && which !== label) continue;
    await p.goto(url);
    await p.waitForTimeout(2000);
    await p.screenshot({ path: `/tmp/rwshots/${label}-${name}.png`, fullPage: true });
    if (label === 'host') console.log('seen', await p.evaluate(() => window.seen));
  }
  await ctx.close();
}
await b.close();
