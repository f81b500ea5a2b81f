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
  try {
    const object = await files.s3.send(
      new GetObjectCommand({ Bucket: files.bucket, Key: manifestKey(actor.accountId, id) }),
    );
    const manifest = JSON.parse(await object.Body!.transformToString()) as BackupManifest;
    if (manifest.accountId !== actor.accountId || manifest.id !== id) throw notFound();
    return manifest;
  } catch (error) {
    if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') throw notFound();
    throw error;
  }
}
