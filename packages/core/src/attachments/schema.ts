import { z } from 'zod';
import { Id } from '../entity.ts';

/**
 * What may be uploaded (our decision; the spec names no limits): photos and PDFs, the files a
 * round business attaches to a quote or a job (the house, the conservatory roof, a signed form),
 * up to 10 MB each (a phone's full-size photo). No SVG or HTML: a file is served back to browsers
 * from the bucket, and those could run script there.
 */
export const ATTACHMENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'application/pdf',
] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

export const AttachmentName = z
  .string()
  .trim()
  .min(1, 'attachment.name-required')
  .max(200, 'attachment.name-too-long');

/**
 * A file in the account's attachments bucket (spec 001 section 3, "Attachment (image library)",
 * with the fields quotes need). Written only by the server once the file is in the bucket
 * (functions/src/attachments/record-upload.ts), so every record names a file that exists.
 * `related`: the records it belongs to (a quote, the jobs a quote became, a customer).
 */
export const Attachment = z.object({
  _id: Id,
  name: AttachmentName,
  contentType: z.enum(ATTACHMENT_TYPES, 'attachment.type-not-allowed'),
  size: z.number().int().min(1).max(ATTACHMENT_MAX_BYTES),
  /** The object's key: `<accountId>/<id>`, so no account's key is another's. */
  key: z.string().max(300),
  createdDate: z.string(),
  createdBy: z.string(),
  related: z.array(Id).max(200).default([]),
});
export type Attachment = z.infer<typeof Attachment>;
