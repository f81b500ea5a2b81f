import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { type Db, EntityRepository } from '@roundwise/db';
import {
  type BackupBucket,
  type BackupItem,
  type BackupManifest,
  backupId,
  dataKey,
  type InitiatorTask,
  manifestKey,
} from './backup-files.ts';
import { contentHash } from './content-hash.ts';
import { type AccountState, readAccount } from './read-account.ts';

const gz = promisify(gzip);

/**
 * Writes a backup of one account: its live entities as gzipped JSON lines (`{"type","entity"}`
 * each) and a manifest (counts per type and the content hash) beside it. The data goes first:
 * the listing reads data files, and a backup whose manifest is missing cannot be restored, so a
 * crash between the two leaves a backup that is listed and refused rather than one that is silently
 * incomplete. `state`: an account already read (a restore's own reading), else it is read here.
 */
export async function createBackup(options: {
  db: Db;
  files: BackupBucket;
  accountId: string;
  initiator: InitiatorTask;
  now?: () => Date;
  state?: AccountState;
}): Promise<BackupManifest> {
  const now = options.now ?? (() => new Date());
  const state =
    options.state ?? (await readAccount(new EntityRepository(options.db, options.accountId), now));
  const date = now();
  const id = backupId(date, options.initiator);
  const live = [...state.values()].filter((c) => !c.entity._deleted);
  const body = await gz(live.map((c) => JSON.stringify({ type: c.type, entity: c.entity })).join('\n'));
  const { counts, hash } = contentHash(live);
  const item: BackupItem = {
    id,
    date: date.toISOString(),
    size: body.length,
    initiatorTask: options.initiator,
  };
  const manifest: BackupManifest = {
    ...item,
    accountId: options.accountId,
    counts,
    hash,
    entities: live.length,
  };
  const { s3, bucket } = options.files;
  await s3.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: dataKey(options.accountId, id),
      Body: body,
      ContentType: 'application/gzip',
    }),
  );
  await s3.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: manifestKey(options.accountId, id),
      Body: JSON.stringify(manifest),
      ContentType: 'application/json',
    }),
  );
  return manifest;
}
