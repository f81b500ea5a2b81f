import { SendMessageBatchCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { background } from '../background.ts';
import type { Deps } from '../context.ts';
import type { EffectQueue } from '../deps.ts';
import { currentTrace } from '../trace.ts';

export type { EffectQueue } from '../deps.ts';

/** The message attribute that carries the trace header (`functions/src/trace.ts`) to the worker. */
export const TRACE_ATTRIBUTE = 'roundwise-trace';

/** The queue job a dispatched effect travels as (`queue/jobs.ts` runs it). */
export const effectJob = (id: string) => ({ type: 'effect', payload: { id } });

/**
 * Production and the local runtime: one SQS message per effect on the queue the queue worker
 * consumes (Lambda `queue-worker.ts`; locally `scripts/local/queue-worker.ts` on fauxqs).
 */
export function sqsEffectQueue(sqs: SQSClient, queueUrl: string): EffectQueue {
  return {
    async send(ids) {
      // The delivery joins the trace of the request (or scheduled run) that dispatched it: X-Ray
      // through the system attribute Lambda reads, the logs through our own attribute too (the
      // local SQS emulator keeps only the latter).
      const header = currentTrace()?.traceHeader ?? process.env._X_AMZN_TRACE_ID;
      const value = header ? { DataType: 'String', StringValue: header } : undefined;
      const trace = value
        ? {
            MessageSystemAttributes: { AWSTraceHeader: value },
            MessageAttributes: { [TRACE_ATTRIBUTE]: value },
          }
        : {};
      for (let i = 0; i < ids.length; i += 10) {
        const batch = ids.slice(i, i + 10);
        const { Failed } = await sqs.send(
          new SendMessageBatchCommand({
            QueueUrl: queueUrl,
            Entries: batch.map((id, n) => ({
              Id: String(n),
              MessageBody: JSON.stringify(effectJob(id)),
              ...trace,
            })),
          }),
        );
        if (Failed?.length) throw new Error(`${Failed.length} effects not queued: ${Failed[0]?.Message}`);
      }
    },
  };
}

/**
 * Dispatches effects just committed, without delaying the reply. A dispatch that fails is logged
 * and left to the sweep; on Lambda it lands before the instance freezes (`lambda/settled.ts`).
 */
export function dispatchEffects(s: Deps, ids: string[]) {
  if (ids.length > 0) background(s.effects.send(ids), { beforeFreeze: true });
}
