import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { LazyToaster } from '../components/lazy-toaster.tsx';

export const Route = createRootRouteWithContext<{
  queryClient: QueryClient;
  /** Resolves once the offline cache is restored from IndexedDB (lib/sync/persistence.ts). */
  offlineCache: Promise<void>;
  /** Route names that have a screen in this build (features/shell/screens.ts). */
  screensThatExist: ReadonlySet<string>;
}>()({
  component: () => (
    <>
      <Outlet />
      <LazyToaster />
    </>
  ),
});
