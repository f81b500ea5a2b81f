import { type Customers, type Entity, type Jobs, type Rounds, Schedule, Visits } from '@roundwise/core';
import { useMemo } from 'react';
import { useMe } from './me';
import { useEntities, useEntityList, useSyncStatus } from './sync/hooks';

export type Job = Entity<Jobs.Job>;
export type VisitRecord = Entity<Visits.VisitRecord>;
export type Customer = Entity<Customers.Customer>;
export type Round = Entity<Rounds.Round>;
export type Visit = Visits.Visit;

/**
 * Everything the schedule screens read, from the offline cache only (so they work offline and
 * show a command's result at once): jobs, visit records, customers and rounds, plus the account's
 * default visit duration and round names for the engine's ordering.
 */
export function useScheduleData() {
  const me = useMe();
  const jobs = useEntityList<Jobs.Job>('job');
  const visitRecords = useEntityList<Visits.VisitRecord>('visit');
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
    visitRecords,
    customers,
    rounds,
    roundNames,
    defaultDuration,
    /** Nothing cached yet while the first sync runs: show a skeleton, not "no visits". */
    loading: jobs.length === 0 && sync.state === 'syncing',
  };
}

/**
 * Jobs with a stored visit planned on each day (moved or not: a stored visit shows on its planned
 * day even when the job's frequency changed since). Built once per change of the list, so moving
 * from day to day does not scan 20,000 visits.
 */
export function jobsByPlannedDay(visitRecords: readonly VisitRecord[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const o of visitRecords) {
    const set = out.get(o.isoPlannedDate);
    if (set) set.add(o.jobId);
    else out.set(o.isoPlannedDate, new Set([o.jobId]));
  }
  return out;
}

const NO_JOBS: ReadonlySet<string> = new Set();

/**
 * One day's visits, as `visitsBetween` gives them, computed on the jobs that can have a visit that
 * day only: those due that day and those with a stored visit planned on it (a fraction of the work
 * on a large round; `schedule.test.ts` checks the results are the same).
 */
export function dayItems(input: {
  jobs: readonly Job[];
  visitRecords: readonly VisitRecord[];
  byJob: ReadonlyMap<string, readonly Visits.StoredVisit[]>;
  /** `jobsByPlannedDay(visit records)` when the caller keeps it. */
  byPlannedDay?: ReadonlyMap<string, ReadonlySet<string>>;
  day: string;
  defaultDuration?: number;
  roundNames?: ReadonlyMap<string, string>;
}): Visit[] {
  const { jobs, visitRecords, byJob, day } = input;
  const planned = (input.byPlannedDay ?? jobsByPlannedDay(visitRecords)).get(day) ?? NO_JOBS;
  const d = Schedule.dayNumber(day);
  // `dueDays` over the one day: the same as `isDueDate`, on day numbers, no date strings.
  const dayJobs = jobs.filter((j) => planned.has(j._id) || Schedule.dueDays(j, d, d, 1).length > 0);
  return Visits.visitsBetween({
    jobs: dayJobs,
    visitRecords: NO_RECORDS,
    byJob,
    from: day,
    to: day,
    defaultDuration: input.defaultDuration,
    roundNames: input.roundNames,
  });
}

const NO_RECORDS: readonly VisitRecord[] = [];

/** The visits planned from `from` to `to` (inclusive), in the schedule's order. */
export function useItems(from: string, to: string) {
  const data = useScheduleData();
  const { jobs, visitRecords, defaultDuration, roundNames } = data;
  // Built once per change of the lists, so moving from day to day does not regroup them.
  const byJob = useMemo(() => Visits.recordsByJob(visitRecords), [visitRecords]);
  const byPlannedDay = useMemo(() => jobsByPlannedDay(visitRecords), [visitRecords]);
  const items = useMemo(() => {
    if (from !== to)
      return Visits.visitsBetween({ jobs, visitRecords, byJob, from, to, defaultDuration, roundNames });
    return dayItems({ jobs, visitRecords, byJob, byPlannedDay, day: from, defaultDuration, roundNames });
  }, [jobs, visitRecords, byJob, byPlannedDay, from, to, defaultDuration, roundNames]);
  return { ...data, byJob, items };
}

/**
 * The visit with visit id `id` (a stored visit's id, or the deterministic id of a
 * computed one, `<jobId>-<YYYYMMDD>`): looked up on its stored visit, else on the day its
 * id names.
 */
export function findItem(
  id: string,
  data: Pick<ReturnType<typeof useScheduleData>, 'jobs' | 'visitRecords' | 'defaultDuration'>,
): Visit | undefined {
  const stored = data.visitRecords.find((o) => o._id === id);
  const day = stored?.isoPlannedDate ?? dayOfId(id);
  if (!day) return undefined;
  const jobs = stored ? data.jobs.filter((j) => j._id === stored.jobId) : data.jobs;
  return Visits.visitsBetween({
    jobs,
    visitRecords: data.visitRecords,
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
