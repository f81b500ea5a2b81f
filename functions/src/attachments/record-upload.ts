import {
  CopyObjectCommand,
  DeleteObjectCommand,
  HeadObjectCommand,
  type HeadObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { type Actor, Attachments, type CommandDef, defineCommand, Id, validation } from '@roundwise/core';
import { z } from 'zod';
import { runDefinedCommand } from '../commands/run-command.ts';
import type { Deps } from '../context.ts';
import { type AttachmentBucket, bucketOf, fileKey, incomingKey } from './bucket.ts';

/**
 * Writes the attachment record. Server-only (defined here, not in an area, so no device can send
 * it): a record is written only for a file the server has checked and moved into place.
 */
export const recordAttachment: CommandDef = defineCommand({
  name: 'attachments.record',
  input: Attachments.Attachment.omit({ createdDate: true, createdBy: true }),
  access: Attachments.access,
  async run(ctx, fields) {
    return ctx.store.put<Attachments.Attachment>('attachment', {
      ...fields,
      createdDate: ctx.now.toISOString(),
      createdBy: ctx.actor.email,
    });
  },
});

export const RecordUpload = z.object({
  id: Id,
  name: Attachments.AttachmentName,
  related: z.array(Id).max(20).default([]),
  commandId: z.string().min(1).max(64),
});

const head = (files: AttachmentBucket, Key: string) =>
  files.s3.send(new HeadObjectCommand({ Bucket: files.bucket, Key })).catch((error: { name?: string }) => {
    if (error.name === 'NotFound' || error.name === 'NoSuchKey') return undefined;
    throw error;
  });

/**
 * `POST /api/attachments`: the upload at `incoming/<account>/<id>` is checked (its stored type and
 * size, whatever the browser claimed), moved to `<account>/<id>` and recorded, once per
 * `commandId`. A file that breaks the rules is deleted and refused with its key; nothing is
 * recorded. Sent again after the move (a retry), the file already in place is recorded.
 */
export async function recordUpload(s: Deps, actor: Actor, body: z.output<typeof RecordUpload>) {
  const files = bucketOf(s.attachments);
  const from = incomingKey(actor.accountId, body.id);
  const to = fileKey(actor.accountId, body.id);
  let stored: HeadObjectCommandOutput | undefined = await head(files, from);
  if (stored) {
    const refusal = Attachments.uploadRefusal({
      type: stored.ContentType ?? '',
      size: stored.ContentLength ?? 0,
    });
    if (refusal) {
      await files.s3.send(new DeleteObjectCommand({ Bucket: files.bucket, Key: from }));
      throw validation(refusal);
    }
    await files.s3.send(
      new CopyObjectCommand({
        Bucket: files.bucket,
        CopySource: `${files.bucket}/${from}`,
        Key: to,
        ContentType: stored.ContentType,
        MetadataDirective: 'REPLACE',
      }),
    );
    await files.s3.send(new DeleteObjectCommand({ Bucket: files.bucket, Key: from }));
  } else {
    stored = await head(files, to);
    if (!stored) throw validation('attachment.upload-missing');
  }
  return runDefinedCommand(s, actor, recordAttachment, body.commandId, {
    _id: body.id,
    name: body.name,
    contentType: stored.ContentType,
    size: stored.ContentLength,
    key: to,
    related: body.related,
  });
}
