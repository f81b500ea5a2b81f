import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';

/**
 * The accessibility bar (docs/ui-components.md, "Accessibility"): axe-core's WCAG 2.0, 2.1 and
 * 2.2 A and AA rules on every screen the browser tests open; a serious or critical violation
 * fails the test. `watchA11y` checks each page state a test leaves: before every `page.goto`,
 * `page.reload` or `page.close` (the screen it is leaving), and when the context closes (the screen the test
 * ended on). Each screen (path) is checked once per test, which keeps the cost to a few hundred
 * milliseconds a test.
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

type Watch = { enabled: boolean; checked: Set<string> };
const watches = new WeakMap<BrowserContext, Watch>();

async function checkOnce(page: Page, watch: Watch): Promise<void> {
  if (!watch.enabled || !(await isAppScreen(page))) return;
  const key = new URL(page.url()).pathname;
  if (watch.checked.has(key)) return;
  watch.checked.add(key);
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

/** Checks every page of `context` as described above; `stopA11y` turns it off (a failed test). */
export function watchA11y(context: BrowserContext): void {
  if (watches.has(context)) return;
  const watch: Watch = { enabled: true, checked: new Set() };
  watches.set(context, watch);
  for (const page of context.pages()) watchPage(page, watch);
  context.on('page', (page) => watchPage(page, watch));
  const close = context.close.bind(context);
  context.close = async (...args) => {
    await checkContext(context);
    return close(...args);
  };
}

/** Checks the screen each open page of `context` shows now (once per path). */
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
