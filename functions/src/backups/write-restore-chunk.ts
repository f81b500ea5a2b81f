import type { Entity, EntityType } from '@roundwise/core';
import {
  EntityRepository,
  type RestoreJob,
  RestoreJobs,
  TransactionRefused,
  transactWrite,
} from '@roundwise/db';
import type { Deps } from '../context.ts';
import { contentOf } from './content-hash.ts';
import type { PlannedWrite } from './restore-plan.ts';

/** Records per transaction: DynamoDB's 100 items, less the job's own. */
export const RESTORE_CHUNK = 99;

/** The stored form of a planned write: a version above the one it replaces, stamped now. */
function stamped(write: PlannedWrite, stamp: string): Entity {
  const base = Math.max(write.expected ?? 0, write.entity._deleted ? 0 : (write.entity._version ?? 0));
  return { ...write.entity, _version: base + 1, _updatedAt: stamp };
}

/** Whether the record as stored already is what the write would make it. */
function alreadyThere(write: PlannedWrite, stored: Entity | undefined) {
  if (write.entity._deleted) return stored === undefined || stored._deleted === true;
  if (!stored || stored._deleted) return false;
  return (
    contentOf({ type: write.type, entity: stored }) === contentOf({ type: write.type, entity: write.entity })
  );
}

/**
 * Writes a chunk of the plan and the job's progress in ONE transaction, so the job's count and the
 * account never disagree: a run killed at any point leaves the chunk and its progress both written
 * or neither, and the next delivery goes on from the count. Each record is written on condition of
 * the version the plan read; a record changed since (a command that committed during the restore)
 * is read again and written over that version, or left out when it already holds the backup's
 * content. Stamped at the write, so devices whose feed cursor passed the restore's start still get
 * it. Returns the job as saved, or undefined when another run moved the job on first (it owns it).
 */
export async function writeRestoreChunk(
  s: Deps,
  job: RestoreJob,
  chunk: PlannedWrite[],
): Promise<RestoreJob | undefined> {
  const repo = new EntityRepository(s.db, job.accountId);
  const jobs = new RestoreJobs(s.db);
  let pending = chunk;
  for (let attempt = 0; ; attempt++) {
    const now = s.now();
    const stamp = now.toISOString();
    const deleted = pending.filter((w) => w.entity._deleted).length;
    const next: RestoreJob = {
      ...job,
      rev: job.rev + 1,
      stalls: 0,
      updatedAt: stamp,
      done: job.done + chunk.length,
      written: job.written + pending.length - deleted,
      deleted: job.deleted + deleted,
    };
    const items = pending.map((w) => repo.writeItem(w.type, stamped(w, stamp), w.expected));
    try {
      await transactWrite(s.db, [...items, jobs.saveItem(next)]);
      return next;
    } catch (error) {
      if (!(error instanceof TransactionRefused)) throw error;
      if (error.failedCondition(items.length)) return undefined;
      if (attempt >= 8) throw error;
      const stale = pending.filter((_, i) => error.failedCondition(i));
      if (stale.length === 0) {
        // Another transaction held one of the items: try again shortly.
        await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
        continue;
      }
      const stored = await readStored(repo, stale);
      pending = pending.flatMap((w) => {
        if (!stale.includes(w)) return [w];
        const now = stored.get(`${w.type}\t${w.entity._id}`);
        return alreadyThere(w, now) ? [] : [{ ...w, expected: now?._version ?? null }];
      });
    }
  }
}

/** The stored items (tombstones included) of some planned writes, keyed `type\tid`. */
async function readStored(repo: EntityRepository, writes: PlannedWrite[]) {
  const byType = new Map<EntityType, string[]>();
  for (const w of writes) byType.set(w.type, [...(byType.get(w.type) ?? []), w.entity._id]);
  const stored = new Map<string, Entity>();
  for (const [type, ids] of byType) {
    for (const entity of await repo.getManyRaw(type, ids)) stored.set(`${type}\t${entity._id}`, entity);
  }
  return stored;
}
