import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '../../lib/use-opened-once.ts';
import type { SheetPanelProps } from './sheet-panel.tsx';

const SheetPanel = lazy(() => import('./sheet-panel.tsx').then((m) => ({ default: m.SheetPanel })));

/**
 * A sheet whose code (radix's dialog with its focus trap and scroll lock, about 14 KB gzipped)
 * loads the first time it opens, not with the screen: the shell's mobile drawer and the schedule's
 * mobile visit detail are closed when the app starts (initial JavaScript). The chunk is
 * precached by the service worker, so it opens offline too.
 */
export function LazySheet(props: SheetPanelProps) {
  const opened = useOpenedOnce(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <SheetPanel {...props} />
    </Suspense>
  );
}
