import type { Page } from '@playwright/test';

/** Clicks, then waits for the app's mark made after the click, then a frame and the task after it. */
const TIMED_CLICK = `async ([selector, mark]) => {
  performance.clearMarks(mark);
  const t0 = performance.now();
  document.querySelector(selector).click();
  await new Promise((resolve, reject) => {
    const poll = () => {
      if (performance.getEntriesByName(mark).length) resolve();
      else if (performance.now() - t0 > 30000) reject(new Error('no ' + mark + ' mark within 30 s'));
      else requestAnimationFrame(poll);
    };
    poll();
  });
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return performance.now() - t0;
}`;

/** The milliseconds from clicking `selector` in the page to the app's `mark` painted. */
export async function timedClick(page: Page, selector: string, mark: string): Promise<number> {
  return (await page.evaluate(`(${TIMED_CLICK})(${JSON.stringify([selector, mark])})`)) as number;
}

/**
 * Follows the page's requests from now on; the function returned waits until none has been in
 * flight for `quietMs` (or `maxMs` passed): the network gone quiet after a navigation or a click.
 */
export function networkQuiet(page: Page) {
  let inFlight = 0;
  let lastActivity = Date.now();
  const settle = () => {
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('request', () => {
    inFlight += 1;
    lastActivity = Date.now();
  });
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  return async (quietMs = 1000, maxMs = 20_000) => {
    const until = Date.now() + maxMs;
    while (Date.now() < until && (inFlight > 0 || Date.now() - lastActivity < quietMs)) {
      await page.waitForTimeout(100);
    }
  };
}

/**
 * Clicks `click` and times each selector of `until` to its first match, then a frame and the task
 * after it (painted): the milliseconds from the click for each, in order.
 */
const TIMED_OPEN = `async ([click, until]) => {
  const t0 = performance.now();
  const times = [];
  const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  document.querySelector(click).click();
  for (const selector of until) {
    await new Promise((resolve, reject) => {
      const check = () => {
        if (document.querySelector(selector)) { observer.disconnect(); resolve(); }
        else if (performance.now() - t0 > 30000) { observer.disconnect(); reject(new Error('not painted: ' + selector)); }
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
      check();
    });
    await painted();
    times.push(performance.now() - t0);
  }
  return times;
}`;

export const timedOpen = (page: Page, click: string, until: string[]) =>
  page.evaluate(`(${TIMED_OPEN})(${JSON.stringify([click, until])})`) as Promise<number[]>;
