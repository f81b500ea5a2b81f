import type { Job } from '../jobs/schema.ts';
import type { FrequencyData } from '../rounds/schema.ts';
import {
  civilFromDays,
  dayNumber,
  dayOfParts,
  daysInMonth,
  isoOfDay,
  partsOf,
  weekdayOf,
  weekdayOfDay,
} from './dates.ts';

/** The job fields a schedule is computed from; `date` is the first visit (the anchor). */
export type Recurrence = Pick<
  Job,
  | 'date'
  | 'frequencyType'
  | 'frequencyInterval'
  | 'frequencyDayOfMonth'
  | 'frequencyDayOfWeek'
  | 'frequencyWeekOfMonth'
>;

/** Week of the month a date falls in, as `frequencyWeekOfMonth`: 1..4, or 5 (last) from the 29th. */
export const weekOfMonthOf = (iso: string): number => Math.min(5, Math.ceil(partsOf(iso).date / 7));

/**
 * The `week`th (1..4) `dow` of a month, or its last one when `week` is 5. The Nth weekday always
 * exists for N <= 4 (every month has at least 28 days), so no clamping is needed.
 */
function nthWeekday(year: number, month: number, week: number, dow: number): number {
  if (week >= 5) {
    const last = dayOfParts(year, month, daysInMonth(year, month));
    return last - ((weekdayOfDay(last) - dow + 7) % 7);
  }
  const first = dayOfParts(year, month, 1);
  return first + ((dow - weekdayOfDay(first) + 7) % 7) + (week - 1) * 7;
}

/** How a recurrence walks: the anchor's day and, for monthly kinds, the day within month `index`. */
interface Walk {
  anchor: number;
  /** Day number of the visit in month `index` (year * 12 + month), monthly kinds only. */
  inMonth(index: number): number;
  anchorMonth: number;
}

function walkOf(job: Recurrence): Walk {
  const anchor = dayNumber(job.date);
  const p = partsOf(job.date);
  const anchorMonth = p.year * 12 + p.month;
  if (job.frequencyType === 'MonthsDayOfMonth') {
    const dom = job.frequencyDayOfMonth ?? p.date;
    // Decision (docs/schedule.md): a day the month does not have (the 31st in a 30-day month,
    // the 29th-31st in February) falls on the month's last day, never spills into the next month.
    const inMonth = (i: number) => {
      const y = Math.floor(i / 12);
      const m = i - y * 12;
      return dayOfParts(y, m, Math.min(dom, daysInMonth(y, m)));
    };
    return { anchor, anchorMonth, inMonth };
  }
  const dow = job.frequencyDayOfWeek ?? weekdayOf(job.date);
  const week = job.frequencyWeekOfMonth ?? weekOfMonthOf(job.date);
  const inMonth = (i: number) => {
    const y = Math.floor(i / 12);
    return nthWeekday(y, i - y * 12, week, dow);
  };
  return { anchor, anchorMonth, inMonth };
}

/**
 * Due days (day numbers) from `fromDay` to `toDay` (both included), ascending, at most `limit`.
 * Weeks: the anchor plus every 7N days. Monthly kinds: every Nth month counted from the anchor's
 * month, on the day of month or the Nth weekday; a month's date before the anchor is not a visit
 * (a job starting on the 20th "monthly on the 10th" first visits on the 10th N months later).
 * One-off: the anchor alone.
 */
export function dueDays(
  job: Recurrence,
  fromDay: number,
  toDay = Number.MAX_SAFE_INTEGER,
  limit = Infinity,
): number[] {
  const out: number[] = [];
  const interval = Math.max(1, job.frequencyInterval);
  const anchor = dayNumber(job.date);
  const start = Math.max(anchor, fromDay);
  if (start > toDay || limit <= 0) return out;
  if (job.frequencyType === 'OneOff') {
    if (anchor >= fromDay) out.push(anchor);
    return out;
  }
  if (job.frequencyType === 'Weeks') {
    const step = 7 * interval;
    for (
      let d = anchor + Math.ceil((start - anchor) / step) * step;
      d <= toDay && out.length < limit;
      d += step
    ) {
      out.push(d);
    }
    return out;
  }
  const walk = walkOf(job);
  const f = civilFromDays(start);
  const fromMonth = f.year * 12 + f.month - 1;
  let i = walk.anchorMonth + Math.ceil((fromMonth - walk.anchorMonth) / interval) * interval;
  for (; out.length < limit; i += interval) {
    const d = walk.inMonth(i);
    if (d > toDay) break;
    if (d >= start) out.push(d);
  }
  return out;
}

/** The next `count` due dates on or after `from` (fewer for a one-off). */
export function nextDates(job: Recurrence, from: string, count: number): string[] {
  return dueDays(job, dayNumber(from), Number.MAX_SAFE_INTEGER, count).map(isoOfDay);
}

/** The first due date on or after `from`, if any. */
export const nextDate = (job: Recurrence, from: string): string | undefined => nextDates(job, from, 1)[0];

/** Due dates from `from` to `to`, both included. */
export function datesBetween(job: Recurrence, from: string, to: string): string[] {
  return dueDays(job, dayNumber(from), dayNumber(to)).map(isoOfDay);
}

/** The last due date strictly before `before`, if any. */
export function previousDate(job: Recurrence, before: string): string | undefined {
  const b = dayNumber(before);
  const anchor = dayNumber(job.date);
  if (b <= anchor) return undefined;
  const interval = Math.max(1, job.frequencyInterval);
  if (job.frequencyType === 'OneOff') return job.date;
  if (job.frequencyType === 'Weeks') {
    const step = 7 * interval;
    return isoOfDay(anchor + Math.floor((b - 1 - anchor) / step) * step);
  }
  const walk = walkOf(job);
  const p = partsOf(before);
  let i = walk.anchorMonth + Math.floor((p.year * 12 + p.month - walk.anchorMonth) / interval) * interval;
  for (; i >= walk.anchorMonth; i -= interval) {
    const d = walk.inMonth(i);
    if (d < b && d >= anchor) return isoOfDay(d);
  }
  return undefined;
}

/** Whether `iso` is one of the job's due dates. */
export const isDueDate = (job: Recurrence, iso: string): boolean => nextDate(job, iso) === iso;

/** Visits a year, for yearly values (spec 000 section 9): 52/N for weeks, 12/N for months, 0 one-off. */
export function visitsPerYear(job: Pick<Recurrence, 'frequencyType' | 'frequencyInterval'>): number {
  const n = Math.max(1, job.frequencyInterval);
  if (job.frequencyType === 'OneOff') return 0;
  return job.frequencyType === 'Weeks' ? 52 / n : 12 / n;
}

/**
 * A round's schedule (spec 000 section 3 "frequency data": type, interval, firstScheduledDate,
 * dayOfMonth, weekOfMonth, dayOfWeek) as the job fields the engine reads, so a round's next
 * dates come from the same rules (applying it: `nextDate(recurrenceOf(fd), today)`). The monthly
 * fields the type uses are always set, from the schedule's first date when the data leaves them
 * out: a job re-anchored on a later date (applying the schedule from today) keeps the round's rule
 * ("monthly on the 31st", "the last Friday") instead of taking that date's (the 30th, the 4th Friday).
 */
export function recurrenceOfFrequencyData(fd: FrequencyData): Recurrence {
  const r: Recurrence = {
    date: fd.firstScheduledDate,
    frequencyType: fd.type,
    frequencyInterval: fd.interval,
  };
  if (fd.type === 'MonthsDayOfMonth') {
    r.frequencyDayOfMonth = fd.dayOfMonth ?? partsOf(fd.firstScheduledDate).date;
  } else if (fd.type === 'MonthsWeekdayOfMonth') {
    r.frequencyDayOfWeek = fd.dayOfWeek ?? weekdayOf(fd.firstScheduledDate);
    r.frequencyWeekOfMonth = fd.weekOfMonth ?? weekOfMonthOf(fd.firstScheduledDate);
  }
  return r;
}

/**
 * A recurrence with its monthly fields made explicit from its date when absent (day of month;
 * weekday and week of month), and the fields its type does not use removed, so a stored job says
 * exactly what the engine computes from it.
 */
export function normaliseRecurrence<R extends Recurrence>(r: R): R {
  const out = { ...r };
  delete out.frequencyDayOfMonth;
  delete out.frequencyDayOfWeek;
  delete out.frequencyWeekOfMonth;
  if (r.frequencyType === 'MonthsDayOfMonth') {
    out.frequencyDayOfMonth = r.frequencyDayOfMonth ?? partsOf(r.date).date;
  } else if (r.frequencyType === 'MonthsWeekdayOfMonth') {
    out.frequencyDayOfWeek = r.frequencyDayOfWeek ?? weekdayOf(r.date);
    out.frequencyWeekOfMonth = r.frequencyWeekOfMonth ?? weekOfMonthOf(r.date);
  }
  return out;
}

/** The recurrence fields of a job (or a recurrence with more), and only those. */
export function pickRecurrence(job: Recurrence): Recurrence {
  const r: Recurrence = {
    date: job.date,
    frequencyType: job.frequencyType,
    frequencyInterval: job.frequencyInterval,
  };
  if (job.frequencyDayOfMonth !== undefined) r.frequencyDayOfMonth = job.frequencyDayOfMonth;
  if (job.frequencyDayOfWeek !== undefined) r.frequencyDayOfWeek = job.frequencyDayOfWeek;
  if (job.frequencyWeekOfMonth !== undefined) r.frequencyWeekOfMonth = job.frequencyWeekOfMonth;
  return r;
}
