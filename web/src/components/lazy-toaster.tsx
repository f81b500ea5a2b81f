import { lazy, Suspense } from 'react';
import { useToasterWanted } from '../lib/toast';

const Toaster = lazy(() => import('./ui/sonner.tsx').then((m) => ({ default: m.Toaster })));

/** The root's Toaster, loaded with the first toast (lib/toast.ts). */
export function LazyToaster() {
  const wanted = useToasterWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
