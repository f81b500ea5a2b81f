import './strings.ts';
import { Tracker } from '@roundwise/core';
import { Plus, Timer } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateNav } from '../../components/date-nav';
import { EmptyState } from '../../components/empty-state';
import { Screen } from '../../components/screen';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { businessToday } from '../../lib/dates';
import { DayGrid } from './day-grid';
import { DeleteEntry, EntriesDialog, EntryForm, type EntryFormState } from './entry-dialogs';
import { useTrackerSettings } from './settings';
import { SettingsPopover } from './settings-popover';
import { useTrackerDay } from './use-tracker-day';
import { WeekSummary } from './week-summary';

/** Running timers move on screen once a minute. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(id);
  }, []);
  return now;
}

/**
 * `tracker/home` (spec 002 section 2.10): the team's time on a day, from the start and stop
 * events of their visits. `filter` is the spec's empty sub-route.
 */
export function TrackerScreen({
  view,
  date,
  onDate,
}: {
  view: string;
  date?: string;
  onDate: (d: string) => void;
}) {
  const { t } = useTranslation();
  const today = businessToday();
  const day = date ?? today;
  const [settings, saveSettings] = useTrackerSettings();
  const now = useMinuteClock();
  const data = useTrackerDay(day, settings, now);
  const [worker, setWorker] = useState<string | undefined | null>(null);
  const [form, setForm] = useState<EntryFormState>();
  const [deleting, setDeleting] = useState<Tracker.TimeEntry>();
  const { customers } = data.schedule;
  const jobs = data.schedule.jobs;
  const jobCustomer = useMemo(() => new Map(jobs.map((j) => [j._id, j.customerId])), [jobs]);
  const labelOf = useCallback(
    (jobId: string) => customers[jobCustomer.get(jobId) ?? '']?.name ?? t('tracker.unknown-job'),
    [customers, jobCustomer, t],
  );
  const onEntry = useCallback((e: Tracker.TimeEntry) => setWorker(e.assigneeId), []);
  if (view === 'filter') return <Screen title={t('route.tracker')}>{null}</Screen>;
  const start = Tracker.minutesOfTime(settings.defaultDayStart) ?? Tracker.DEFAULT_DAY_START;
  const end = Tracker.minutesOfTime(settings.defaultDayEnd) ?? Tracker.DEFAULT_DAY_END;
  const workerEntries = worker ? (data.rows.find((r) => r.userId === worker)?.entries ?? []) : [];
  return (
    <Screen
      title={t('route.tracker')}
      actions={
        <div className="flex gap-2">
          <Button variant="outline" size="sm" className="h-9" onClick={() => setForm({ kind: 'create' })}>
            <Plus aria-hidden />
            {t('tracker.new-entry')}
          </Button>
          <SettingsPopover settings={settings} onSave={saveSettings} />
        </div>
      }
    >
      <div className="grid gap-4">
        <DateNav date={day} today={today} onChange={onDate} />
        <WeekSummary
          daily={data.weekly.daily}
          top={data.weekly.top}
          people={data.people}
          day={day}
          totals={data.dayTotals}
        />
        {data.loading ? (
          <Skeleton className="h-64" />
        ) : data.rows.length === 0 ? (
          <EmptyState icon={Timer} title={t('tracker.no-jobs-scheduled')} text={t('tracker.no-jobs-text')} />
        ) : (
          <DayGrid
            rows={data.rows}
            day={day}
            startMinute={start}
            endMinute={end}
            zone={data.zone}
            labelOf={labelOf}
            onWorker={setWorker}
            onEntry={onEntry}
          />
        )}
        <div>
          <Button variant="outline" onClick={() => setWorker(undefined)}>
            {t('tracker.entries-title')}
          </Button>
        </div>
      </div>
      {worker !== null && !form && !deleting && (
        <EntriesDialog
          userId={worker}
          people={data.people}
          entries={workerEntries}
          labelOf={labelOf}
          onClose={() => setWorker(null)}
          onPick={(id) => setWorker(id || undefined)}
          onEdit={(entry) => setForm({ kind: 'edit', entry })}
          onDelete={setDeleting}
          onCreate={(assigneeId) => setForm({ kind: 'create', assigneeId })}
        />
      )}
      {form && (
        <EntryForm
          state={form}
          day={day}
          zone={data.zone}
          people={data.people}
          visits={data.schedule.items}
          labelOf={labelOf}
          onClose={() => setForm(undefined)}
        />
      )}
      {deleting && <DeleteEntry entry={deleting} onClose={() => setDeleting(undefined)} />}
    </Screen>
  );
}
