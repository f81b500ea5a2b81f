import { useEffect, useRef } from 'react';

/**
 * Runs `reset` when a dialog opens, and only then: a form must not lose what the user is typing
 * because a sync brought a newer copy of the entity while the dialog was open.
 */
export function useResetOnOpen(open: boolean, reset: () => void) {
  const wasOpen = useRef(false);
  const latest = useRef(reset);
  latest.current = reset;
  useEffect(() => {
    if (open && !wasOpen.current) latest.current();
    wasOpen.current = open;
  }, [open]);
}
