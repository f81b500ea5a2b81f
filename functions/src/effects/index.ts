/**
 * Durable effects (docs/architecture.md, "Commands"): `ctx.emit(effect)` in a command, or
 * `Outbox.item` in the write of an endpoint's own state; `registerEffect(kind, handler)` here.
 * Importing this module registers the built-in kinds.
 */
import './mail.ts';
import '../notifications/deliver.ts';
import '../quotes/link-effect.ts';
import '../payments/number-invoice.ts';
import '../attachments/delete-object-effect.ts';
import '../backups/run-restore.ts';
import '../payments/provider-effects.ts';
import '../credits/charge-effect.ts';

export { deliverEffect } from './deliver.ts';
export { dispatchEffects, type EffectQueue, inProcessEffectQueue, sqsEffectQueue } from './queue.ts';
export { type EffectHandler, effectHandler, registerEffect } from './registry.ts';
export { sweepOutbox } from './sweep.ts';
