import { PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { type Actor, Attachments, newId, validation } from '@roundwise/core';
import { type AttachmentBucket, incomingKey } from './bucket.ts';

/** How long an upload link works: enough to start sending a 10 MB photo on a slow phone signal. */
export const UPLOAD_LINK_SECONDS = 300;

/**
 * A presigned PUT for one file, straight into the bucket under the caller's account. Why not
 * through the API: a Lambda request body is at most 6 MB (less once API Gateway base64-encodes a
 * binary body) and the API's own limit is 1 MiB; a phone photo is often larger, and streaming it
 * through a function would spend its time and memory on bytes it does not read. The signature
 * covers the content type and the length, so S3 refuses a different type or size; the server
 * still checks the stored object before recording it (record-upload.ts), because the local
 * s3rver checks neither.
 */
export async function uploadLink(
  files: AttachmentBucket,
  actor: Actor,
  file: { contentType: string; size: number },
) {
  const refusal = Attachments.uploadRefusal({ type: file.contentType, size: file.size });
  if (refusal) throw validation(refusal, { max: String(Attachments.ATTACHMENT_MAX_BYTES) });
  const id = newId();
  const url = await getSignedUrl(
    files.s3,
    new PutObjectCommand({
      Bucket: files.bucket,
      Key: incomingKey(actor.accountId, id),
      ContentType: file.contentType,
      ContentLength: file.size,
    }),
    {
      expiresIn: UPLOAD_LINK_SECONDS,
      signableHeaders: new Set(['content-type', 'content-length']),
    },
  );
  return { id, url, method: 'PUT' as const, headers: { 'content-type': file.contentType } };
}
