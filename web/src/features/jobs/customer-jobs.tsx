import './strings.ts';
import { type Customers, Jobs, type Rounds, Schedule, type Services, Visits } from '@roundwise/core';
import { CalendarCheck, CalendarDays, Clock, Pencil, Plus } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, secondaryButtonClass } from '../../components/form';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { useMoney } from '../../lib/format';
import { useMe } from '../../lib/me';
import { useEntities, useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { JobFormDialog } from './job-form-dialog';

const todayIso = () => new Date().toLocaleDateString('en-CA');

function useCustomerJobs(customerId: string) {
  const jobs = useEntityList<Jobs.Job>('job');
  return useMemo(
    () =>
      jobs
        .filter((j) => j.customerId === customerId && !j.quoteId)
        .sort((a, b) => a.createdDate.localeCompare(b.createdDate)),
    [jobs, customerId],
  );
}

function useFormatters() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const day = (iso: string) =>
    new Date(`${iso}T12:00:00`).toLocaleDateString(i18n.language, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
  const frequency = (job: Jobs.Job) => {
    const { key, params } = Schedule.frequencyMessage(job);
    return t(key, params);
  };
  return { money, day, frequency };
}

/**
 * The customer's jobs tab: each job's round, how often, price, duration, services, next visit.
 * The route adds what other areas show on a job (`extra`, at the foot of its card).
 */
export function CustomerJobs({
  customer,
  extra,
}: {
  customer: Customers.Customer;
  extra?: (job: Jobs.Job) => ReactNode;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const jobs = useCustomerJobs(customer._id);
  const rounds = useEntities<Rounds.Round>('round');
  const services = useEntities<Services.Service>('service');
  const { money, day, frequency } = useFormatters();
  const [editing, setEditing] = useState<Jobs.Job | 'new' | undefined>();
  const today = todayIso();
  return (
    <div className="flex flex-col gap-3" data-testid="customer-jobs">
      <div className="flex justify-end">
        <button type="button" className={secondaryButtonClass} onClick={() => setEditing('new')}>
          <Plus className="size-4" aria-hidden />
          {t('jobs.add')}
        </button>
      </div>
      {jobs.length === 0 && <p className="py-10 text-center text-muted-foreground">{t('jobs.empty')}</p>}
      {jobs.map((job) => {
        const round = job.rounds[0] ? rounds[job.rounds[0]] : undefined;
        const next = Schedule.nextDate(job, today);
        const names = job.services.map((id) => services[id]?.name).filter(Boolean);
        return (
          <Card key={job._id} className="flex flex-col gap-2" data-testid="job-card">
            <div className="flex items-start gap-2">
              <div className="min-w-0 flex-1">
                <div className="font-medium">{frequency(job)}</div>
                <div className="text-sm text-muted-foreground">
                  {names.length ? names.join(', ') : t('jobs.no-services')}
                </div>
              </div>
              <div className="text-right font-medium">{money(job.price)}</div>
              <button
                type="button"
                className={secondaryButtonClass}
                aria-label={t('jobs.edit')}
                onClick={() => setEditing(job)}
              >
                <Pencil className="size-4" aria-hidden />
              </button>
            </div>
            <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
              {round && (
                <span className="flex items-center gap-1">
                  <span className="size-2 rounded-full" style={{ background: round.color }} aria-hidden />
                  {round.description}
                </span>
              )}
              <span className="flex items-center gap-1">
                <Clock className="size-3.5" aria-hidden />
                {t('jobs.minutes', { count: job.duration ?? me.account.settings.defaultJobDuration })}
              </span>
              <span className="flex items-center gap-1">
                <CalendarDays className="size-3.5" aria-hidden />
                {next ? t('jobs.next-visit', { date: day(next) }) : t('jobs.no-next-visit')}
              </span>
            </div>
            {job.notes && <p className="whitespace-pre-wrap text-sm">{job.notes}</p>}
            {job.portalBooking && <PortalBooking job={job} day={day(job.date)} />}
            {extra?.(job)}
          </Card>
        );
      })}
      <JobFormDialog
        open={editing !== undefined}
        onOpenChange={(open) => !open && setEditing(undefined)}
        customer={customer}
        job={editing === 'new' ? undefined : editing}
      />
    </div>
  );
}

/** A job the customer booked on the portal: waiting until the business confirms it. */
function PortalBooking({ job, day }: { job: Jobs.Job; day: string }) {
  const { t } = useTranslation();
  const confirm = useCommand(Jobs.confirmBooking);
  const confirmed = !!job.portalBooking?.confirmedAt;
  return (
    <div
      className="flex flex-wrap items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm"
      data-testid="portal-booking"
    >
      <CalendarCheck className="size-4" aria-hidden />
      <span className="flex-1">
        {t(confirmed ? 'jobs.portal-booking-confirmed' : 'jobs.portal-booking-waiting', { date: day })}
      </span>
      {!confirmed && (
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() =>
            confirm.mutate({ _id: job._id }, { onError: (error) => toast.error(errorText(t, error)) })
          }
        >
          {t('jobs.portal-booking-confirm')}
        </button>
      )}
    </div>
  );
}

/** How many upcoming visits of each job the schedule tab lists. */
const VISITS_PER_JOB = 6;

/**
 * The customer's schedule tab: the next visits of all their jobs, soonest first, with the state
 * of any visit already recorded (done, skipped, moved). Dates come from core's schedule engine.
 */
export function CustomerSchedule({ customer }: { customer: Customers.Customer }) {
  const { t } = useTranslation();
  const jobs = useCustomerJobs(customer._id);
  const visitRecords = useEntities<Visits.VisitRecord>('visit');
  const rounds = useEntities<Rounds.Round>('round');
  const { money, day, frequency } = useFormatters();
  const today = todayIso();
  const visits = useMemo(() => {
    const recorded = new Map<string, Visits.VisitRecord>();
    for (const o of Object.values(visitRecords))
      if (o.customerId === customer._id) recorded.set(`${o.jobId}|${o.isoDueDate}`, o);
    return jobs
      .flatMap((job) =>
        Schedule.nextDates(job, today, VISITS_PER_JOB).map((due) => {
          const o = recorded.get(`${job._id}|${due}`);
          return {
            job,
            due,
            planned: o?.isoPlannedDate ?? due,
            status: o?.status,
            price: o?.price ?? job.price,
          };
        }),
      )
      .sort((a, b) => a.planned.localeCompare(b.planned));
  }, [jobs, visitRecords, customer._id, today]);
  if (visits.length === 0)
    return <p className="py-10 text-center text-muted-foreground">{t('jobs.schedule-empty')}</p>;
  return (
    <ul className="divide-y rounded-lg border" data-testid="customer-schedule">
      {visits.map((v) => {
        const round = v.job.rounds[0] ? rounds[v.job.rounds[0]] : undefined;
        return (
          <li key={`${v.job._id}|${v.due}`} className="flex items-center gap-3 px-4 py-3">
            <div className="min-w-0 flex-1">
              <div className="font-medium" data-testid="visit-date" data-date={v.planned}>
                {day(v.planned)}
              </div>
              <div className="truncate text-xs text-muted-foreground">
                {[frequency(v.job), round?.description].filter(Boolean).join(' · ')}
                {v.planned !== v.due && ` · ${t('jobs.moved-from', { date: day(v.due) })}`}
              </div>
            </div>
            {v.status !== undefined && v.status !== Visits.VisitStatus.NotDone && (
              <span className="rounded-full bg-muted px-2 py-0.5 text-xs">
                {t(v.status === Visits.VisitStatus.Done ? 'jobs.visit-done' : 'jobs.visit-skipped')}
              </span>
            )}
            <span className="text-sm">{money(v.price)}</span>
          </li>
        );
      })}
    </ul>
  );
}
