/**
 * Durable effects (docs/architecture.md, "Commands"): `ctx.emit(effect)` in a command, or
 * `Outbox.item` in the write of an endpoint's own state; each kind's handler is declared by its
 * area's server part (`functions/src/areas.ts`).
 */

export { deliverEffect } from './deliver.ts';
export { inProcessEffectQueue } from './in-process-queue.ts';
export { dispatchEffects, type EffectQueue, sqsEffectQueue } from './queue.ts';
export { type EffectHandler, effectHandler, effectHandlers } from './registry.ts';
export { sweepOutbox } from './sweep.ts';
