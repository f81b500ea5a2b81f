import type { OutboxRecord } from '@roundwise/db';
import type { Deps } from '../context.ts';

/**
 * What delivers an effect of one kind. It may run more than once for one effect (a delivery that
 * dies after the handler's work and before the effect is marked done is repeated), so it passes
 * `effect.id` to whatever it calls as that call's idempotency key (a mail's Message-ID, a payment
 * provider's idempotency key).
 */
export type EffectHandler = (s: Deps, effect: OutboxRecord) => Promise<void>;

const handlers = new Map<string, EffectHandler>();

/** Registers the handler of an effect kind (`ctx.emit({ type: kind, payload })` in a command). */
export function registerEffect(kind: string, handler: EffectHandler) {
  if (handlers.has(kind)) throw new Error(`Effect ${kind} is registered twice`);
  handlers.set(kind, handler);
}

export function effectHandler(kind: string): EffectHandler | undefined {
  return handlers.get(kind);
}
