import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { BackupBucket, BackupItem } from './backup-files.ts';
import { parseBackupId } from './backup-files.ts';

/** Every backup of the account, newest first, from the bucket's listing (no index to keep). */
export async function listBackups(files: BackupBucket, accountId: string): Promise<BackupItem[]> {
  const items: BackupItem[] = [];
  let token: string | undefined;
  do {
    const page = await files.s3.send(
      new ListObjectsV2Command({ Bucket: files.bucket, Prefix: `${accountId}/`, ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) {
      const name = object.Key?.slice(accountId.length + 1) ?? '';
      if (!name.endsWith('.jsonl.gz')) continue;
      const id = name.slice(0, -'.jsonl.gz'.length);
      const parsed = parseBackupId(id);
      if (parsed) items.push({ id, ...parsed, size: object.Size ?? 0 });
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return items.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}
