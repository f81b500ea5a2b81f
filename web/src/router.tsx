import { isAppError, statusOf } from '@roundwise/core';
import { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { RouteError } from './components/route-error.tsx';
import { screensOf } from './features/shell/screens.ts';
import { answered } from './lib/errors.ts';
import { loadMe } from './lib/me.ts';
import { configureOfflineClient } from './lib/sync/offline-client.ts';
import { restoreOfflineCache } from './lib/sync/persistence.ts';
import { routeTree } from './routeTree.gen.ts';

// Offline data (entities, commands, sync) lives in this client too: lib/sync sets it up.
export const queryClient = configureOfflineClient(
  new QueryClient({
    defaultOptions: {
      queries: {
        // A refusal will not change on retry; a lost signal might.
        retry: (count, error) =>
          !(isAppError(error) && answered(error) && statusOf(error) < 500) && count < 2,
      },
    },
  }),
);

/** Started at once (in parallel with loading the screens); the app layout waits for it. */
const offlineCache = restoreOfflineCache(queryClient);

export const router = createRouter({
  routeTree,
  context: { queryClient, offlineCache, screensThatExist: screensOf(routeTree) },
  defaultErrorComponent: RouteError,
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

// The first screen's code (the layout's and the screen's lazy chunks) and, for a signed-in
// screen, `me` from the API are asked for while the cache restores: the router would ask only
// once it runs the layout's beforeLoad, after the app's first render (measured: the request then
// started after the restore instead of beside it). beforeLoad's `loadMe` joins this request.
const firstRoutes = router.getMatchedRoutes(router.latestLocation.pathname)[0];
for (const route of firstRoutes) {
  router.loadRouteChunk(route)?.catch(() => {}); // a failure shows when the router loads it again
}
if (firstRoutes.some((route) => route.id === '/_app')) loadMe(queryClient, offlineCache).catch(() => {});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
