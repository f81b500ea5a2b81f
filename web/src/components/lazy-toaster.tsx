import { type ComponentType, useEffect, useState } from 'react';
import { useToasterWanted, whenOnline } from '../lib/toast';

/**
 * The root's Toaster, loaded with the first toast (lib/toast.ts). Not `React.lazy`: a download
 * that fails offline would throw into the screen's error boundary; here it is retried once the
 * signal is back, and until then the app carries on without toasts.
 */
export function LazyToaster() {
  const wanted = useToasterWanted();
  const [Toaster, setToaster] = useState<ComponentType>();
  useEffect(() => {
    if (!wanted || Toaster) return;
    let cancelled = false;
    const load = () =>
      import('./ui/sonner.tsx')
        .then((m) => !cancelled && setToaster(() => m.Toaster))
        .catch(() => !cancelled && whenOnline(load));
    load();
    return () => {
      cancelled = true;
    };
  }, [wanted, Toaster]);
  return Toaster ? <Toaster /> : null;
}
