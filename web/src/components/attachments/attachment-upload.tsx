import './strings.ts';
import { Attachments } from '@roundwise/core';
import { Paperclip, WifiOff } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadAttachment } from '../../lib/attachments/api';
import { errorText } from '../../lib/errors';
import { useOnline } from '../../lib/use-online';
import { secondaryButtonClass } from '../form';

/**
 * The upload control any screen can place (a quote's form, the attachments library): pick one or
 * more photos or PDFs; each is checked on the device, uploaded and recorded, then handed to
 * `onUploaded`. Offline the button is off and says why: a file needs the network, and nothing
 * else the user typed on the screen is touched.
 */
export function AttachmentUpload({
  related = [],
  onUploaded,
}: {
  related?: readonly string[];
  onUploaded?: (attachment: Attachments.Attachment) => void;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const upload = useUploadAttachment();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [uploading, setUploading] = useState<string>();
  const [problems, setProblems] = useState<string[]>([]);

  const send = async (files: File[]) => {
    setProblems([]);
    for (const file of files) {
      setUploading(file.name);
      try {
        const { result } = await upload.mutateAsync({ file, related });
        onUploaded?.(result);
      } catch (error) {
        setProblems((p) => [
          ...p,
          `${t('attachments.upload-failed', { name: file.name })} ${errorText(t, error)}`,
        ]);
      }
    }
    setUploading(undefined);
  };

  return (
    <div className="flex flex-col gap-1.5" data-testid="attachment-upload">
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={Attachments.ATTACHMENT_TYPES.join(',')}
        data-testid="attachment-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) void send(files);
        }}
      />
      <button
        type="button"
        className={`${secondaryButtonClass} self-start`}
        disabled={!online || !!uploading}
        aria-describedby={hintId}
        onClick={() => input.current?.click()}
      >
        <Paperclip className="size-4" aria-hidden />
        {t('attachments.add')}
      </button>
      <p id={hintId} className="flex items-center gap-1.5 text-xs text-muted-foreground">
        {online ? (
          t('attachments.limits')
        ) : (
          <>
            <WifiOff className="size-3.5 shrink-0" aria-hidden />
            <span data-testid="attachments-offline">{t('attachments.offline')}</span>
          </>
        )}
      </p>
      {uploading && (
        <p role="status" className="text-xs">
          {t('attachments.uploading', { name: uploading })}
        </p>
      )}
      {problems.map((p) => (
        <p key={p} role="alert" className="text-xs text-destructive">
          {p}
        </p>
      ))}
    </div>
  );
}
