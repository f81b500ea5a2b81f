import { areas } from '@roundwise/core';
import { serverAreas } from '../areas.ts';
import type { EffectHandler, ServerArea } from '../define-area.ts';

/**
 * What delivers an effect of one kind. It may run more than once for one effect (a delivery that
 * dies after the handler's work and before the effect is marked done is repeated), so it passes
 * `effect.id` to whatever it calls as that call's idempotency key (a mail's Message-ID, a payment
 * provider's idempotency key).
 */
export type { EffectHandler } from '../define-area.ts';

/**
 * The handler of each effect kind the server areas declare. Throws when a kind has two handlers,
 * or a kind a core area emits (`area.ts`, `effects`) has none.
 */
export function collectEffects(
  server: readonly ServerArea[],
  core: readonly { name: string; effects?: readonly string[] }[],
): Map<string, EffectHandler> {
  const found = new Map<string, EffectHandler>();
  for (const area of server)
    for (const [kind, handler] of Object.entries(area.effects?.() ?? {})) {
      if (found.has(kind)) throw new Error(`Effect ${kind} has two handlers (${area.name})`);
      found.set(kind, handler);
    }
  for (const area of core)
    for (const kind of area.effects ?? [])
      if (!found.has(kind))
        throw new Error(`Effect ${kind} of area ${area.name} has no handler (functions/src/areas.ts)`);
  return found;
}

let handlers: Map<string, EffectHandler> | undefined;

/** Every effect's handler, from the lists of areas (`functions/src/areas.ts`, core's `areas.ts`). */
export function effectHandlers(): ReadonlyMap<string, EffectHandler> {
  handlers ??= collectEffects(serverAreas, areas);
  return handlers;
}

export function effectHandler(kind: string): EffectHandler | undefined {
  return effectHandlers().get(kind);
}
