import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { AuthRepository, type Db, EntityRepository } from '@roundwise/db';

const gz = promisify(gzip);

/**
 * The nightly backup: every account's entities (tombstones included, so a restore knows what was
 * deleted) as gzipped JSON lines at `<accountId>/<date>-auto.jsonl.gz` in the backups bucket.
 * Safe to run twice: the same night's object is simply replaced.
 */
export async function runNightlyBackup(options: { db: Db; s3: S3Client; bucket: string; now?: Date }) {
  const now = options.now ?? new Date();
  const accounts = await new AuthRepository(options.db).listAccounts();
  const written: { accountId: string; key: string; entities: number; bytes: number }[] = [];
  for (const account of accounts) {
    const repo = new EntityRepository(options.db, account.accountId);
    const lines: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      // A far-future clock: the backup wants everything written so far, not the feed's safety lag.
      const page = await repo.changedSince(cursor, 5000, new Date(now.getTime() + 60_000));
      for (const change of page.changes) lines.push(JSON.stringify(change));
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    const body = await gz(lines.join('\n'));
    const key = `${account.accountId}/${now.toISOString().slice(0, 10)}-auto.jsonl.gz`;
    await options.s3.send(
      new PutObjectCommand({ Bucket: options.bucket, Key: key, Body: body, ContentType: 'application/gzip' }),
    );
    written.push({ accountId: account.accountId, key, entities: lines.length, bytes: body.length });
  }
  return written;
}
