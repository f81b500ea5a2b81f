import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';

/**
 * The accessibility bar (docs/ui-components.md, "Accessibility"): axe-core's WCAG 2.0, 2.1 and
 * 2.2 A and AA rules on every screen the browser tests open; a serious or critical violation
 * fails the test. `watchA11y` checks each page state a test leaves: before every `page.goto`,
 * `page.reload` or `page.close` (the screen it is leaving), and when the context closes (the screen the test
 * ended on). Each screen is checked once per worker and project (viewport), not once per test: a
 * run of axe takes seconds on a busy machine and most tests pass the same few screens
 * (docs/testing.md). A screen is its path with the ids in it replaced (`/customers/:id/jobs`).
 */
export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FAILING = new Set(['serious', 'critical']);

/** Runs axe on the page as it is now; throws with each serious or critical violation listed. */
export async function expectAccessible(page: Page, what = page.url()): Promise<void> {
  // Legacy mode runs in the page itself: the default opens a blank page in the context, which a
  // page made by `browser.newPage()` refuses.
  const { violations } = await new AxeBuilder({ page }).withTags(A11Y_TAGS).setLegacyMode(true).analyze();
  const bad = violations.filter((v) => FAILING.has(v.impact ?? ''));
  if (bad.length === 0) return;
  const lines = bad.flatMap((v) => [
    `${v.impact} ${v.id}: ${v.help} (${v.helpUrl})`,
    ...v.nodes
      .slice(0, 5)
      .map(
        (n) => `    ${n.target.join(' ')} ${n.html.slice(0, 160)}: ${n.failureSummary?.replace(/\s+/g, ' ')}`,
      ),
  ]);
  throw new Error(`Accessibility violations on ${what}:\n${lines.join('\n')}`);
}

/** An app screen worth checking: an HTML page of the app itself, not the API or a blank page. */
async function isAppScreen(page: Page): Promise<boolean> {
  if (page.isClosed()) return false;
  const url = new URL(page.url());
  if (!url.protocol.startsWith('http') || url.pathname.startsWith('/api/')) return false;
  return page
    .evaluate(() => document.contentType === 'text/html' && !!document.body?.childElementCount)
    .catch(() => false);
}

/** The screen a path shows: segments that carry a digit and are id-long (ids, tokens, days) as `:id`. */
export const screenOf = (pathname: string) =>
  pathname
    .split('/')
    .map((segment) => (/^(?=.*\d)[\w-]{8,}$/.test(segment) ? ':id' : segment))
    .join('/');

type Watch = { enabled: boolean; scope: string };
const watches = new WeakMap<BrowserContext, Watch>();
/** The screens this worker has checked, by scope (project) and screen. A new worker (a retry) starts empty. */
const checked = new Set<string>();

async function checkOnce(page: Page, watch: Watch): Promise<void> {
  if (!watch.enabled || !(await isAppScreen(page))) return;
  const key = `${watch.scope} ${screenOf(new URL(page.url()).pathname)}`;
  if (checked.has(key)) return;
  checked.add(key);
  await expectAccessible(page);
}

function watchPage(page: Page, watch: Watch): void {
  for (const method of ['goto', 'reload', 'close'] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      await checkOnce(page, watch);
      return original(...args);
    };
  }
}

/**
 * Checks every page of `context` as described above; `scope` is the test's project (a screen is
 * checked on each viewport). `stopA11y` turns it off (a failed test).
 */
export function watchA11y(context: BrowserContext, scope: string): void {
  if (watches.has(context)) return;
  const watch: Watch = { enabled: true, scope };
  watches.set(context, watch);
  for (const page of context.pages()) watchPage(page, watch);
  context.on('page', (page) => watchPage(page, watch));
  const close = context.close.bind(context);
  context.close = async (...args) => {
    await checkContext(context);
    return close(...args);
  };
}

/** Checks the screen each open page of `context` shows now (each screen once, as above). */
export async function checkContext(context: BrowserContext): Promise<void> {
  const watch = watches.get(context);
  if (!watch) return;
  for (const page of context.pages()) await checkOnce(page, watch);
  watch.enabled = false;
}

export function stopA11y(context: BrowserContext): void {
  const watch = watches.get(context);
  if (watch) watch.enabled = false;
}
