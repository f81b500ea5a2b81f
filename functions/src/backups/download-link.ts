import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { type BackupBucket, dataKey } from './backup-files.ts';

/** How long a download link works: long enough to start the download, too short to pass around. */
export const DOWNLOAD_LINK_SECONDS = 60;

/**
 * A short-lived signed link to the backup's file in the bucket (spec 002 section 7: "download
 * through a short URL"). The browser downloads from S3 directly: a backup can be far larger than a
 * Lambda answer may be (6 MB), and the API never holds it.
 */
export function downloadLink(files: BackupBucket, accountId: string, id: string) {
  return getSignedUrl(
    files.s3,
    new GetObjectCommand({
      Bucket: files.bucket,
      Key: dataKey(accountId, id),
      ResponseContentDisposition: `attachment; filename="roundwise-backup-${id}.jsonl.gz"`,
      ResponseContentType: 'application/gzip',
    }),
    { expiresIn: DOWNLOAD_LINK_SECONDS },
  );
}
