import type { Job } from '../jobs/schema.ts';
import { addDays, dayNumber, isoOfDay } from '../schedule/dates.ts';
import { dueDays, nextDate, previousDate } from '../schedule/frequency.ts';
import { visitId } from './ids.ts';
import type { VisitRecord } from './record.ts';
import { VisitStatus } from './status.ts';

/** The fields of a job the schedule reads. */
export type ScheduleJob = Pick<
  Job,
  | '_id'
  | 'customerId'
  | 'rounds'
  | 'date'
  | 'price'
  | 'frequencyType'
  | 'frequencyInterval'
  | 'frequencyDayOfMonth'
  | 'frequencyDayOfWeek'
  | 'frequencyWeekOfMonth'
  | 'duration'
  | 'assignees'
  | 'quoteId'
>;
export type StoredVisit = Omit<VisitRecord, 'rounds' | 'plannedOrder' | 'assignees'> &
  Partial<Pick<VisitRecord, 'rounds' | 'plannedOrder' | 'assignees'>>;

/**
 * One visit of a job: a stored visit, or a virtual one computed from the job's frequency
 * (nothing stored until the visit carries state). The fields are the visit record's (spec 000
 * section 3); a virtual visit takes the job's price, rounds and assignees, and the planned order
 * of the job's latest stored visit due before it (so a reorder sticks to later visits).
 */
export interface Visit {
  /** The stored visit's id, else `visitId(jobId, isoDueDate)` (what it will be stored as). */
  id: string;
  jobId: string;
  customerId: string;
  /** Whether a stored visit backs this visit. */
  stored: boolean;
  /** 0 = not done, 1 = done, 2 = skipped. */
  status: VisitStatus;
  isoDueDate: string;
  /** The day the visit is planned for: the due date unless it was moved. */
  isoPlannedDate: string;
  price: number;
  rounds: string[];
  plannedOrder: number;
  assignees: string[];
  /** Minutes: the job's duration, else the account's default job duration. */
  duration: number;
  skipReason?: string;
  notes?: string;
  completedDate?: string;
}

export interface VisitsInput {
  jobs: readonly ScheduleJob[];
  /** Stored visits (any jobs; those of jobs not given are ignored). */
  visitRecords: readonly StoredVisit[];
  /** Inclusive range of planned dates, `YYYY-MM-DD`. */
  from: string;
  to: string;
  /** The account's `defaultJobDuration` (minutes), for jobs with no duration of their own. */
  defaultDuration?: number;
  /** Round names by id: items sort by round name when given, else by round id. */
  roundNames?: ReadonlyMap<string, string>;
  /**
   * Customers whose jobs get no computed visits (inactive customers: a customer who stopped is not
   * visited, nor overdue); their stored visits still show, as history.
   */
  inactiveCustomers?: ReadonlySet<string>;
  /**
   * `recordsByJob(visit records)`, when the caller already has it (a screen builds it once per
   * change of the list): saves regrouping 20,000 visits on every call; `visit records` is then not read.
   */
  byJob?: ReadonlyMap<string, readonly StoredVisit[]>;
}

const NONE: readonly StoredVisit[] = [];

/** Stored visits grouped by job, each job's sorted by due date. */
export function recordsByJob(visitRecords: readonly StoredVisit[]): Map<string, StoredVisit[]> {
  const map = new Map<string, StoredVisit[]>();
  for (const o of visitRecords) {
    const list = map.get(o.jobId);
    if (list) list.push(o);
    else map.set(o.jobId, [o]);
  }
  // Stores and the seed mostly hold a job's visits in date order already: check before sorting.
  for (const list of map.values())
    if (!isSortedByDue(list)) list.sort((a, b) => cmp(a.isoDueDate, b.isoDueDate));
  return map;
}

function isSortedByDue(list: readonly StoredVisit[]): boolean {
  for (let i = 1; i < list.length; i++) if (list[i - 1]!.isoDueDate > list[i]!.isoDueDate) return false;
  return true;
}

export function storedVisit(o: StoredVisit, job: ScheduleJob, defaultDuration = 30): Visit {
  const item: Visit = {
    id: o._id,
    jobId: o.jobId,
    customerId: o.customerId,
    stored: true,
    status: o.status,
    isoDueDate: o.isoDueDate,
    isoPlannedDate: o.isoPlannedDate,
    price: o.price,
    rounds: o.rounds ?? job.rounds,
    plannedOrder: o.plannedOrder ?? 0,
    assignees: o.assignees ?? job.assignees,
    duration: job.duration ?? defaultDuration,
  };
  if (o.skipReason !== undefined) item.skipReason = o.skipReason;
  if (o.notes !== undefined) item.notes = o.notes;
  if (o.completedDate !== undefined) item.completedDate = o.completedDate;
  return item;
}

/**
 * The virtual visit of `job` due on `isoDueDate`. `stored` is the job's stored visits sorted
 * by due date (for the inherited planned order).
 */
export function virtualVisit(
  job: ScheduleJob,
  isoDueDate: string,
  stored: readonly StoredVisit[] = [],
  defaultDuration = 30,
): Visit {
  return {
    id: visitId(job._id, isoDueDate),
    jobId: job._id,
    customerId: job.customerId,
    stored: false,
    status: VisitStatus.NotDone,
    isoDueDate,
    isoPlannedDate: isoDueDate,
    price: job.price,
    rounds: job.rounds,
    plannedOrder: inheritedOrder(stored, isoDueDate),
    assignees: job.assignees,
    duration: job.duration ?? defaultDuration,
  };
}

/** Planned order of the latest stored visit due before `due`, else the first one's, else 0. */
function inheritedOrder(stored: readonly StoredVisit[], due: string): number {
  let order: number | undefined;
  for (const o of stored) {
    if (o.isoDueDate > due) break;
    order = o.plannedOrder;
  }
  return order ?? stored[0]?.plannedOrder ?? 0;
}

/** Jobs on a quote that is not yet booked have no visits (rounds' Quote tab shows them instead). */
export const isBooked = (job: Pick<ScheduleJob, 'quoteId'>): boolean => !job.quoteId;

/**
 * Every visit planned from `from` to `to` (inclusive): the stored visits planned in the range,
 * plus a virtual visit for each due date in the range that has no stored visit. A moved
 * visit record appears on its planned date, not its due date. Sorted by planned date, then round
 * (first round; no round last), then planned order, then job id.
 */
export function visitsBetween(input: VisitsInput): Visit[] {
  return sortVisits(collect(input, false), input.roundNames);
}

/**
 * The visits of `visitsBetween`, unsorted; with `notDoneOnly`, only those with status 0 (what
 * `overdue` needs: most past visits are stored done, and are then never turned into items).
 */
function collect(input: VisitsInput, notDoneOnly: boolean): Visit[] {
  const { jobs, from, to, defaultDuration = 30 } = input;
  const byJob = input.byJob ?? recordsByJob(input.visitRecords);
  const out: Visit[] = [];
  const fromDay = dayNumber(from);
  const toDay = dayNumber(to);
  for (const job of jobs) {
    if (!isBooked(job)) continue;
    const stored = byJob.get(job._id) ?? NONE;
    for (const o of stored) {
      if (notDoneOnly && o.status !== VisitStatus.NotDone) continue;
      if (o.isoPlannedDate >= from && o.isoPlannedDate <= to) out.push(storedVisit(o, job, defaultDuration));
    }
    if (input.inactiveCustomers?.has(job.customerId)) continue;
    // Walk the due dates and the job's stored visits (both by due date) together: a due date
    // with a stored visit is that visit record; the others are virtual, inheriting the planned
    // order of the latest stored visit before them (as `virtualVisit`).
    const duration = job.duration ?? defaultDuration;
    let p = 0;
    let order = stored[0]?.plannedOrder ?? 0;
    for (const d of dueDays(job, fromDay, toDay)) {
      const iso = isoOfDay(d);
      let isStored = false;
      while (p < stored.length && stored[p]!.isoDueDate <= iso) {
        const o = stored[p]!;
        order = o.plannedOrder ?? 0;
        if (o.isoDueDate === iso) isStored = true;
        p++;
      }
      if (isStored) continue;
      out.push({
        id: visitId(job._id, iso),
        jobId: job._id,
        customerId: job.customerId,
        stored: false,
        status: VisitStatus.NotDone,
        isoDueDate: iso,
        isoPlannedDate: iso,
        price: job.price,
        rounds: job.rounds,
        plannedOrder: order,
        assignees: job.assignees,
        duration,
      });
    }
  }
  return out;
}

export function sortVisits(items: Visit[], roundNames?: ReadonlyMap<string, string>): Visit[] {
  // Rank the rounds once (by name when given; no round last), so visits compare by integers.
  const roundIds = [...new Set(items.map((i) => i.rounds[0] ?? ''))];
  const key = (r: string) =>
    r === '' ? '\uffff' : roundNames ? `${(roundNames.get(r) ?? r).toLowerCase()}\u0000${r}` : r;
  const keys = new Map(roundIds.map((r) => [r, key(r)]));
  roundIds.sort((a, b) => cmp(keys.get(a)!, keys.get(b)!));
  const rankOf = new Map(roundIds.map((r, i) => [r, i]));
  const rank = new Int32Array(items.length);
  // Bucket by day first: a year's 27,000 visits sort as 365 small lists.
  const byDay = new Map<string, number[]>();
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    rank[i] = rankOf.get(item.rounds[0] ?? '')!;
    const list = byDay.get(item.isoPlannedDate);
    if (list) list.push(i);
    else byDay.set(item.isoPlannedDate, [i]);
  }
  const out: Visit[] = [];
  for (const day of [...byDay.keys()].sort()) {
    const list = byDay.get(day)!;
    list.sort((a, b) => {
      const x = items[a]!;
      const y = items[b]!;
      return (
        rank[a]! - rank[b]! ||
        x.plannedOrder - y.plannedOrder ||
        cmp(x.jobId, y.jobId) ||
        cmp(x.isoDueDate, y.isoDueDate)
      );
    });
    for (const i of list) out.push(items[i]!);
  }
  return out;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The visit that stands for a job in lists (round detail, customer's jobs): the not-done visit
 * planned nearest to `today` (either side; a tie goes to the later one), else the latest visit
 * (spec 000 section 4). Undefined only for a job with no visits at all (an unbooked quote job).
 */
export function representativeVisit(
  job: ScheduleJob,
  visitRecords: readonly StoredVisit[],
  today: string,
  defaultDuration = 30,
): Visit | undefined {
  if (!isBooked(job)) return undefined;
  const stored = visitRecords
    .filter((o) => o.jobId === job._id)
    .sort((a, b) => cmp(a.isoDueDate, b.isoDueDate));
  const storedDue = new Set(stored.map((o) => o.isoDueDate));
  const candidates: Visit[] = stored
    .filter((o) => o.status === VisitStatus.NotDone)
    .map((o) => storedVisit(o, job, defaultDuration));
  // The nearest virtual (never stored) visits on each side of today.
  let next = nextDate(job, today);
  while (next && storedDue.has(next)) next = nextDate(job, addDays(next, 1));
  if (next) candidates.push(virtualVisit(job, next, stored, defaultDuration));
  let prev = previousDate(job, today);
  while (prev && storedDue.has(prev)) prev = previousDate(job, prev);
  if (prev) candidates.push(virtualVisit(job, prev, stored, defaultDuration));
  const t = dayNumber(today);
  let best: Visit | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = dayNumber(c.isoPlannedDate) - t;
    const distance = Math.abs(d) * 2 - (d >= 0 ? 1 : 0); // ties prefer today/future
    if (distance < bestDistance) {
      best = c;
      bestDistance = distance;
    }
  }
  if (best) return best;
  const latest = stored.reduce<StoredVisit | undefined>(
    (a, o) => (!a || o.isoPlannedDate >= a.isoPlannedDate ? o : a),
    undefined,
  );
  return latest ? storedVisit(latest, job, defaultDuration) : undefined;
}

/**
 * `representativeVisit` of many jobs at once (a round's list, a customer's jobs): groups the
 * visit records once instead of scanning them for every job.
 */
export function representatives(input: {
  jobs: readonly ScheduleJob[];
  visitRecords: readonly StoredVisit[];
  today: string;
  defaultDuration?: number;
}): Map<string, Visit> {
  const byJob = recordsByJob(input.visitRecords);
  const out = new Map<string, Visit>();
  for (const job of input.jobs) {
    const item = representativeVisit(job, byJob.get(job._id) ?? NONE, input.today, input.defaultDuration);
    if (item) out.set(job._id, item);
  }
  return out;
}

/**
 * Not-done visits planned before `today`, oldest first (a moved visit counts by its new date).
 * `since` bounds how far back to look (default 365 days): a job whose visits were never recorded
 * would otherwise list every visit since its start.
 */
export function overdue(
  input: Omit<VisitsInput, 'from' | 'to'> & { today: string; since?: string },
): Visit[] {
  const to = addDays(input.today, -1);
  const from = input.since ?? addDays(input.today, -365);
  if (from > to) return [];
  // The same visits as `visitsBetween(...).filter(not done)` (a test checks it), without building
  // and sorting the year's ~20,000 done ones first.
  return sortVisits(collect({ ...input, from, to }, true), input.roundNames);
}

/** The visits of one job between two dates (a customer's job history and upcoming visits). */
export function jobVisits(
  job: ScheduleJob,
  visitRecords: readonly StoredVisit[],
  from: string,
  to: string,
  defaultDuration = 30,
): Visit[] {
  return visitsBetween({
    jobs: [job],
    visitRecords: visitRecords.filter((o) => o.jobId === job._id),
    from,
    to,
    defaultDuration,
  });
}
