import { AuthRepository, type Db } from '@roundwise/db';
import { errorFields, log } from '../log.ts';
import type { BackupBucket } from './backup-files.ts';
import { createBackup } from './create-backup.ts';
import { listBackups } from './list-backups.ts';

/**
 * The nightly backup (EventBridge at 02:00 UTC; the local scheduler): a backup of every account,
 * initiator `auto`. Safe to run twice a night: an account that already has that day's automatic
 * backup is skipped. One account's failure does not stop the others; it is reported and thrown at
 * the end, so the schedule's run shows as failed.
 */
export async function runNightlyBackup(options: { db: Db; files: BackupBucket; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  const accounts = await new AuthRepository(options.db).listAccounts();
  const written: { accountId: string; id: string; entities: number; bytes: number }[] = [];
  const failed: string[] = [];
  for (const { accountId } of accounts) {
    try {
      const day = now().toISOString().slice(0, 10);
      const existing = await listBackups(options.files, accountId);
      if (existing.some((b) => b.initiatorTask === 'auto' && b.date.startsWith(day))) continue;
      const backup = await createBackup({ ...options, now, accountId, initiator: 'auto' });
      written.push({ accountId, id: backup.id, entities: backup.entities, bytes: backup.size });
    } catch (error) {
      log({ type: 'error', job: 'nightlyBackup', accountId, ...errorFields(error) });
      failed.push(accountId);
    }
  }
  if (failed.length > 0)
    throw new Error(`Nightly backup failed for ${failed.length} accounts: ${failed.join(', ')}`);
  return written;
}
