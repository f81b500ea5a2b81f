import { type BrowserContext, test as base } from '@playwright/test';
import { testClock } from '../../scripts/local/test-clock.ts';
import { checkContext, stopA11y, watchA11y } from './a11y.ts';

/**
 * One clock for the whole browser run (docs/local-runtime.md, "A fixed clock for the browser
 * tests"): it reads E2E_NOW at the real moment E2E_NOW_SINCE, both set once by
 * playwright.config.ts and passed to the runtime, so the server and every page live the same day
 * whatever day the tests run on. Set E2E_NOW to run the suite on another day.
 */
export const e2eNow = testClock(process.env.E2E_NOW as string, Number(process.env.E2E_NOW_SINCE));

/**
 * Gives a browser context the run's clock and the accessibility check (a11y.ts: each screen its
 * pages leave or show when it closes); call it on every context a test makes itself.
 */
export async function installClock(context: BrowserContext): Promise<void> {
  await context.clock.install({ time: e2eNow() });
  watchA11y(context, base.info().project.name);
}

/**
 * Playwright's `test` whose `context` (and so `page`) has the run's clock, and whose last screen
 * is checked for accessibility when the test passes.
 */
export const test = base.extend({
  context: async ({ context }, use, testInfo) => {
    await installClock(context);
    await use(context);
    if (testInfo.status === testInfo.expectedStatus) await checkContext(context);
    else stopA11y(context);
  },
});
export { expect } from '@playwright/test';
