import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import type { EffectHandler } from '../define-area.ts';
import { bucketOf } from './bucket.ts';

/**
 * The `attachment.delete-object` effect (`attachments.delete`, and a quote's deletion): removes
 * the file once the record's deletion is stored. Deleting a missing key succeeds, so delivering
 * it twice does no harm. The key comes from the stored record, read by the server's run.
 */
export async function deleteObject(...[s, effect]: Parameters<EffectHandler>): Promise<void> {
  const { key } = effect.payload as { key: string };
  const files = bucketOf(s.attachments);
  await files.s3.send(new DeleteObjectCommand({ Bucket: files.bucket, Key: key }));
}
