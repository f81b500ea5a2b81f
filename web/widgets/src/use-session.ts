import { useEffect, useState } from 'preact/hooks';
import type { PortalContext } from './context.ts';

/** The customer's session, re-rendering on sign-in and sign-out. */
export function useSession(portal: PortalContext) {
  const [session, setSession] = useState(portal.session());
  useEffect(() => portal.onSession(setSession), [portal]);
  return session;
}
