import type { Entity, EntityType } from '@roundwise/core';
import { EntityRepository, TransactionRefused, transactWrite } from '@roundwise/db';
import type { Deps } from '../context.ts';
import { contentOf } from './content-hash.ts';
import type { PlannedWrite } from './restore-plan.ts';

/** Records per transaction: DynamoDB's most. */
export const RESTORE_CHUNK = 100;

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
 * Writes a chunk of the plan in one transaction: each record on condition of the version the plan
 * read. A record whose version moved since is read again: when it already holds what the restore
 * writes (this chunk was written before, by a delivery that died before recording its progress)
 * it is left out, so a chunk run again writes nothing twice; otherwise (a command committed during
 * the restore) it is written over the version now stored. Stamped at the write, so devices whose
 * feed cursor passed the restore's start still get it.
 */
export async function writeRestoreChunk(s: Deps, accountId: string, chunk: PlannedWrite[]): Promise<void> {
  const repo = new EntityRepository(s.db, accountId);
  let pending = chunk;
  for (let attempt = 0; pending.length > 0; attempt++) {
    const stamp = s.now().toISOString();
    try {
      await transactWrite(
        s.db,
        pending.map((w) => repo.writeItem(w.type, stamped(w, stamp), w.expected)),
      );
      return;
    } catch (error) {
      if (!(error instanceof TransactionRefused) || attempt >= 8) throw error;
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
