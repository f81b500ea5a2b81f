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
