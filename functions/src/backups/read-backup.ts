import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { Change } from '@roundwise/core';
import { type BackupBucket, dataKey } from './backup-files.ts';

/** The backup's data file as stored: gzipped JSON lines. */
export async function backupFile(files: BackupBucket, accountId: string, id: string): Promise<Readable> {
  const object = await files.s3.send(
    new GetObjectCommand({ Bucket: files.bucket, Key: dataKey(accountId, id) }),
  );
  return object.Body as Readable;
}

/** The lines of a backup's data file, decompressed as they arrive. */
export async function* backupLines(
  files: BackupBucket,
  accountId: string,
  id: string,
): AsyncGenerator<string> {
  const body = await backupFile(files, accountId, id);
  const lines = createInterface({ input: body.pipe(createGunzip()), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) if (line) yield line;
}

/** Every entity of a backup. */
export async function readBackup(files: BackupBucket, accountId: string, id: string): Promise<Change[]> {
  const out: Change[] = [];
  for await (const line of backupLines(files, accountId, id)) out.push(JSON.parse(line) as Change);
  return out;
}
