import './strings.ts';
import { Attachments } from '@roundwise/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, FileText, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { attachmentLinkQuery, fileSize } from '../../lib/attachments/api';
import { errorText } from '../../lib/errors';
import { useEntities } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { useOnline } from '../../lib/use-online';

type Attachment = Attachments.Attachment;

/**
 * The files of a record (a quote's `attachments`, or every one for the library), from the
 * device's synced records: name, size, a thumbnail for a photo (online: the file comes through a
 * short-lived link) and Open. `onRemove` adds a remove button (the form's unlink, the library's
 * delete). Ids whose record is gone (deleted elsewhere) are left out.
 */
export function AttachmentList({
  ids,
  onRemove,
  removeLabel,
}: {
  ids: readonly string[];
  onRemove?: (attachment: Attachment) => void;
  removeLabel?: string;
}) {
  const byId = useEntities<Attachment>('attachment');
  const items = ids.flatMap((id) => (byId[id] ? [byId[id]] : []));
  if (items.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" data-testid="attachment-list">
      {items.map((a) => (
        <AttachmentRow key={a._id} attachment={a} onRemove={onRemove} removeLabel={removeLabel} />
      ))}
    </ul>
  );
}

function AttachmentRow({
  attachment,
  onRemove,
  removeLabel,
}: {
  attachment: Attachment;
  onRemove?: (attachment: Attachment) => void;
  removeLabel?: string;
}) {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const client = useQueryClient();
  const image = Attachments.isImage(attachment.contentType);
  const link = useQuery({ ...attachmentLinkQuery(attachment._id), enabled: online && image });

  // The tab opens at once (a popup opened after an await is blocked), then goes to the file.
  const open = async () => {
    const tab = window.open('', '_blank');
    try {
      const { url } = await client.fetchQuery(attachmentLinkQuery(attachment._id));
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      tab?.close();
      toast.error(`${t('attachments.open-failed')} ${errorText(t, error)}`);
    }
  };

  return (
    <li className="flex items-center gap-3 rounded-md border p-2" data-testid="attachment">
      <div className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded bg-muted">
        {image && link.data ? (
          <img src={link.data.url} alt={attachment.name} className="size-full object-cover" />
        ) : (
          <FileText className="size-6 text-muted-foreground" aria-hidden />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{attachment.name}</p>
        <p className="text-xs text-muted-foreground">{fileSize(attachment.size, i18n.language)}</p>
      </div>
      <button
        type="button"
        className="inline-flex h-8 items-center gap-1 rounded-md px-2 text-sm hover:bg-accent disabled:opacity-50"
        disabled={!online}
        onClick={() => void open()}
      >
        <ExternalLink className="size-4" aria-hidden />
        {t('attachments.open')}
      </button>
      {onRemove && (
        <button
          type="button"
          className="inline-flex size-8 items-center justify-center rounded-md hover:bg-accent"
          aria-label={`${removeLabel ?? t('attachments.remove')} ${attachment.name}`}
          onClick={() => onRemove(attachment)}
        >
          <X className="size-4" aria-hidden />
        </button>
      )}
    </li>
  );
}
