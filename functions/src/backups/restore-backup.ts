import { type Actor, AppError, type Change, type Entity } from '@roundwise/core';
import { type Db, EntityRepository } from '@roundwise/db';
import type { BackupBucket, BackupManifest } from './backup-files.ts';
import { contentHash, contentOf } from './content-hash.ts';
import { createBackup } from './create-backup.ts';
import { findBackup } from './find-backup.ts';
import { readAccount, stateKey } from './read-account.ts';
import { readBackup } from './read-backup.ts';

export interface RestoreResult {
  /** The backup of the state the restore replaced (initiator restore-backup). */
  before: BackupManifest;
  restored: BackupManifest;
  /** Records written back or changed to the backup's content. */
  written: number;
  /** Records the backup did not have, now deleted. */
  deleted: number;
}

/**
 * Puts the account back as the backup holds it. A backup of the current state is taken first, so
 * the restore itself can be undone. Then, record by record against the current state:
 * - a record the backup holds with other content (or that was deleted since) is written back with
 *   the backup's content under a version above the current one,
 * - a record the backup does not hold is deleted (a tombstone, version above the current one),
 * - a record that already equals the backup is left alone.
 * Every write is stamped now, so it reaches every device through the change feed like any other
 * change: devices take the higher version and drop the tombstones (docs/architecture.md,
 * "Backups"). Nothing outside happens: records are written straight to the table, no command runs
 * and no outbox item is written, so no mail, message or charge is sent because of a restore.
 * A command that meets a restored record retries on the new version (`general.conflict`).
 */
export async function restoreBackup(options: {
  db: Db;
  files: BackupBucket;
  actor: Actor;
  backupId: string;
  now?: () => Date;
}): Promise<RestoreResult> {
  const { db, files, actor } = options;
  const now = options.now ?? (() => new Date());
  const manifest = await findBackup(files, actor, options.backupId);
  const backup = await readBackup(files, actor.accountId, manifest.id);
  // A damaged or partly written file is refused before anything changes.
  const check = contentHash(backup);
  if (check.hash !== manifest.hash) throw new AppError('validation', 'backups.damaged');

  const repo = new EntityRepository(db, actor.accountId);
  const current = await readAccount(repo, now);
  const before = await createBackup({
    db,
    files,
    accountId: actor.accountId,
    initiator: 'restore-backup',
    now,
    state: current,
  });

  const stamp = now().toISOString();
  const writes: Change[] = [];
  const wanted = new Map(backup.map((c) => [stateKey(c), c]));
  let deleted = 0;
  for (const [key, held] of current) {
    if (held.entity._deleted || wanted.has(key)) continue;
    const entity = {
      _id: held.entity._id,
      _version: held.entity._version + 1,
      _updatedAt: stamp,
      _deleted: true,
    };
    writes.push({ type: held.type, entity: entity as Entity });
    deleted++;
  }
  for (const [key, change] of wanted) {
    const held = current.get(key);
    if (held && !held.entity._deleted && contentOf(held) === contentOf(change)) continue;
    const version = Math.max(held?.entity._version ?? 0, change.entity._version) + 1;
    writes.push({ type: change.type, entity: { ...change.entity, _version: version, _updatedAt: stamp } });
  }
  await repo.batchPut(writes);
  return { before, restored: manifest, written: writes.length - deleted, deleted };
}
