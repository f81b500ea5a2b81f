import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { LazyToaster } from '../components/lazy-toaster.tsx';
import { stringsFor } from '../lib/i18n.ts';

export const Route = createRootRouteWithContext<{
  queryClient: QueryClient;
  /** Resolves once the offline cache is restored from IndexedDB (lib/sync/persistence.ts). */
  offlineCache: Promise<void>;
}>()({
  // Every screen but sign-in and the schedule day waits for the rest of the catalogue (lib/i18n.ts).
  beforeLoad: ({ location }) => stringsFor(location.pathname),
  component: () => (
    <>
      <Outlet />
      <LazyToaster />
    </>
  ),
});
