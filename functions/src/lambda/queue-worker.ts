import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { createDeps } from '../create-deps.ts';
import { TRACE_ATTRIBUTE } from '../effects/queue.ts';
import { runQueueMessage } from '../queue/jobs.ts';
import { appDepsFromEnvironment } from './env.ts';

const deps = createDeps(appDepsFromEnvironment());

/**
 * Consumer of the bulk-send queue, which also carries the outbox's effects. Each record is one
 * job; a failed record is reported back so SQS retries only it, and after 5 receives it moves to
 * the dead-letter queue.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      await runQueueMessage(deps, {
        messageId: record.messageId,
        body: record.body,
        traceHeader:
          record.attributes.AWSTraceHeader ?? record.messageAttributes[TRACE_ATTRIBUTE]?.stringValue,
        receiveCount: Number(record.attributes.ApproximateReceiveCount),
      });
    } catch {
      // Logged by runQueueMessage.
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}
