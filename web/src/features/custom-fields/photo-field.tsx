import './strings.ts';
import { Attachments } from '@roundwise/core';
import { Camera } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentList } from '../../components/attachments/attachment-list';
import { secondaryButtonClass } from '../../components/form';
import { useUploadAttachment } from '../../lib/attachments/api';
import { useOnline } from '../../lib/use-online';
import { useProblem } from '../../lib/use-problem';

/** The longest side of a photo kept on the device until it can be uploaded. */
const SMALL = 640;

/** A photo made small as a JPEG data URL (what an answer holds while there is no signal). */
export async function smallPhoto(file: Blob): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, SMALL / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', 0.6);
}

/**
 * A photo answer. Online it goes to the attachments store and the answer keeps its id; with no
 * signal it is kept small in the answer itself, and uploaded when the device is back online
 * (`usePendingPhotos`), so a worker at a door is never stopped by the signal.
 */
export function PhotoField({
  value,
  related,
  onChange,
}: {
  value: string;
  related: string[];
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const upload = useUploadAttachment();
  const input = useRef<HTMLInputElement>(null);
  const hint = useId();
  const [problem, setProblem] = useProblem();
  const take = async (file: File) => {
    setProblem(undefined);
    try {
      if (!online) {
        const small = await smallPhoto(file).catch(() => undefined);
        return small ? onChange(small) : setProblem('custom-fields.photo-unreadable');
      }
      const { result } = await upload.mutateAsync({ file, related });
      onChange(result._id);
    } catch (error) {
      setProblem(error);
    }
  };
  return (
    <div className="grid gap-2">
      <input
        ref={input}
        type="file"
        hidden
        accept={Attachments.ATTACHMENT_TYPES.filter((x) => x.startsWith('image/')).join(',')}
        capture="environment"
        data-testid="photo-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void take(file);
        }}
      />
      {value.startsWith('data:') ? (
        <img
          src={value}
          alt={t('custom-fields.photo-taken')}
          className="max-h-48 rounded-md border object-contain"
        />
      ) : (
        value && <AttachmentList ids={[value]} />
      )}
      <button
        type="button"
        className={`${secondaryButtonClass} justify-self-start`}
        aria-describedby={hint}
        disabled={upload.isPending}
        onClick={() => input.current?.click()}
      >
        <Camera className="size-4" aria-hidden />
        {t(value ? 'custom-fields.retake-photo' : 'custom-fields.take-photo')}
      </button>
      <p id={hint} className="text-xs text-muted-foreground">
        {t(online ? 'custom-fields.photo-hint' : 'custom-fields.photo-offline')}
      </p>
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}

/**
 * Photos this device kept in answers while offline go to the attachments store once it is online:
 * each is uploaded and its answer changed to the attachment's id (a new answer, so it is settled
 * like any other). Only the device whose user took the photo does it, once per photo.
 */
export function usePendingPhotos(pending: PendingPhoto[]) {
  const online = useOnline();
  const upload = useUploadAttachment();
  const started = useRef(new Set<string>());
  const { mutateAsync } = upload;
  useEffect(() => {
    if (!online) return;
    for (const photo of pending) {
      if (started.current.has(photo.key)) continue;
      started.current.add(photo.key);
      const bytes = Uint8Array.from(atob(photo.dataUrl.split(',')[1] ?? ''), (c) => c.charCodeAt(0));
      const file = new File([bytes], 'photo.jpg', { type: 'image/jpeg' });
      void mutateAsync({ file, related: photo.related })
        .then(({ result }) => photo.replace(result._id))
        // A failed upload is tried again the next time the screen opens online.
        .catch(() => started.current.delete(photo.key));
    }
  }, [online, pending, mutateAsync]);
}

export interface PendingPhoto {
  key: string;
  dataUrl: string;
  related: string[];
  replace: (attachmentId: string) => void;
}
