import { Cron, type StackContext, use } from 'sst/constructs';
import { BulkSend } from './queue.ts';
import { readSettings } from './settings.ts';
import { Storage } from './storage.ts';

/**
 * EventBridge schedules; the local runtime maps the same expressions onto croner. (The
 * marketplace's quarter-hourly advert checks get their schedule with the marketplace: until then
 * there is nothing for them to check.)
 */

/** 02:00 UTC every day. */
export const NIGHTLY_BACKUP_SCHEDULE = 'cron(0 2 * * ? *)';
/** Effects written to the outbox but never dispatched go to the queue (functions/src/effects). */
export const OUTBOX_SWEEP_SCHEDULE = 'rate(5 minutes)';
/** Effects that have come due (scheduled messages) go to the queue within a minute of their time. */
export const OUTBOX_DUE_SCHEDULE = 'rate(1 minute)';
/** Payment providers' states pulled, so a lost webhook never leaves a payment stuck (functions/src/payments). */
export const PAYMENTS_PULL_SCHEDULE = 'rate(15 minutes)';

export function Schedules({ stack }: StackContext) {
  const { table, backups, environment } = use(Storage);
  const { queue } = use(BulkSend);

  const nightlyBackup = new Cron(stack, 'nightly-backup', {
    schedule: NIGHTLY_BACKUP_SCHEDULE,
    job: {
      function: {
        handler: 'functions/src/lambda/schedules.nightlyBackup',
        timeout: '15 minutes',
        memorySize: 1024,
        bind: [table, backups],
        environment,
      },
    },
  });

  const outboxSweep = new Cron(stack, 'outbox-sweep', {
    schedule: OUTBOX_SWEEP_SCHEDULE,
    job: {
      function: {
        handler: 'functions/src/lambda/schedules.outboxSweep',
        timeout: '1 minute',
        bind: [table, queue],
        environment: {
          ...environment,
          BULK_SEND_QUEUE_URL: queue.queueUrl,
          ...readSettings().functionEnvironment,
        },
      },
    },
  });

  const outboxDue = new Cron(stack, 'outbox-due', {
    schedule: OUTBOX_DUE_SCHEDULE,
    job: {
      function: {
        handler: 'functions/src/lambda/schedules.outboxDue',
        timeout: '1 minute',
        bind: [table, queue],
        environment: {
          ...environment,
          BULK_SEND_QUEUE_URL: queue.queueUrl,
          ...readSettings().functionEnvironment,
        },
      },
    },
  });

  const paymentsPull = new Cron(stack, 'payments-pull', {
    schedule: PAYMENTS_PULL_SCHEDULE,
    job: {
      function: {
        handler: 'functions/src/lambda/schedules.paymentsPull',
        timeout: '5 minutes',
        bind: [table, queue],
        environment: {
          ...environment,
          BULK_SEND_QUEUE_URL: queue.queueUrl,
          ...readSettings().functionEnvironment,
        },
      },
    },
  });

  return { nightlyBackup, outboxSweep, outboxDue, paymentsPull };
}
