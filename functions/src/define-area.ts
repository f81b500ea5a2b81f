import type { OutboxRecord } from '@roundwise/db';
import type { Deps } from './context.ts';

/** Runs one durable effect of the outbox. */
export type EffectHandler = (s: Deps, effect: OutboxRecord) => Promise<void>;
/** Runs one queued job an area sends in bulk. */
export type JobHandler = (s: Deps, payload: Record<string, unknown>) => Promise<void>;

/**
 * What an area brings to the server beside its core registration (docs/architecture.md, "Adding
 * an area"): the handlers of the durable effects it emits, and of the queue jobs it sends in bulk.
 * Each is a function declaration the area's module exports, named here by kind; the list in
 * `functions/src/areas.ts` is how every entry point (the API, the queue worker, the local
 * runtime) finds them, so none needs an import of its own to have them.
 */
export interface ServerArea {
  name: string;
  effects?: () => Record<string, EffectHandler>;
  queueJobs?: () => Record<string, JobHandler>;
}

export function defineServerArea(area: ServerArea): ServerArea {
  return area;
}
