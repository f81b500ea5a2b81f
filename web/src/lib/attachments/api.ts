import { AppError, Attachments, type Change, newId, offline, validation } from '@roundwise/core';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../http';
import { applyChanges } from '../sync/cache';
import { useAccountId } from '../sync/hooks';

type Attachment = Attachments.Attachment;

/** A name the server takes (at most 200 characters), keeping the extension. */
export function attachmentName(fileName: string): string {
  const name = fileName.trim() || 'file';
  if (name.length <= 200) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return name.slice(0, 200 - ext.length) + ext;
}

/**
 * One file, the three steps of docs/api.md ("Attachments"): an upload link, the PUT straight to
 * the bucket, the record. Checked here first with core's rule, so a file the server would refuse
 * is never sent. Needs the network: a file is not queued offline (a photo can be megabytes, and
 * the device's queue holds commands, not files).
 */
export async function uploadAttachment(
  file: File,
  related: readonly string[],
): Promise<{ result: Attachment; changes: Change[] }> {
  const refusal = Attachments.uploadRefusal({ type: file.type, size: file.size });
  if (refusal) throw validation(refusal);
  const link = await answer(
    api.attachments.uploads.$post({ json: { contentType: file.type, size: file.size } }),
  );
  let put: Response;
  try {
    put = await fetch(link.url, { method: link.method, body: file, headers: link.headers });
  } catch (error) {
    throw offline({ message: String(error) });
  }
  if (!put.ok) throw new AppError('internal', 'attachment.upload-missing');
  return answer(
    api.attachments.$post({
      json: { id: link.id, name: attachmentName(file.name), related: [...related], commandId: newId() },
    }),
  );
}

/** Uploads a file and puts its record on the device at once (the sync would bring it later). */
export function useUploadAttachment() {
  const client = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: ({ file, related }: { file: File; related: readonly string[] }) =>
      uploadAttachment(file, related),
    // An upload needs the network; it is not paused and replayed like a command.
    networkMode: 'always',
    onSuccess: ({ changes }) => {
      if (accountId) applyChanges(client, accountId, changes, 'server');
    },
  });
}

/**
 * A short-lived link to a file (60 s on the server): fetched when a thumbnail or an Open needs
 * it, thought fresh for 45 s and dropped soon after, so an expired link is never reused.
 */
export const attachmentLinkQuery = (id: string) =>
  queryOptions({
    queryKey: ['attachment-link', id],
    queryFn: () => answer(api.attachments[':id'].$get({ param: { id } })),
    staleTime: 45_000,
    gcTime: 50_000,
    retry: false,
  });

/** Sizes as people read them: 820 KB, 3.4 MB. */
export function fileSize(bytes: number, locale: string): string {
  const fmt = (n: number, unit: string) =>
    `${new Intl.NumberFormat(locale, { maximumFractionDigits: n < 10 ? 1 : 0 }).format(n)} ${unit}`;
  if (bytes < 1024 * 1024) return fmt(Math.max(1, Math.round(bytes / 1024)), 'KB');
  return fmt(bytes / (1024 * 1024), 'MB');
}
