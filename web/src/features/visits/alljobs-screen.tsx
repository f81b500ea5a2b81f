import './strings.ts';
import { Schedule, Visits } from '@roundwise/core';
import { useNavigate } from '@tanstack/react-router';
import { clsx } from 'clsx';
import { Briefcase } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { SearchBar } from '../../components/menu-bars/search-bar';
import { Screen } from '../../components/screen';
import { Skeleton } from '../../components/ui/skeleton';
import { businessToday } from '../../lib/dates';
import { dayLabel, money } from '../../lib/format';
import { useScheduleData } from '../../lib/schedule';
import { VirtualList } from './virtual-list';
import { StatusBadge } from './visit-row';

/**
 * `alljobs`: every booked job with its representative visit (spec 000 section 4: the not-done
 * visit nearest today), its next date and frequency; searchable by customer, address or round.
 */
export function AllJobsScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const today = useMemo(businessToday, []);
  const { jobs, visitRecords, customers, rounds, defaultDuration, loading } = useScheduleData();
  const [search, setSearch] = useState('');

  const rows = useMemo(() => {
    const byJob = Visits.recordsByJob(visitRecords);
    const out = [];
    for (const job of jobs) {
      const rep = Visits.representativeVisit(job, byJob.get(job._id) ?? [], today, defaultDuration);
      if (!rep) continue; // an unbooked quote's job has no visits
      const customer = customers[job.customerId];
      const round = job.rounds[0] ? rounds[job.rounds[0]] : undefined;
      const freq = Schedule.frequencyMessage(job);
      out.push({
        job,
        rep,
        customer,
        round,
        next: Schedule.nextDate(job, today),
        frequency: t(freq.key, freq.params),
        text: `${customer?.name ?? ''} ${customer?.address.addressDescription ?? ''} ${round?.description ?? ''}`.toLowerCase(),
      });
    }
    return out.sort((a, b) => (a.customer?.name ?? '').localeCompare(b.customer?.name ?? ''));
  }, [jobs, visitRecords, customers, rounds, today, defaultDuration, t]);
  const shown = useMemo(() => {
    const words = search.toLowerCase().split(/\s+/).filter(Boolean);
    return words.length ? rows.filter((r) => words.every((w) => r.text.includes(w))) : rows;
  }, [rows, search]);

  return (
    <Screen
      title={t('route.alljobs')}
      bars={<SearchBar value={search} onSearch={setSearch} placeholder={t('schedule.search-jobs')} />}
    >
      <p className="mb-3 text-sm text-muted-foreground">
        {t('schedule.jobs-count', { count: shown.length })}
      </p>
      {loading ? (
        <Skeleton className="h-64" />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={Briefcase}
          title={search ? t('schedule.no-jobs-match-title') : t('schedule.no-jobs-title')}
          text={search ? t('schedule.no-jobs-match-text') : t('schedule.no-jobs-text')}
        />
      ) : (
        <VirtualList
          label={t('route.alljobs')}
          items={shown}
          getKey={(r) => r.job._id}
          render={(r) => (
            <button
              type="button"
              data-testid="job-row"
              className="flex w-full items-center gap-3 border-b px-4 py-3 text-left hover:bg-accent"
              style={{ boxShadow: r.round ? `inset 4px 0 0 ${r.round.color}` : undefined }}
              onClick={() =>
                navigate({
                  to: '/schedule/{-$date}/{-$scheduleItemId}',
                  params: { date: r.rep.isoPlannedDate, scheduleItemId: r.rep.id },
                })
              }
            >
              <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="truncate font-medium">
                  {r.customer?.name ?? t('schedule.unknown-customer')}
                </span>
                <span className="truncate text-sm text-muted-foreground">
                  {r.customer?.address.addressDescription}
                </span>
                <span className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
                  <span>{r.frequency}</span>
                  {r.round && <span>{r.round.description}</span>}
                  <span className="font-medium text-foreground">{money(r.job.price, i18n.language)}</span>
                </span>
              </span>
              <span className="flex shrink-0 flex-col items-end gap-1 text-right text-xs">
                <StatusBadge item={r.rep} />
                <span
                  className={clsx(
                    r.rep.status === Visits.VisitStatus.NotDone &&
                      r.rep.isoPlannedDate < today &&
                      'text-destructive',
                  )}
                >
                  {dayLabel(r.rep.isoPlannedDate, i18n.language)}
                </span>
                {r.next !== r.rep.isoPlannedDate && (
                  <span className="text-muted-foreground">
                    {r.next
                      ? t('schedule.next-on', { date: dayLabel(r.next, i18n.language) })
                      : t('schedule.no-next')}
                  </span>
                )}
              </span>
            </button>
          )}
        />
      )}
    </Screen>
  );
}
