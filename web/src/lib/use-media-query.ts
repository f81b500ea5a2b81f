import { useSyncExternalStore } from 'react';

/** Spec 000 section 9: "mobile breakpoint 769px": from 769px wide the drawer is a sidebar. */
export const DESKTOP_QUERY = '(min-width: 769px)';

/** Whether a CSS media query matches, following changes (window resize, rotation). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
