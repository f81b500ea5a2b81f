import type { BrowserContext, Route } from '@playwright/test';

/**
 * No signal, for the page AND its service worker. Chromium's offline emulation covers the page,
 * but a request the service worker passes through to the network (every `/api` call once the
 * worker controls the page) is not covered by it; so every request of the context is also aborted
 * as a lost connection would. `goOnline` undoes both. Requests the browser makes for the worker
 * itself (its update check, `GET /sw.js`) still go out: the offline stories use `offline-proxy.ts`,
 * which cuts everything.
 */
const abort = (route: Route) => route.abort('internetdisconnected');

export async function goOffline(context: BrowserContext) {
  await context.route('**/*', abort);
  await context.setOffline(true);
}

export async function goOnline(context: BrowserContext) {
  await context.unroute('**/*', abort);
  await context.setOffline(false);
}
