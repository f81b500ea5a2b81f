import { z } from 'zod';
import { serverAreas } from '../areas.ts';
import type { Deps } from '../context.ts';
import type { JobHandler } from '../define-area.ts';
import { deliverEffect } from '../effects/deliver.ts';
import { errorFields, log } from '../log.ts';
import { startTrace, traceIdOf, withTrace } from '../trace.ts';

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

/** One message of the queue, as both workers receive it (Lambda's SQS record, the local poller's). */
export interface QueueMessage {
  messageId: string;
  body: string;
  /** The `AWSTraceHeader` it was sent with: the trace of the request that dispatched it. */
  traceHeader?: string;
  receiveCount?: number;
}

/**
 * Runs one message's job in the trace it was sent from and writes its log line; throws when the
 * job failed, so the queue hands it out again (and after 5 receives, to the dead-letter queue).
 */
export async function runQueueMessage(s: Deps, message: QueueMessage) {
  const trace = startTrace(message.messageId, message.traceHeader);
  const started = performance.now();
  let body: unknown;
  try {
    body = JSON.parse(message.body);
  } catch {
    body = undefined;
  }
  const parsed = QueueJob.safeParse(body);
  const line = {
    type: 'job' as const,
    requestId: message.messageId,
    traceId: traceIdOf(trace.traceHeader),
    job: parsed.success ? parsed.data.type : undefined,
    effectId:
      parsed.success && parsed.data.type === 'effect' && typeof parsed.data.payload.id === 'string'
        ? parsed.data.payload.id
        : undefined,
    receiveCount: message.receiveCount,
  };
  try {
    await withTrace(trace, () => runQueueJob(s, body));
    log({ ...line, status: 'ok', durationMs: Math.round(performance.now() - started) });
  } catch (error) {
    log({
      ...line,
      status: 'failed',
      durationMs: Math.round(performance.now() - started),
      ...errorFields(error),
    });
    throw error;
  }
}
