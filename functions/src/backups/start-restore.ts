import { type Actor, AppError, newId } from '@roundwise/core';
import { type RestoreJob, RestoreJobs, TransactionRefused, transactWrite } from '@roundwise/db';
import type { Deps } from '../context.ts';
import { dispatchEffects } from '../effects/queue.ts';
import type { BackupBucket } from './backup-files.ts';
import { contentHash } from './content-hash.ts';
import { findBackup } from './find-backup.ts';
import { readBackup } from './read-backup.ts';

/** The effect that runs a restore's next step on the queue worker (run-restore.ts). */
export const RESTORE_EFFECT = 'backups.restore';

/** The effect id of a job's step `step`: deterministic, so handing a step on twice writes one. */
export const restoreEffectId = (job: Pick<RestoreJob, 'accountId' | 'jobId'>, step: number) =>
  `restore-${job.accountId}-${job.jobId}-${step}`;

const running = (jobId: string) => new AppError('conflict', 'backups.restore-running', { jobId });

/**
 * `POST /api/backups/{id}/restore`: checks what can be checked at once (the backup is the actor's
 * and visible to them, its file matches its manifest, no other restore of the account is under
 * way), then records the job, the account's restore lock and the effect that runs it, in one
 * transaction, and hands the effect to the queue worker. Nothing of the account changes here: the
 * worker takes the backup of the state before, and writes the restore in steps (run-restore.ts).
 */
export async function startRestore(
  s: Deps,
  files: BackupBucket,
  actor: Actor,
  backupId: string,
  limit: () => Promise<void>,
): Promise<RestoreJob> {
  const jobs = new RestoreJobs(s.db);
  const under = await jobs.running(actor.accountId);
  if (under) throw running(under);
  await limit();
  const manifest = await findBackup(files, actor, backupId);
  // A damaged or partly written file is refused before anything is recorded (0.7 s for a town).
  if (contentHash(await readBackup(files, actor.accountId, manifest.id)).hash !== manifest.hash) {
    throw new AppError('validation', 'backups.damaged');
  }
  const now = s.now().toISOString();
  const job: RestoreJob = {
    jobId: newId(),
    accountId: actor.accountId,
    backupId: manifest.id,
    createdBy: actor.email,
    createdAt: now,
    updatedAt: now,
    state: 'queued',
    rev: 0,
    stalls: 0,
    step: 0,
    done: 0,
    written: 0,
    deleted: 0,
  };
  const effect = {
    id: restoreEffectId(job, 0),
    kind: RESTORE_EFFECT,
    payload: { accountId: job.accountId, jobId: job.jobId },
  };
  try {
    await transactWrite(s.db, [...jobs.startItems(job), s.outbox.item(effect, s.now())]);
  } catch (error) {
    // Another restore took the lock between the check above and this write.
    if (error instanceof TransactionRefused && error.failedCondition(0)) {
      throw running((await jobs.running(actor.accountId)) ?? '');
    }
    throw error;
  }
  dispatchEffects(s, [effect.id]);
  return job;
}
