import { type BrowserContext, test as base } from '@playwright/test';
import { testClock } from '../../scripts/local/test-clock.ts';

/**
 * One clock for the whole browser run (docs/local-runtime.md, "A fixed clock for the browser
 * tests"): it reads E2E_NOW at the real moment E2E_NOW_SINCE, both set once by
 * playwright.config.ts and passed to the runtime, so the server and every page live the same day
 * whatever day the tests run on. Set E2E_NOW to run the suite on another day.
 */
export const e2eNow = testClock(process.env.E2E_NOW as string, Number(process.env.E2E_NOW_SINCE));

/** Gives a browser context the run's clock; call it on every context a test makes itself. */
export async function installClock(context: BrowserContext): Promise<void> {
  await context.clock.install({ time: e2eNow() });
}

/** Playwright's `test` whose `context` (and so `page`) has the run's clock. */
export const test = base.extend({
  context: async ({ context }, use) => {
    await installClock(context);
    await use(context);
  },
});
export { expect } from '@playwright/test';
