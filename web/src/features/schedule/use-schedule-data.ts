import {
  type Customers,
  type Entity,
  type Jobs,
  type Occurrences,
  type Rounds,
  Schedule,
} from '@roundwise/core';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useMe } from '../../lib/me';
import { useEntities, useEntityList, useSyncStatus } from '../../lib/sync/hooks';

export type Job = Entity<Jobs.Job>;
export type Occurrence = Entity<Occurrences.Occurrence>;
export type Customer = Entity<Customers.Customer>;
export type Round = Entity<Rounds.Round>;
export type ScheduleItem = Schedule.ScheduleItem;

/**
 * The business's today. The account has no time-zone setting yet, so the device's zone stands for
 * the business's (staff work where the business is); `todayIn` is the engine's one use of a zone.
 */
export function businessToday(): string {
  return Schedule.todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/**
 * Everything the schedule screens read, from the offline cache only (so they work offline and
 * show a command's result at once): jobs, occurrences, customers and rounds, plus the account's
 * default visit duration and round names for the engine's ordering.
 */
export function useScheduleData() {
  const me = useMe();
  const jobs = useEntityList<Jobs.Job>('job');
  const occurrences = useEntityList<Occurrences.Occurrence>('occurrence');
  const customers = useEntities<Customers.Customer>('customer');
  const rounds = useEntities<Rounds.Round>('round');
  const sync = useSyncStatus();
  const roundNames = useMemo(
    () => new Map(Object.values(rounds).map((r) => [r._id, r.description] as const)),
    [rounds],
  );
  const defaultDuration = me.account.settings.defaultJobDuration;
  return {
    jobs,
    occurrences,
    customers,
    rounds,
    roundNames,
    defaultDuration,
    /** Nothing cached yet while the first sync runs: show a skeleton, not "no visits". */
    loading: jobs.length === 0 && sync.state === 'syncing',
  };
}

/**
 * One day's visits, as `scheduleItems` gives them, computed on the jobs that can have a visit that
 * day only: those due that day and those with a stored visit moved onto it (a fraction of the work
 * on a large round; `day-items.test.ts` checks the results are the same).
 */
export function dayItems(input: {
  jobs: readonly Job[];
  occurrences: readonly Occurrence[];
  byJob: ReadonlyMap<string, readonly Schedule.StoredOccurrence[]>;
  day: string;
  defaultDuration?: number;
  roundNames?: ReadonlyMap<string, string>;
}): ScheduleItem[] {
  const { jobs, occurrences, byJob, day } = input;
  const moved = new Set(occurrences.filter((o) => o.isoPlannedDate === day).map((o) => o.jobId));
  const dayJobs = jobs.filter((j) => moved.has(j._id) || Schedule.isDueDate(j, day));
  return Schedule.scheduleItems({
    jobs: dayJobs,
    occurrences: dayJobs.flatMap((j) => byJob.get(j._id) ?? []),
    from: day,
    to: day,
    defaultDuration: input.defaultDuration,
    roundNames: input.roundNames,
  });
}

/** The visits planned from `from` to `to` (inclusive), in the schedule's order. */
export function useItems(from: string, to: string) {
  const data = useScheduleData();
  const { jobs, occurrences, defaultDuration, roundNames } = data;
  // Built once per change of the lists, so moving from day to day does not regroup them.
  const byJob = useMemo(() => Schedule.occurrencesByJob(occurrences), [occurrences]);
  const items = useMemo(() => {
    if (from !== to)
      return Schedule.scheduleItems({ jobs, occurrences, from, to, defaultDuration, roundNames });
    return dayItems({ jobs, occurrences, byJob, day: from, defaultDuration, roundNames });
  }, [jobs, occurrences, byJob, from, to, defaultDuration, roundNames]);
  return { ...data, items };
}

/**
 * The visit with schedule item id `id` (a stored occurrence's id, or the deterministic id of a
 * computed one, `<jobId>-<YYYYMMDD>`): looked up on its stored occurrence, else on the day its
 * id names.
 */
export function findItem(
  id: string,
  data: Pick<ReturnType<typeof useScheduleData>, 'jobs' | 'occurrences' | 'defaultDuration'>,
): ScheduleItem | undefined {
  const stored = data.occurrences.find((o) => o._id === id);
  const day = stored?.isoPlannedDate ?? dayOfId(id);
  if (!day) return undefined;
  const jobs = stored ? data.jobs.filter((j) => j._id === stored.jobId) : data.jobs;
  return Schedule.scheduleItems({
    jobs,
    occurrences: data.occurrences,
    from: day,
    to: day,
    defaultDuration: data.defaultDuration,
  }).find((i) => i.id === id);
}

function dayOfId(id: string): string | undefined {
  const m = /-(\d{4})(\d{2})(\d{2})$/.exec(id);
  if (!m) return undefined;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  return Schedule.isIsoDate(iso) ? iso : undefined;
}

/** Money as the account shows it (GBP is the only currency the app offers). */
export function money(amount: number, language: string, currency = 'GBP'): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount);
}

/** "Sat 21 Nov 2026" for an ISO day, without the device's zone moving it. */
export function dayLabel(iso: string, language: string, style: 'long' | 'short' = 'short'): string {
  const { year, month, date } = Schedule.partsOf(iso);
  return new Date(Date.UTC(year, month, date)).toLocaleDateString(language, {
    timeZone: 'UTC',
    weekday: style === 'long' ? 'long' : 'short',
    day: 'numeric',
    month: style === 'long' ? 'long' : 'short',
    year: 'numeric',
  });
}

/** Hours and minutes of a duration in minutes: "45 min", "1 h 30 min". */
export function durationText(minutes: number, t: TFunction): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return t('schedule.minutes', { count: m });
  return m === 0 ? t('schedule.hours', { count: h }) : t('schedule.hours-minutes', { h, m });
}
