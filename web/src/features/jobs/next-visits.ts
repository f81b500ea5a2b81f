import type { Jobs } from '@roundwise/core';

/**
 * TEMPORARY, web-side: the next visit dates of a job from its frequency fields, for the
 * customer's schedule tab. The schedule engine is being written in `packages/core/src/schedule/`
 * (next dates, frequency text, schedule items); when it lands, `nextVisitDatesTemporary` and
 * `frequencyParts` are replaced by its functions and this file is deleted. Rules used here:
 * - `OneOff`: the job's date only.
 * - `Weeks`: the job's date, then every `frequencyInterval` weeks.
 * - `MonthsDayOfMonth`: every `frequencyInterval` months from the job's month, on
 *   `frequencyDayOfMonth` (default: the job date's day), clamped to the month's last day.
 * - `MonthsWeekdayOfMonth`: every `frequencyInterval` months, on the `frequencyWeekOfMonth`-th
 *   `frequencyDayOfWeek` (5 = the last one), defaults taken from the job's date.
 * Dates are ISO calendar days (YYYY-MM-DD), computed in UTC so no time zone shifts a day.
 */
export type JobSchedule = Pick<
  Jobs.Job,
  | 'date'
  | 'frequencyType'
  | 'frequencyInterval'
  | 'frequencyDayOfMonth'
  | 'frequencyDayOfWeek'
  | 'frequencyWeekOfMonth'
>;

const DAY_MS = 86_400_000;
const toDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
const toIso = (d: Date) => d.toISOString().slice(0, 10);
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 0)).getUTCDate();

/** The week of the month (1..4, 5 = last) and weekday of a date, as the job form defaults them. */
export function weekdayOfMonth(iso: string): { week: number; dayOfWeek: number } {
  const d = toDate(iso);
  const day = d.getUTCDate();
  const last = day + 7 > daysInMonth(d.getUTCFullYear(), d.getUTCMonth());
  return { week: last && day > 28 ? 5 : Math.ceil(day / 7), dayOfWeek: d.getUTCDay() };
}

function nthWeekday(y: number, m: number, week: number, dow: number): Date {
  if (week === 5) {
    const last = new Date(Date.UTC(y, m, daysInMonth(y, m)));
    return new Date(last.getTime() - ((last.getUTCDay() - dow + 7) % 7) * DAY_MS);
  }
  const first = new Date(Date.UTC(y, m, 1));
  const offset = (dow - first.getUTCDay() + 7) % 7;
  return new Date(Date.UTC(y, m, 1 + offset + (week - 1) * 7));
}

/** The job's visit dates on or after `from`, at most `count` of them. */
export function nextVisitDatesTemporary(job: JobSchedule, from: string, count: number): string[] {
  const start = toDate(job.date);
  const fromDate = toDate(from);
  const out: string[] = [];
  const interval = Math.max(1, job.frequencyInterval ?? 1);
  if (job.frequencyType === 'OneOff') return job.date >= from && count > 0 ? [job.date] : [];
  if (job.frequencyType === 'Weeks') {
    const step = interval * 7 * DAY_MS;
    const skip = Math.max(0, Math.ceil((fromDate.getTime() - start.getTime()) / step));
    for (let k = skip; out.length < count; k++) out.push(toIso(new Date(start.getTime() + k * step)));
    return out;
  }
  const { week, dayOfWeek } = weekdayOfMonth(job.date);
  // Months are stepped from the job's month; the first candidate before the job's date is dropped.
  for (let k = 0; out.length < count && k < 1200; k += interval) {
    const y = start.getUTCFullYear() + Math.floor((start.getUTCMonth() + k) / 12);
    const m = (start.getUTCMonth() + k) % 12;
    const d =
      job.frequencyType === 'MonthsDayOfMonth'
        ? new Date(Date.UTC(y, m, Math.min(job.frequencyDayOfMonth ?? start.getUTCDate(), daysInMonth(y, m))))
        : nthWeekday(y, m, job.frequencyWeekOfMonth ?? week, job.frequencyDayOfWeek ?? dayOfWeek);
    if (d < start || d < fromDate) continue;
    out.push(toIso(d));
  }
  return out;
}

/** What `frequencyText` will say, as i18n parts: the key and its values. */
export function frequencyParts(job: JobSchedule): { key: string; values: Record<string, number> } {
  const count = job.frequencyInterval ?? 1;
  switch (job.frequencyType) {
    case 'OneOff':
      return { key: 'jobs.frequency-text.one-off', values: {} };
    case 'Weeks':
      return { key: 'jobs.frequency-text.weeks', values: { count } };
    case 'MonthsDayOfMonth':
      return {
        key: 'jobs.frequency-text.day-of-month',
        values: { count, day: job.frequencyDayOfMonth ?? toDate(job.date).getUTCDate() },
      };
    default: {
      const { week, dayOfWeek } = weekdayOfMonth(job.date);
      return {
        key: 'jobs.frequency-text.weekday-of-month',
        values: {
          count,
          week: job.frequencyWeekOfMonth ?? week,
          dayOfWeek: job.frequencyDayOfWeek ?? dayOfWeek,
        },
      };
    }
  }
}
