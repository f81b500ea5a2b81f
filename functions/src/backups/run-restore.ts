import { AppError, newId } from '@roundwise/core';
import {
  EntityRepository,
  type RestoreJob,
  RestoreJobs,
  TransactionRefused,
  transactWrite,
} from '@roundwise/db';
import type { Deps } from '../context.ts';
import type { EffectHandler } from '../define-area.ts';
import { contentHash } from './content-hash.ts';
import { createBackup } from './create-backup.ts';
import { readManifest } from './find-backup.ts';
import { readAccount } from './read-account.ts';
import { readBackup } from './read-backup.ts';
import {
  dropPlan,
  PLAN_PART,
  type PlannedWrite,
  planRestore,
  readPlanPart,
  storePlan,
} from './restore-plan.ts';
import { RESTORE_EFFECT, restoreEffectId } from './start-restore.ts';
import { RESTORE_CHUNK, writeRestoreChunk } from './write-restore-chunk.ts';

/**
 * How long one delivery writes before handing the rest to the next: well inside the queue
 * worker's 60 s timeout and the effect's 60 s delivery lease (effects/deliver.ts), so a step is
 * never cut off by the platform and never overlaps a redelivery of itself; and short, because
 * the other jobs of its queue batch (a mail, a message) wait for it. The same holds under
 * Lambda's 15-minute ceiling: a job's length is bounded by nothing but its number of steps.
 */
export const RESTORE_STEP_MS = 20_000;

/** Deliveries in a row that end without moving the job on before it is called failed. */
const MAX_STALLS = 5;

/**
 * One step of a restore job (the `backups.restore` effect; docs/backups.md):
 * - queued: the backup read and checked against its manifest, the account read once, the backup
 *   of that state written (initiator restore-backup, its id fixed by the job, so a step run again
 *   writes the same one), the plan of writes stored in the bucket in parts; the job then running;
 * - running: the plan written in chunks of 100 records, each one transaction, four at once, the
 *   job's progress recorded after each four, until the plan is done or the step's time is up;
 *   then the job handed on to a new effect;
 * - the last chunk's step ends the job: done, the account's lock released and the audit entry
 *   written in one transaction.
 * A delivery that dies anywhere is delivered again (the outbox) and goes on from what the job
 * records; every write is conditional on the version the plan read, so nothing is written twice
 * and nothing is skipped.
 */
export async function runRestoreStep(s: Deps, accountId: string, jobId: string, stepMs = RESTORE_STEP_MS) {
  const started = Date.now();
  const jobs = new RestoreJobs(s.db);
  const found = await jobs.get(accountId, jobId);
  if (!found || found.state === 'done' || found.state === 'failed') return;
  if (found.stalls >= MAX_STALLS) return void (await finish(s, found, 'backups.restore-failed'));
  let job: RestoreJob | undefined = { ...found, rev: found.rev + 1, stalls: found.stalls + 1 };
  if (!(await jobs.save(job))) return;
  try {
    if (job.state === 'queued') job = await plan(s, job);
    // At least one wave a step, however long the plan took: every step moves the job on.
    let waves = 0;
    const inTime = () => waves === 0 || Date.now() - started < stepMs;
    while (job && job.done < (job.total ?? 0) && inTime()) {
      const part = Math.floor(job.done / PLAN_PART);
      const lines = await readPlanPart(files(s), accountId, jobId, part);
      for (let i = job.done - part * PLAN_PART; job && i < lines.length && inTime(); waves++) {
        const wave = lines.slice(i, i + WAVE * RESTORE_CHUNK);
        job = await writeWave(s, job, wave);
        i += wave.length;
      }
    }
  } catch (error) {
    if (error instanceof AppError && job) return void (await finish(s, job, error.code));
    throw error;
  }
  if (!job) return;
  if (job.done >= (job.total ?? 0)) return void (await finish(s, job));
  await handOn(s, job);
}

/**
 * Chunks written at once: the table takes transactions on different items side by side, and one
 * at a time the restore waits on each round trip (a first version, one chunk after another with
 * the job's progress in each, wrote a town's 40,000 records 7 times slower).
 */
const WAVE = 4;

/**
 * A wave of chunks, then the job's progress (on condition of its revision: undefined when another
 * delivery moved the job on first, which then owns it). A delivery that dies after some chunks and
 * before the progress runs the wave again; the chunks already written are found so and left out.
 */
async function writeWave(s: Deps, job: RestoreJob, wave: PlannedWrite[]): Promise<RestoreJob | undefined> {
  const chunks: PlannedWrite[][] = [];
  for (let i = 0; i < wave.length; i += RESTORE_CHUNK) chunks.push(wave.slice(i, i + RESTORE_CHUNK));
  await Promise.all(chunks.map((chunk) => writeRestoreChunk(s, job.accountId, chunk)));
  const deleted = wave.filter((w) => w.entity._deleted).length;
  const next: RestoreJob = {
    ...job,
    rev: job.rev + 1,
    stalls: 0,
    updatedAt: s.now().toISOString(),
    done: job.done + wave.length,
    written: job.written + wave.length - deleted,
    deleted: job.deleted + deleted,
  };
  return (await new RestoreJobs(s.db).save(next)) ? next : undefined;
}

const files = (s: Deps) => {
  if (!s.backups) throw new AppError('unavailable', 'backups.unavailable');
  return s.backups;
};

/** The step of a queued job: the backup before, and the plan. */
async function plan(s: Deps, job: RestoreJob): Promise<RestoreJob | undefined> {
  const bucket = files(s);
  const manifest = await readManifest(bucket, job.accountId, job.backupId);
  const backup = await readBackup(bucket, job.accountId, manifest.id);
  if (contentHash(backup).hash !== manifest.hash) throw new AppError('validation', 'backups.damaged');
  const current = await readAccount(new EntityRepository(s.db, job.accountId), s.now);
  const before = await createBackup({
    db: s.db,
    files: bucket,
    accountId: job.accountId,
    initiator: 'restore-backup',
    // Dated when the restore was asked for: a step run again writes the same backup, not a second.
    now: () => new Date(job.createdAt),
    state: current,
  });
  const writes = planRestore(current, backup, s.now().toISOString());
  const parts = await storePlan(bucket, job.accountId, job.jobId, writes);
  const next: RestoreJob = {
    ...job,
    rev: job.rev + 1,
    state: 'running',
    stalls: 0,
    before: before.id,
    total: writes.length,
    parts,
    updatedAt: s.now().toISOString(),
  };
  return (await new RestoreJobs(s.db).save(next)) ? next : undefined;
}

/** The rest of the job goes to a new delivery: a new effect, written before it is sent. */
async function handOn(s: Deps, job: RestoreJob) {
  const step = job.step + 1;
  const next = { ...job, rev: job.rev + 1, step, updatedAt: s.now().toISOString() };
  if (!(await new RestoreJobs(s.db).save(next))) return;
  const effect = {
    id: restoreEffectId(job, step),
    kind: RESTORE_EFFECT,
    payload: { accountId: job.accountId, jobId: job.jobId },
  };
  // A crash between these two leaves this delivery unfinished: it is delivered again and hands on
  // again, under the same effect id (the outbox keeps one).
  await s.outbox.add(effect, s.now());
  await s.effects.send([effect.id]);
}

/**
 * Ends the job, done or failed (`error`, a message key), with the account's lock released and the
 * restore's audit entry (a restore runs no command, so it is recorded as an event), in one write.
 */
async function finish(s: Deps, job: RestoreJob, error?: string) {
  const jobs = new RestoreJobs(s.db);
  const now = s.now();
  const next: RestoreJob = {
    ...job,
    rev: job.rev + 1,
    state: error ? 'failed' : 'done',
    updatedAt: now.toISOString(),
    ...(error ? { error } : {}),
  };
  const summary = error
    ? `Restore of backup ${job.backupId} failed (${error}); ${job.done} of ${job.total ?? 0} records were written`
    : `Restored backup ${job.backupId} (${job.written} records written, ${job.deleted} deleted); the state before is backup ${job.before}`;
  const items = [
    jobs.saveItem(next),
    jobs.releaseItem(job),
    s.audit.item(job.accountId, {
      id: newId(),
      timestamp: now.toISOString(),
      createdBy: job.createdBy,
      action: 'backups.restore',
      subject: { id: job.backupId, resourceType: 'backup' },
      relatedSubjects: [],
      actionDetailsSummary: summary,
      actionDetailsDescription: summary,
      changes: [],
    }),
  ];
  try {
    await transactWrite(s.db, items);
  } catch (error) {
    // Another delivery of the job moved it on first: it ends it.
    if (error instanceof TransactionRefused && error.failedCondition(0)) return;
    throw error;
  }
  if (job.parts) await dropPlan(files(s), job.accountId, job.jobId, job.parts);
}

export function restoreStep(...[s, effect]: Parameters<EffectHandler>): Promise<void> {
  return runRestoreStep(s, String(effect.payload.accountId), String(effect.payload.jobId));
}
