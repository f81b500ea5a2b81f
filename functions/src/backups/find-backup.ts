import { GetObjectCommand, NoSuchKey } from '@aws-sdk/client-s3';
import { type Actor, AppError } from '@roundwise/core';
import { type BackupBucket, type BackupManifest, manifestKey, parseBackupId } from './backup-files.ts';
import { maySee } from './visible-backups.ts';

const notFound = () => new AppError('not-found', 'backups.not-found');

/**
 * The manifest of one of the actor's account's backups, or `backups.not-found`: for an id that is
 * not one, another account's, one the visibility rule hides from the actor, or a backup whose
 * manifest was never written (a crash between its two files).
 */
export async function findBackup(files: BackupBucket, actor: Actor, id: string): Promise<BackupManifest> {
  const parsed = parseBackupId(id);
  if (!parsed || !maySee(actor, parsed)) throw notFound();
  return readManifest(files, actor.accountId, id);
}

/** The manifest of an account's backup, or `backups.not-found` (the worker's read: no actor). */
export async function readManifest(
  files: BackupBucket,
  accountId: string,
  id: string,
): Promise<BackupManifest> {
  try {
    const object = await files.s3.send(
      new GetObjectCommand({ Bucket: files.bucket, Key: manifestKey(accountId, id) }),
    );
    const manifest = JSON.parse(await object.Body!.transformToString()) as BackupManifest;
    if (manifest.accountId !== accountId || manifest.id !== id) throw notFound();
    return manifest;
  } catch (error) {
    if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') throw notFound();
    throw error;
  }
}
