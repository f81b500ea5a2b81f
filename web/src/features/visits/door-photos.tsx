import './strings.ts';
import type { Attachments } from '@roundwise/core';
import { useTranslation } from 'react-i18next';
import { AttachmentList } from '../../components/attachments/attachment-list';
import { useEntityList } from '../../lib/sync/hooks';

/**
 * The photos of a visit's job or customer (attachments related to either), on the visit's own
 * screen: not in the schedule day's panel, which is a first screen and leaves the attachments'
 * code and texts to a later download.
 */
export function DoorPhotos({ jobId, customerId }: { jobId: string; customerId?: string }) {
  const { t } = useTranslation();
  const attachments = useEntityList<Attachments.Attachment>('attachment');
  const photos = attachments
    .filter((a) => a.related.includes(jobId) || (customerId !== undefined && a.related.includes(customerId)))
    .map((a) => a._id);
  if (photos.length === 0) return null;
  return (
    <section className="mt-4 grid gap-1 text-sm" aria-label={t('schedule.door-photos')}>
      <p className="text-muted-foreground">{t('schedule.door-photos')}</p>
      <AttachmentList ids={photos} />
    </section>
  );
}
