import type { Actor, Effect } from '@roundwise/core';
import type { Services } from '../context.ts';

type EffectHandler = (s: Services, actor: Actor, payload: Record<string, unknown>) => Promise<void>;

/**
 * Server-only work asked for by commands (`ctx.emit`), run after the command's writes are stored.
 * Areas register their handlers here as they land (messaging, bulk sends, providers).
 */
const handlers = new Map<string, EffectHandler>();

export function registerEffect(type: string, handler: EffectHandler) {
  handlers.set(type, handler);
}

export async function runEffects(s: Services, actor: Actor, effects: Effect[]) {
  for (const effect of effects) {
    const handler = handlers.get(effect.type);
    if (!handler) throw new Error(`No handler for effect ${effect.type}`);
    await handler(s, actor, effect.payload);
  }
}
