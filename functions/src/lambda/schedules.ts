import { S3Client } from '@aws-sdk/client-s3';
import { createDb } from '@roundwise/db';
import { runNightlyBackup } from '../backups/run-nightly-backup.ts';
import { createDeps } from '../create-deps.ts';
import { sweepOutbox } from '../effects/sweep.ts';
import { pullAllAccounts } from '../payments/pull-status.ts';
import { reportOutboxAge, runScheduled } from '../scheduled.ts';
import { appDepsFromEnvironment } from './env.ts';

/**
 * Scheduled entry points (EventBridge in production, croner in the local runtime, which runs the
 * same jobs through `runScheduled`: one log line and a heartbeat each).
 */

/** Nightly at 02:00: a backup of every account to the backups bucket. */
export const nightlyBackup = () =>
  runScheduled('nightlyBackup', async () => {
    const written = await runNightlyBackup({
      db: createDb({ tableName: process.env.TABLE_NAME ?? 'roundwise' }),
      files: { s3: new S3Client({}), bucket: process.env.BACKUPS_BUCKET ?? 'roundwise-backups' },
    });
    return { accounts: written.length };
  });

/** Every 5 minutes: effects written but never dispatched go to the queue (effects/sweep.ts). */
export const outboxSweep = () =>
  runScheduled('outboxSweep', async () => ({
    sent: await sweepOutbox(createDeps(appDepsFromEnvironment())),
  }));

/**
 * Every minute: effects that have come due (scheduled messages), and deliveries whose lease ran
 * out; then the age of the oldest effect still waiting, which the outbox-age alarm watches.
 */
export const outboxDue = () =>
  runScheduled('outboxDue', async () => {
    const deps = createDeps(appDepsFromEnvironment());
    const sent = await sweepOutbox(deps, 0);
    return { sent, oldestSeconds: await reportOutboxAge(deps) };
  });

/**
 * Every 15 minutes: each connected payment provider's changes since the last pull, applied as its
 * webhooks would have been (payments/pull-status.ts). Providers come from the environment
 * (`appDepsFromEnvironment`); with none configured there is nothing to pull.
 */
export const paymentsPull = () =>
  runScheduled('paymentsPull', () => pullAllAccounts(createDeps(appDepsFromEnvironment())));
