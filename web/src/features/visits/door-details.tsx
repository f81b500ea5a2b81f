import './strings.ts';
import { Notifications, newId, type Services, Visits } from '@roundwise/core';
import { KeyRound, MessageSquare, Navigation, Phone, Send } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { dayLabel } from '../../lib/format';
import { useMe } from '../../lib/me';
import type { Customer, Job, Visit, VisitRecord } from '../../lib/schedule';
import { useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';

/** The phone's own maps app, driving to the point (Apple Maps on iPhone and iPad, else Google Maps). */
export function directionsHref([lng, lat]: readonly [number, number], userAgent = navigator.userAgent) {
  const at = `${lat},${lng}`;
  return /iPhone|iPad|iPod|Macintosh/.test(userAgent)
    ? `https://maps.apple.com/?daddr=${at}&dirflg=d`
    : `https://www.google.com/maps/dir/?api=1&destination=${at}&travelmode=driving`;
}

const telHref = (n: string) => n.replace(/[^\d+]/g, '');

/**
 * What a worker needs at the door, from the device's own data (so offline too): ring or text the
 * customer, "On my way" (an SMS through messaging, paid in credits, queued offline and sent once:
 * the device makes its id), directions to the job's spot, how to get in, the work (services and
 * its description, a converted quote's items included), and the last visit's notes
 * (the photos: `DoorPhotos`, on the visit's own screen).
 */
export function DoorDetails({ item, job, customer }: { item: Visit; job?: Job; customer?: Customer }) {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const onMyWay = useCommand(Notifications.onMyWay);
  const services = useEntityList<Services.Service>('service');
  const records = useEntityList<VisitRecord>('visit');
  const phone = customer?.mobileNumber?.trim() || customer?.telephoneNumber?.trim() || '';
  const mobile = customer?.mobileNumber?.trim() || '';
  // The server's contact rule: "On my way" only to a customer who chose SMS.
  const textable = !!customer && Notifications.channelsOf(customer).includes('SMS');
  const lngLat = (job?.location?.lngLat ?? customer?.address.lngLat) as [number, number] | undefined;
  const serviceNames = (job?.services ?? []).flatMap((id) => {
    const s = services.find((x) => x._id === id);
    return s ? [s.name] : [];
  });
  // The latest visit of this job before this one that left notes.
  const last = useMemo(
    () =>
      records
        .filter(
          (r) =>
            r.jobId === item.jobId &&
            r.isoPlannedDate < item.isoPlannedDate &&
            r.status === Visits.VisitStatus.Done &&
            r.notes?.trim(),
        )
        .sort((a, b) => b.isoPlannedDate.localeCompare(a.isoPlannedDate))[0],
    [records, item.jobId, item.isoPlannedDate],
  );

  const sendOnMyWay = () => {
    if (!customer) return;
    const first = customer.name.split(' ')[0] ?? customer.name;
    onMyWay.mutate(
      {
        _id: newId(),
        jobId: item.jobId,
        isoDueDate: item.isoDueDate,
        content: t('schedule.door-on-my-way-text', { name: first, business: me.account.businessName }),
      },
      { onError: (e) => toast.error(errorText(t, e)) },
    );
    toast.success(t('schedule.door-on-my-way-sent', { name: customer.name }));
  };

  return (
    <section aria-label={t('schedule.door-title')} className="grid gap-3" data-testid="door-details">
      <div className="grid grid-cols-2 gap-2 desktop:flex desktop:flex-wrap">
        {phone ? (
          <Button asChild variant="outline">
            <a href={`tel:${telHref(phone)}`}>
              <Phone aria-hidden />
              {t('schedule.door-call')}
            </a>
          </Button>
        ) : null}
        {mobile ? (
          <Button asChild variant="outline">
            <a href={`sms:${telHref(mobile)}`}>
              <MessageSquare aria-hidden />
              {t('schedule.door-text')}
            </a>
          </Button>
        ) : null}
        {lngLat ? (
          <Button asChild variant="outline">
            <a href={directionsHref(lngLat)} target="_blank" rel="noreferrer">
              <Navigation aria-hidden />
              {t('schedule.door-directions')}
            </a>
          </Button>
        ) : null}
        {textable && item.status === Visits.VisitStatus.NotDone ? (
          <Button variant="outline" onClick={sendOnMyWay} disabled={onMyWay.isPending}>
            <Send aria-hidden />
            {t('schedule.door-on-my-way')}
          </Button>
        ) : null}
      </div>
      {!phone && <p className="text-xs text-muted-foreground">{t('schedule.door-no-phone')}</p>}
      {customer?.accessDetails?.trim() && (
        <div className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
          <p className="flex items-center gap-1.5 font-medium">
            <KeyRound className="size-4" aria-hidden />
            {t('schedule.door-access')}
          </p>
          <p className="whitespace-pre-wrap" data-testid="door-access">
            {customer.accessDetails}
          </p>
        </div>
      )}
      <dl className="grid gap-2 text-sm">
        {(serviceNames.length > 0 || job?.notes?.trim()) && (
          <div>
            <dt className="text-muted-foreground">{t('schedule.door-work')}</dt>
            <dd data-testid="door-work">
              {serviceNames.length > 0 && <p className="font-medium">{serviceNames.join(', ')}</p>}
              {job?.notes?.trim() && <p className="whitespace-pre-wrap">{job.notes}</p>}
            </dd>
          </div>
        )}
        {customer?.notes?.trim() && (
          <div>
            <dt className="text-muted-foreground">{t('schedule.door-customer-notes')}</dt>
            <dd className="whitespace-pre-wrap">{customer.notes}</dd>
          </div>
        )}
        {last && (
          <div>
            <dt className="text-muted-foreground">
              {t('schedule.door-last-visit', { date: dayLabel(last.isoPlannedDate, i18n.language, 'long') })}
            </dt>
            <dd className="whitespace-pre-wrap" data-testid="door-last-visit">
              {last.notes}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
