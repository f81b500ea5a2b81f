/**
 * The other messages between a frame and its host (the size has its own file): the frame says it is
 * ready, the host answers with the customer's session held in its memory, and sends it again when
 * the customer signs in or out. A frame of the portal origin may be partitioned away from the
 * portal's cookies (third-party cookies blocked), so the session travels in memory, never through
 * the host's storage.
 */
import type { Session } from './context.ts';

export const READY_MESSAGE = 'roundwise:ready';
export const SESSION_MESSAGE = 'roundwise:session';
export const EVENT_MESSAGE = 'roundwise:event';

export type ReadyMessage = { type: typeof READY_MESSAGE; widget: string };
export type SessionMessage = { type: typeof SESSION_MESSAGE; session: Session | null };
export type EventMessage = { type: typeof EVENT_MESSAGE; event: string; detail?: Record<string, unknown> };

const hasType = (data: unknown, type: string): boolean =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === type;

export const isReadyMessage = (data: unknown): data is ReadyMessage => hasType(data, READY_MESSAGE);
export const isEventMessage = (data: unknown): data is EventMessage =>
  hasType(data, EVENT_MESSAGE) && typeof (data as EventMessage).event === 'string';
export const isSessionMessage = (data: unknown): data is SessionMessage => {
  if (!hasType(data, SESSION_MESSAGE)) return false;
  const session = (data as SessionMessage).session;
  return session === null || (typeof session === 'object' && typeof session?.token === 'string');
};
