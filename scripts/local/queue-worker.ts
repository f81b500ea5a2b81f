import { DeleteMessageCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { Deps } from '../../functions/src/context.ts';
import { TRACE_ATTRIBUTE } from '../../functions/src/effects/queue.ts';
import { runQueueMessage } from '../../functions/src/queue/jobs.ts';

export interface QueueWorker {
  stop(): Promise<void>;
}

/**
 * The local stand-in for the queue worker Lambda (functions/src/lambda/queue-worker.ts): long-polls
 * the bulk-send queue on fauxqs and runs each job with the runtime's dependencies (`Deps`); a job that fails
 * stays on the queue and comes back after the queue's visibility timeout, as on AWS.
 */
export function startQueueWorker(options: {
  sqs: SQSClient;
  queueUrl: string;
  deps: Deps;
  log: (line: string) => void;
}): QueueWorker {
  const { sqs, queueUrl, deps, log } = options;
  const abort = new AbortController();
  const loop = (async () => {
    while (!abort.signal.aborted) {
      try {
        const { Messages = [] } = await sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: queueUrl,
            MaxNumberOfMessages: 10,
            WaitTimeSeconds: 20,
            MessageSystemAttributeNames: ['AWSTraceHeader', 'ApproximateReceiveCount'],
            MessageAttributeNames: [TRACE_ATTRIBUTE],
          }),
          { abortSignal: abort.signal },
        );
        // The batch in parallel, as Lambda's SQS poller hands a batch to concurrent instances.
        await Promise.all(
          Messages.map(async (message) => {
            try {
              await runQueueMessage(deps, {
                messageId: message.MessageId ?? '',
                body: message.Body ?? '',
                traceHeader:
                  message.Attributes?.AWSTraceHeader ??
                  message.MessageAttributes?.[TRACE_ATTRIBUTE]?.StringValue,
                receiveCount: Number(message.Attributes?.ApproximateReceiveCount ?? 1),
              });
              await sqs.send(
                new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }),
              );
            } catch {
              // Logged by runQueueMessage (the same line as on Lambda); the message comes back.
            }
          }),
        );
      } catch (error) {
        if (abort.signal.aborted) return;
        log(`Queue worker: ${error instanceof Error ? error.message : error}`);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  })();
  return {
    async stop() {
      abort.abort();
      await loop;
    },
  };
}
