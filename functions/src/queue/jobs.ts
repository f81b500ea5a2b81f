import { z } from 'zod';
import type { Deps } from '../context.ts';
import { deliverEffect } from '../effects/deliver.ts';

/** A queued unit of work: `{ type, payload }`. Areas that send in bulk register their job types. */
export const QueueJob = z.object({ type: z.string().min(1), payload: z.record(z.string(), z.unknown()) });
export type QueueJob = z.infer<typeof QueueJob>;

type JobHandler = (s: Deps, payload: Record<string, unknown>) => Promise<void>;
const handlers = new Map<string, JobHandler>([
  // An effect of the outbox, dispatched after its commit or by the sweep.
  ['effect', async (s, payload) => void (await deliverEffect(s, String(payload.id)))],
]);

export function registerQueueJob(type: string, handler: JobHandler) {
  handlers.set(type, handler);
}

/** Throws for a malformed or unknown job so it is retried and, in the end, dead-lettered. */
export async function runQueueJob(s: Deps, body: unknown) {
  const job = QueueJob.parse(body);
  const handler = handlers.get(job.type);
  if (!handler) throw new Error(`Unknown queue job type ${job.type}`);
  await handler(s, job.payload);
}
