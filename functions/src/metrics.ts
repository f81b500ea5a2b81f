import { log } from './log.ts';

/**
 * The app's own CloudWatch metrics, written as log lines in CloudWatch's embedded metric format:
 * CloudWatch Logs turns them into metrics, so no call to CloudWatch (and no permission) is needed,
 * and locally they are just log lines. The alarms on them are in stacks/monitoring.ts.
 */
export const METRICS_NAMESPACE = 'Roundwise';

export const METRIC = {
  /** 1 each time a scheduled job finishes without throwing (dimension `Job`): its heartbeat. */
  jobSucceeded: 'JobSucceeded',
  /** Seconds since the oldest effect still pending in the outbox came due (0 when none). */
  outboxOldestAge: 'OutboxOldestAgeSeconds',
} as const;

/** An effect pending this long raises the outbox-age alarm (and shows in `/api/health`). */
export const OUTBOX_AGE_ALARM_SECONDS = 15 * 60;

/** The schedules whose heartbeat is watched, by the name of their Lambda entry point. */
export type HeartbeatJob = 'nightlyBackup' | 'paymentsPull' | 'outboxSweep' | 'outboxDue';

/** The stage a metric belongs to (`ROUNDWISE_STAGE`, set by the stacks; `local` otherwise). */
const stage = () => process.env.ROUNDWISE_STAGE ?? 'local';

/** Writes one metric value as an embedded-metric log line (also readable as a log line). */
export function putMetric(
  name: (typeof METRIC)[keyof typeof METRIC],
  value: number,
  unit: 'Count' | 'Seconds',
  dimensions: Record<string, string> = {},
) {
  const all = { Stage: stage(), ...dimensions };
  log({
    type: 'metric',
    metric: name,
    value,
    ...all,
    _aws: {
      Timestamp: Date.now(),
      CloudWatchMetrics: [
        {
          Namespace: METRICS_NAMESPACE,
          Dimensions: [Object.keys(all)],
          Metrics: [{ Name: name, Unit: unit }],
        },
      ],
    },
    [name]: value,
  });
}

/** The heartbeat of a scheduled job that has just succeeded. */
export const heartbeat = (job: HeartbeatJob) => putMetric(METRIC.jobSucceeded, 1, 'Count', { Job: job });
