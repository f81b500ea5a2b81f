import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { Toaster } from '../components/ui/sonner.tsx';

export const Route = createRootRouteWithContext<{
  queryClient: QueryClient;
  /** Resolves once the offline cache is restored from IndexedDB (lib/sync/persistence.ts). */
  offlineCache: Promise<void>;
}>()({
  component: () => (
    <>
      <Outlet />
      <Toaster />
    </>
  ),
});
