import type { Jobs } from '@roundwise/core';

/**
 * Calendar arithmetic on day numbers (days since 1970-01-01, UTC): integers are fast and exact,
 * which matters when the city scale walks a few hundred thousand visits.
 */
export const DAY_MS = 86_400_000;

export function dayOf(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number);
  if (!y || !m || !d) throw new Error(`not a YYYY-MM-DD date: ${iso}`);
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

const isoCache = new Map<number, string>();
export function isoDay(day: number): string {
  let iso = isoCache.get(day);
  if (iso === undefined) {
    iso = new Date(day * DAY_MS).toISOString().slice(0, 10);
    isoCache.set(day, iso);
  }
  return iso;
}

/** 0 = Sunday ... 6 = Saturday (1970-01-01 was a Thursday). */
export const weekday = (day: number): number => (((day + 4) % 7) + 7) % 7;

/** The first day on or after `day` that falls on `dow`. */
export const nextWeekday = (day: number, dow: number): number => day + ((dow - weekday(day) + 7) % 7);

function dayFromParts(year: number, month: number, date: number): number {
  return Date.UTC(year, month, date) / DAY_MS;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** The `week`th (1..4, 5 = last) `dow` of a month. */
function nthWeekday(year: number, month: number, week: number, dow: number): number {
  if (week >= 5) {
    const last = dayFromParts(year, month, daysInMonth(year, month));
    return last - ((weekday(last) - dow + 7) % 7);
  }
  return nextWeekday(dayFromParts(year, month, 1), dow) + (week - 1) * 7;
}

export interface Recurrence {
  frequencyType: Jobs.FrequencyType;
  frequencyInterval: number;
  frequencyDayOfMonth?: number;
  frequencyDayOfWeek?: number;
  frequencyWeekOfMonth?: number;
}

/**
 * The visit days of a job from its `start` day (the job's date) up to, not including, `end`.
 * Weeks: every N weeks from the start. Monthly kinds: every N months from the start's month, on
 * the day of the month (clamped to the month's length) or on the Nth weekday.
 */
export function visitDays(job: Recurrence, start: number, end: number): number[] {
  const out: number[] = [];
  switch (job.frequencyType) {
    case 'OneOff':
      if (start < end) out.push(start);
      return out;
    case 'Weeks':
      for (let d = start; d < end; d += 7 * job.frequencyInterval) out.push(d);
      return out;
    default: {
      const first = new Date(start * DAY_MS);
      for (let k = 0; ; k += job.frequencyInterval) {
        const y = first.getUTCFullYear();
        const m = first.getUTCMonth() + k;
        const year = y + Math.floor(m / 12);
        const month = m % 12;
        const d =
          job.frequencyType === 'MonthsDayOfMonth'
            ? dayFromParts(year, month, Math.min(job.frequencyDayOfMonth ?? 1, daysInMonth(year, month)))
            : nthWeekday(year, month, job.frequencyWeekOfMonth ?? 1, job.frequencyDayOfWeek ?? 1);
        if (d >= end) return out;
        if (d >= start) out.push(d);
      }
    }
  }
}

/** The first visit day of a recurrence anchored at `anchor`, on or after `from`. */
export function firstVisitOnOrAfter(job: Recurrence, anchor: number, from: number): number {
  if (job.frequencyType === 'Weeks') {
    const step = 7 * job.frequencyInterval;
    return from <= anchor ? anchor : anchor + Math.ceil((from - anchor) / step) * step;
  }
  if (job.frequencyType === 'OneOff') return Math.max(anchor, from);
  // Monthly: walk months from the anchor (at most a few dozen steps).
  const days = visitDays(job, Math.min(anchor, from), from + 400);
  return days.find((d) => d >= from) ?? from;
}

/** "Every 4 weeks", "Monthly on the 15th", "2nd Tuesday of every month", "One-off". */
export function describeFrequency(job: Recurrence): string {
  const n = job.frequencyInterval;
  switch (job.frequencyType) {
    case 'OneOff':
      return 'One-off';
    case 'Weeks':
      return n === 1 ? 'Every week' : `Every ${n} weeks`;
    case 'MonthsDayOfMonth':
      return `${n === 1 ? 'Monthly' : `Every ${n} months`} on the ${ordinal(job.frequencyDayOfMonth ?? 1)}`;
    default: {
      const week = job.frequencyWeekOfMonth ?? 1;
      const day = DAY_NAMES[job.frequencyDayOfWeek ?? 1];
      return `${week >= 5 ? 'Last' : ordinal(week)} ${day} of ${n === 1 ? 'every month' : `every ${n} months`}`;
    }
  }
}

export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function ordinal(n: number): string {
  const suffix =
    n % 10 === 1 && n !== 11
      ? 'st'
      : n % 10 === 2 && n !== 12
        ? 'nd'
        : n % 10 === 3 && n !== 13
          ? 'rd'
          : 'th';
  return `${n}${suffix}`;
}
