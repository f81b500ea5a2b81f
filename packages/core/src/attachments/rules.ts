import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES, type AttachmentType } from './schema.ts';

export const isAllowedType = (type: string): type is AttachmentType =>
  (ATTACHMENT_TYPES as readonly string[]).includes(type);

/**
 * Why a file cannot be uploaded, as a message key, or undefined when it can: the same rule for
 * the upload control (before anything is sent), the upload link and the server's check of the
 * stored file.
 */
export function uploadRefusal(file: { type: string; size: number }): string | undefined {
  if (!isAllowedType(file.type)) return 'attachment.type-not-allowed';
  if (file.size <= 0) return 'attachment.empty';
  if (file.size > ATTACHMENT_MAX_BYTES) return 'attachment.too-large';
  return undefined;
}

export const isImage = (type: string) => type.startsWith('image/');

/** `related` with `ids` added, each once. */
export const withRelated = (related: readonly string[], ids: readonly string[]) => [
  ...new Set([...related, ...ids]),
];

/** The effect that deletes an attachment's file from the bucket (functions/src/attachments/). */
export const DELETE_OBJECT_EFFECT = 'attachment.delete-object';
