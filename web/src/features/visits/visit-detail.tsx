import './strings.ts';
import { Schedule, Visits } from '@roundwise/core';
import { useRouter } from '@tanstack/react-router';
import {
  CalendarArrowUp,
  Check,
  NotebookPen,
  PoundSterling,
  SkipForward,
  Undo2,
  User,
  UserPlus,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { dayLabel, money } from '../../lib/format';
import { type Person, personName } from '../../lib/people';
import type { Customer, Job, Visit } from '../../lib/schedule';
import { customerHref } from './customer-link';
import { DoorDetails } from './door-details';
import { durationText } from './duration-text';
import { RatingRequest } from './rating-request';
import type { VisitActions } from './use-visit-actions';
import type { VisitDialogKind } from './visit-dialogs';
import { StatusBadge } from './visit-row';

/** One visit in full, with every action the user's role allows (the day view's panel, "my job"). */
export function VisitDetail({
  item,
  job,
  customer,
  people,
  roundName,
  canPlan,
  actions,
  onDialog,
  timer,
}: {
  item: Visit;
  job: Job | undefined;
  customer: Customer | undefined;
  people: Person[];
  roundName?: string;
  canPlan: boolean;
  actions: VisitActions;
  onDialog: (kind: VisitDialogKind, item: Visit) => void;
  /** The worker's Start, on their own visit ("my work"). */
  timer?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const router = useRouter();
  const frequency = job && Schedule.frequencyMessage(job);
  const names = item.assignees
    .map((id) =>
      personName(
        people.find((p) => p.userId === id),
        id,
        t,
      ),
    )
    .join(', ');
  return (
    <div data-testid="visit-detail" className="grid gap-4">
      <div className="grid gap-1">
        <div className="flex items-center gap-2">
          <h2 className="min-w-0 flex-1 truncate text-lg font-semibold">
            {customer?.name ?? t('schedule.unknown-customer')}
          </h2>
          <StatusBadge item={item} />
        </div>
        {(job?.location?.addressDescription || customer?.address.addressDescription) && (
          <p className="whitespace-pre-line text-sm text-muted-foreground">
            {job?.location?.addressDescription || customer?.address.addressDescription}
          </p>
        )}
      </div>
      <DoorDetails item={item} job={job} customer={customer} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <Row label={t('schedule.planned')}>{dayLabel(item.isoPlannedDate, i18n.language, 'long')}</Row>
        {item.isoDueDate !== item.isoPlannedDate && (
          <Row label={t('schedule.due')}>{dayLabel(item.isoDueDate, i18n.language, 'long')}</Row>
        )}
        <Row label={t('schedule.price')}>{money(item.price, i18n.language)}</Row>
        <Row label={t('schedule.duration')}>{durationText(item.duration, t)}</Row>
        {frequency && <Row label={t('schedule.frequency')}>{t(frequency.key, frequency.params)}</Row>}
        {roundName && <Row label={t('schedule.round')}>{roundName}</Row>}
        <Row label={t('schedule.assignees')}>{names || t('schedule.nobody-assigned')}</Row>
        {item.status === Visits.VisitStatus.Skipped && item.skipReason && (
          <Row label={t('schedule.skip-reason')}>{item.skipReason}</Row>
        )}
        {item.completedDate && (
          <Row label={t('schedule.completed')}>
            {new Date(item.completedDate).toLocaleString(i18n.language, {
              dateStyle: 'medium',
              timeStyle: 'short',
            })}
          </Row>
        )}
        <Row label={t('schedule.notes')}>
          <span className="whitespace-pre-wrap">{item.notes || t('schedule.no-notes')}</span>
        </Row>
      </dl>
      <div className="flex flex-wrap items-center gap-2">
        {timer}
        {item.status === Visits.VisitStatus.NotDone ? (
          <>
            <Button onClick={() => actions.complete(item)}>
              <Check aria-hidden />
              {t('schedule.mark-done')}
            </Button>
            <Button variant="outline" onClick={() => onDialog('skip', item)}>
              <SkipForward aria-hidden />
              {t('schedule.skip')}
            </Button>
          </>
        ) : (
          <Button variant="outline" onClick={() => actions.undo(item)}>
            <Undo2 aria-hidden />
            {t('schedule.undo')}
          </Button>
        )}
        <Button variant="outline" onClick={() => onDialog('notes', item)}>
          <NotebookPen aria-hidden />
          {t('schedule.notes')}
        </Button>
        <RatingRequest item={item} customer={customer} />
        {canPlan && (
          <>
            <Button variant="outline" onClick={() => onDialog('price', item)}>
              <PoundSterling aria-hidden />
              {t('schedule.change-price')}
            </Button>
            <Button variant="outline" onClick={() => onDialog('assign', item)}>
              <UserPlus aria-hidden />
              {t('schedule.assign')}
            </Button>
            {item.status !== Visits.VisitStatus.Done && (
              <Button variant="outline" onClick={() => onDialog('move', item)}>
                <CalendarArrowUp aria-hidden />
                {t('schedule.move-date')}
              </Button>
            )}
            {customer && (
              <Button variant="ghost" onClick={() => router.navigate({ href: customerHref(customer._id) })}>
                <User aria-hidden />
                {t('schedule.view-customer')}
              </Button>
            )}
          </>
        )}
      </div>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}
