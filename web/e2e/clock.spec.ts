import { expect, test } from './clock';
import { demoEmail, signInAs } from './session';

/**
 * The run's clock (e2e/clock.ts): the browser and the server live E2E_NOW's day, whatever day the
 * tests run on, so no test depends on the date it runs.
 */
test('the browser and the server share the run’s fixed clock', async ({ page }) => {
  const now = Date.parse(process.env.E2E_NOW as string);
  await signInAs(page, demoEmail('owner'));
  await page.goto('/about');
  const browserNow = await page.evaluate(() => Date.now());
  expect(browserNow).toBeGreaterThanOrEqual(now);
  const res = await page.request.post('/api/commands/customers.create', {
    data: { commandId: `e2e-clock-${test.info().project.name}-${Date.now()}`, input: { name: 'Clocked' } },
  });
  expect(res.status()).toBe(200);
  const serverNow = Date.parse((await res.json()).result.createdDate);
  // Both started from E2E_NOW at the same real moment: they differ by the time between the reads.
  expect(Math.abs(serverNow - browserNow)).toBeLessThan(60_000);
  expect(serverNow).toBeGreaterThanOrEqual(now);
});
