import type { Deps } from '../context.ts';
import { effectHandler } from './registry.ts';

/** How long one delivery holds an effect before another may try it again. */
export const DELIVERY_LEASE_MS = 60_000;

/**
 * Delivers one effect of the outbox: takes its lease (nothing to do when it is done, absent or
 * held by a delivery under way), runs its handler, marks it done. A handler that throws leaves the
 * effect pending; it is tried again once the lease has run out (the queue's retry, or the sweep).
 * Returns whether this call delivered it.
 */
export async function deliverEffect(s: Deps, id: string): Promise<boolean> {
  const effect = await s.outbox.claim(id, s.now(), DELIVERY_LEASE_MS);
  if (!effect) return false;
  const handler = effectHandler(effect.kind);
  if (!handler) throw new Error(`No handler registered for effect ${effect.kind} (${id})`);
  await handler(s, effect);
  await s.outbox.done(id, s.now());
  return true;
}
