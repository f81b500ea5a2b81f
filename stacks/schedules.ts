import { Duration } from 'aws-cdk-lib';
import { TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Cron, type StackContext, use } from 'sst/constructs';
import { METRIC, OUTBOX_AGE_ALARM_SECONDS } from '../functions/src/metrics.ts';
import { alarm, appMetric, watchFunction } from './monitoring.ts';
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

  watchFunction(stack, 'nightly-backup', nightlyBackup.jobFunction);
  watchFunction(stack, 'outbox-sweep', outboxSweep.jobFunction);
  watchFunction(stack, 'outbox-due', outboxDue.jobFunction);
  watchFunction(stack, 'payments-pull', paymentsPull.jobFunction);

  // Heartbeats (functions/src/metrics.ts): hours with no successful run, each a breach; a run
  // that never started writes nothing, so a missing hour breaches too.
  const hour = Duration.hours(1);
  alarm(stack, 'nightly-backup-missed', {
    metric: appMetric(stack.stage, METRIC.jobSucceeded, 'Sum', hour, 'nightlyBackup'),
    threshold: 1,
    below: true,
    evaluationPeriods: 26,
    missing: TreatMissingData.BREACHING,
    description: 'No nightly backup has succeeded for 26 hours.',
  });
  alarm(stack, 'payments-pull-missed', {
    metric: appMetric(stack.stage, METRIC.jobSucceeded, 'Sum', hour, 'paymentsPull'),
    threshold: 1,
    below: true,
    evaluationPeriods: 2,
    missing: TreatMissingData.BREACHING,
    description: "The payment providers' states have not been pulled for 2 hours.",
  });
  // Written by outbox-due every minute; silence means nothing is watching the outbox either.
  alarm(stack, 'outbox-age', {
    metric: appMetric(stack.stage, METRIC.outboxOldestAge, 'Maximum', Duration.minutes(5)),
    threshold: OUTBOX_AGE_ALARM_SECONDS,
    missing: TreatMissingData.BREACHING,
    description: 'An effect (a mail, an SMS, a charge) has waited in the outbox for 15 minutes or more.',
  });

  return { nightlyBackup, outboxSweep, outboxDue, paymentsPull };
}
