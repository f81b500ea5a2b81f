/**
 * What every widget is given, in a shadow root on the business's page or in a frame of the portal
 * origin alike: the portal it belongs to, its settings, and the customer's session held in memory
 * (never in the host's storage, which may be blocked or shared with the host's own scripts).
 */
import type { PublicPortal } from './embed-data.ts';

export type Session = { token: string; customerName?: string };

/** Where a page keeps a portal's session (its session storage, one key per portal). */
export const sessionKey = (handle: string) => `roundwise:session:${handle}`;

export type PortalContext = {
  /** The business's URL handle. */
  handle: string;
  /** The portal's origin: its API, frames and scripts. */
  origin: string;
  /** The portal's public data (a framed widget reads its own instead). */
  data?: PublicPortal;
  /** The session, if the customer has signed in on this page. */
  session(): Session | undefined;
  setSession(session: Session | undefined): void;
  onSession(listener: (session: Session | undefined) => void): () => void;
  /** Tells the portal's counters (and the host's listeners) that something happened. */
  emit(event: string, detail?: Record<string, unknown>): void;
};

export type WidgetProps<S = Record<string, unknown>> = {
  name: string;
  settings: S;
  portal: PortalContext;
};

/** A widget's module, loaded on demand: `mount` renders it into `root` and returns its unmount. */
export type WidgetModule = {
  mount(root: ShadowRoot | HTMLElement, props: WidgetProps): () => void;
};

/** Keeps the session in memory and tells whoever listens (other widgets, the frames) of changes. */
export function sessionStore(initial?: Session) {
  let current = initial;
  const listeners = new Set<(session: Session | undefined) => void>();
  return {
    session: () => current,
    setSession(session: Session | undefined) {
      current = session;
      for (const listener of listeners) listener(session);
    },
    onSession(listener: (session: Session | undefined) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
