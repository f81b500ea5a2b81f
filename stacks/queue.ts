import { Duration } from 'aws-cdk-lib';
import { Queue, type Function as SstFunction, type StackContext, use } from 'sst/constructs';
import { alarm, watchFunction } from './monitoring.ts';
import { readSettings } from './settings.ts';
import { Storage } from './storage.ts';

/** Seconds a queue job may run; the queue hides a received message for six times as long. */
const WORKER_TIMEOUT_SECONDS = 60;

/**
 * The bulk-send queue (campaigns, bulk messages, the outbox's effects, restores). A job that fails five times moves to the
 * dead-letter queue, which keeps it for 14 days for inspection and redrive.
 */
export function BulkSend({ stack }: StackContext) {
  const { table, attachments, backups, environment } = use(Storage);

  const deadLetters = new Queue(stack, 'bulk-send-dlq', {
    cdk: { queue: { retentionPeriod: Duration.days(14) } },
  });

  const queue = new Queue(stack, 'bulk-send', {
    consumer: {
      function: {
        handler: 'functions/src/lambda/queue-worker.handler',
        timeout: WORKER_TIMEOUT_SECONDS,
        // The backups bucket: a restore runs here (functions/src/backups/run-restore.ts).
        bind: [table, attachments, backups],
        environment: { ...environment, ...readSettings().functionEnvironment },
      },
      // The worker returns batchItemFailures, so only the failed records are retried.
      cdk: { eventSource: { batchSize: 10, reportBatchItemFailures: true } },
    },
    cdk: {
      queue: {
        visibilityTimeout: Duration.seconds(WORKER_TIMEOUT_SECONDS * 6),
        deadLetterQueue: { queue: deadLetters.cdk.queue, maxReceiveCount: 5 },
      },
    },
  });

  // A long job (a restore) hands its rest to a new message on this same queue, so the worker
  // sends to the queue it consumes.
  const worker = queue.consumerFunction as SstFunction;
  worker.addEnvironment('BULK_SEND_QUEUE_URL', queue.queueUrl);
  queue.cdk.queue.grantSendMessages(worker);

  watchFunction(stack, 'queue-worker', worker);
  alarm(stack, 'dead-letters', {
    metric: deadLetters.cdk.queue.metricApproximateNumberOfMessagesVisible({
      period: Duration.minutes(5),
      statistic: 'Maximum',
    }),
    threshold: 1,
    description: 'A queue job failed five times and waits in the dead-letter queue.',
  });

  return { queue, deadLetters };
}
