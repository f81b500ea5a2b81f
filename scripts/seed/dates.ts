import { type Jobs, Schedule } from '@roundwise/core';

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

export interface Recurrence {
  frequencyType: Jobs.FrequencyType;
  frequencyInterval: number;
  frequencyDayOfMonth?: number;
  frequencyDayOfWeek?: number;
  frequencyWeekOfMonth?: number;
}

/**
 * The visit days of a job from its `start` day (the job's date) up to, not including, `end`: the
 * schedule engine's own rule (`Schedule.dueDays` in @roundwise/core), so the stored history the
 * generator writes is exactly what the app computes for the same job.
 */
export function visitDays(job: Recurrence, start: number, end: number): number[] {
  return Schedule.dueDays({ ...job, date: isoDay(start) }, start, end - 1);
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

/**
 * The engine's frequency text ("Every 4 weeks", "Monthly on the 15th", "Monthly on the 2nd
 * Tuesday", "One-off"), as the app shows it. The generator's monthly recurrences always name their
 * day, weekday and week, so the date (used only for absent fields) does not matter.
 */
export function describeFrequency(job: Recurrence & { date?: string }): string {
  return Schedule.frequencyText({ date: '2000-01-03', ...job });
}

export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
