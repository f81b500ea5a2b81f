import { readdirSync, readFileSync } from 'node:fs';
import { type BrowserContext, chromium, type Page, type TestInfo } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.ts';
import { installClock } from './clock.ts';
import type { OfflineProxy } from './offline-proxy.ts';

/**
 * A browser with a profile on disk (`launchPersistentContext`), behind the test's offline proxy:
 * closing it and opening it again is a person closing the browser and coming back, with the
 * service worker, IndexedDB and cookies the profile kept. Each open is a new Chromium process.
 */
export async function openProfile(
  dir: string,
  proxy: OfflineProxy,
  info: TestInfo,
  { offline = false } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const use = info.project.use;
  const context = await chromium.launchPersistentContext(dir, {
    ...chromiumLaunchOptions,
    baseURL: use.baseURL,
    viewport: use.viewport,
    userAgent: use.userAgent,
    deviceScaleFactor: use.deviceScaleFactor,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    proxy: { server: proxy.url },
    // Offline from the first request, as a phone opened in a dead spot.
    offline,
  });
  // The run's fixed clock, as on every context the tests make (clock.ts).
  await installClock(context);
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

/**
 * Kills the profile's browser at once (SIGKILL, as a phone does a page it reclaims, or a crash):
 * nothing it had not written by then is written. The browser is Chromium's main process, the one
 * started with this profile and no `--type` (its renderers and helpers have one).
 */
export function killBrowser(dir: string): void {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let args: string[];
    try {
      args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue; // gone meanwhile
    }
    if (args.includes(`--user-data-dir=${dir}`) && !args.some((a) => a.startsWith('--type='))) {
      process.kill(Number(pid), 'SIGKILL');
      return;
    }
  }
  throw new Error(`no browser runs with the profile ${dir}`);
}
