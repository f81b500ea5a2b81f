import type { S3Client } from '@aws-sdk/client-s3';
import { AppError } from '@roundwise/core';

/** Where attachments live: the attachments bucket (S3 in production, s3rver locally). */
export interface AttachmentBucket {
  s3: S3Client;
  bucket: string;
}

/**
 * Keys. A file is `<accountId>/<id>`; an upload lands first at `incoming/<accountId>/<id>` and is
 * moved there once checked (record-upload.ts). Every key names its account, and the server only
 * ever signs or reads keys under the caller's own account, so no account can reach another's
 * files. Uploads that are never recorded stay under `incoming/`, which the bucket's lifecycle rule
 * empties after a day (stacks/storage.ts).
 */
export const INCOMING_PREFIX = 'incoming/';
export const fileKey = (accountId: string, id: string) => `${accountId}/${id}`;
export const incomingKey = (accountId: string, id: string) => `${INCOMING_PREFIX}${accountId}/${id}`;

/** The bucket, or 503 `attachment.storage-unavailable` where none is configured. */
export function bucketOf(bucket: AttachmentBucket | undefined): AttachmentBucket {
  if (!bucket) throw new AppError('unavailable', 'attachment.storage-unavailable');
  return bucket;
}
