import { z } from 'zod';
import { serverAreas } from '../areas.ts';
import type { Deps } from '../context.ts';
import type { JobHandler } from '../define-area.ts';
import { deliverEffect } from '../effects/deliver.ts';

/** A queued unit of work: `{ type, payload }`. Areas that send in bulk declare their job types (`functions/src/areas.ts`). */
export const QueueJob = z.object({ type: z.string().min(1), payload: z.record(z.string(), z.unknown()) });
export type QueueJob = z.infer<typeof QueueJob>;

export type { JobHandler } from '../define-area.ts';

/** An effect of the outbox, dispatched after its commit or by the sweep. */
async function effectJob(s: Deps, payload: Record<string, unknown>): Promise<void> {
  await deliverEffect(s, String(payload.id));
}

let handlers: Map<string, JobHandler> | undefined;

/** The handler of each job type: the outbox's effects, and each area's (`functions/src/areas.ts`). */
function jobHandlers(): ReadonlyMap<string, JobHandler> {
  if (handlers) return handlers;
  const found = new Map<string, JobHandler>([['effect', effectJob]]);
  for (const area of serverAreas)
    for (const [type, handler] of Object.entries(area.queueJobs?.() ?? {})) {
      if (found.has(type)) throw new Error(`Queue job ${type} has two handlers (${area.name})`);
      found.set(type, handler);
    }
  handlers = found;
  return found;
}

/** Throws for a malformed or unknown job so it is retried and, in the end, dead-lettered. */
export async function runQueueJob(s: Deps, body: unknown) {
  const job = QueueJob.parse(body);
  const handler = jobHandlers().get(job.type);
  if (!handler) throw new Error(`Unknown queue job type ${job.type}`);
  await handler(s, job.payload);
}
