import { S3Client } from '@aws-sdk/client-s3';
import { createDb } from '@roundwise/db';
import { runNightlyBackup } from '../backups/run-nightly-backup.ts';
import { createDeps } from '../create-deps.ts';
import { sweepOutbox } from '../effects/sweep.ts';
import { pullAllAccounts } from '../payments/pull-status.ts';
import { appDepsFromEnvironment } from './env.ts';

/** Scheduled entry points (EventBridge in production, croner in the local runtime). */

/** Nightly at 02:00: a backup of every account to the backups bucket. */
export async function nightlyBackup() {
  const written = await runNightlyBackup({
    db: createDb({ tableName: process.env.TABLE_NAME ?? 'roundwise' }),
    files: { s3: new S3Client({}), bucket: process.env.BACKUPS_BUCKET ?? 'roundwise-backups' },
  });
  console.log(`Nightly backup wrote ${written.length} account backups`);
  return { accounts: written.length };
}

/** Every 5 minutes: effects written but never dispatched go to the queue (effects/sweep.ts). */
export async function outboxSweep() {
  const sent = await sweepOutbox(createDeps(appDepsFromEnvironment()));
  if (sent > 0) console.log(`Outbox sweep dispatched ${sent} effects`);
  return { sent };
}

/** Every minute: effects that have come due (scheduled messages), and deliveries whose lease ran out. */
export async function outboxDue() {
  const sent = await sweepOutbox(createDeps(appDepsFromEnvironment()), 0);
  return { sent };
}

/**
 * Every 15 minutes: each connected payment provider's changes since the last pull, applied as its
 * webhooks would have been (payments/pull-status.ts). Providers come from the environment
 * (`appDepsFromEnvironment`); with none configured there is nothing to pull.
 */
export async function paymentsPull() {
  const result = await pullAllAccounts(createDeps(appDepsFromEnvironment()));
  if (result.changed > 0)
    console.log(`Payments pull: ${result.changed} changes in ${result.accounts} accounts`);
  return result;
}
