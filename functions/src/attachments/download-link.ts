import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Attachments } from '@roundwise/core';
import type { AttachmentBucket } from './bucket.ts';

/**
 * How long a download link works: long enough for the browser to start fetching the file (a
 * thumbnail, a PDF opened in a tab), too short to be worth passing around. A screen asks again
 * when it needs the file again.
 */
export const DOWNLOAD_LINK_SECONDS = 60;

/**
 * A short-lived signed link to an attachment's file. Images and PDFs open in the browser; the
 * stored content type is forced on the answer (a file is never sniffed as something else), and
 * the name is the one the uploader gave. Signed at the real time, never the runtime's test clock:
 * the bucket checks a link's age against its own clock.
 */
export function downloadLink(files: AttachmentBucket, attachment: Attachments.Attachment) {
  const name = attachment.name.replace(/["\\\r\n]/g, '_');
  return getSignedUrl(
    files.s3,
    new GetObjectCommand({
      Bucket: files.bucket,
      Key: attachment.key,
      ResponseContentType: attachment.contentType,
      ResponseContentDisposition: `inline; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(attachment.name)}`,
    }),
    { expiresIn: DOWNLOAD_LINK_SECONDS },
  );
}
