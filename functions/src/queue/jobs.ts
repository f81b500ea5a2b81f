import { z } from 'zod';

/** A queued unit of work: `{ type, payload }`. Areas that send in bulk register their job types. */
export const QueueJob = z.object({ type: z.string().min(1), payload: z.record(z.string(), z.unknown()) });
export type QueueJob = z.infer<typeof QueueJob>;

type JobHandler = (payload: Record<string, unknown>) => Promise<void>;
const handlers = new Map<string, JobHandler>();

export function registerQueueJob(type: string, handler: JobHandler) {
  handlers.set(type, handler);
}

/** Throws for a malformed or unknown job so it is retried and, in the end, dead-lettered. */
export async function runQueueJob(body: unknown) {
  const job = QueueJob.parse(body);
  const handler = handlers.get(job.type);
  if (!handler) throw new Error(`Unknown queue job type ${job.type}`);
  await handler(job.payload);
}
