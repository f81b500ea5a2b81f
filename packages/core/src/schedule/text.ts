import { partsOf, weekdayOf } from './dates.ts';
import { type Recurrence, weekOfMonthOf } from './frequency.ts';

export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/**
 * A frequency as a message key and its parameters, for `t(key, params)` in the web (keys in
 * en-GB.json under `frequency.*`; `count` picks i18next's plural form).
 */
export function frequencyMessage(job: Recurrence): { key: string; params: Record<string, string | number> } {
  const count = Math.max(1, job.frequencyInterval);
  switch (job.frequencyType) {
    case 'OneOff':
      return { key: 'frequency.one-off', params: {} };
    case 'Weeks':
      return { key: 'frequency.weeks', params: { count } };
    case 'MonthsDayOfMonth': {
      const day = job.frequencyDayOfMonth ?? partsOf(job.date).date;
      // Days some months lack fall on the last day (see frequency.ts), and the text says so.
      const key = day > 28 ? 'frequency.months-day-or-last' : 'frequency.months-day';
      return { key, params: { count, day: ordinal(day) } };
    }
    default: {
      const week = job.frequencyWeekOfMonth ?? weekOfMonthOf(job.date);
      const weekday = DAY_NAMES[job.frequencyDayOfWeek ?? weekdayOf(job.date)] ?? '';
      return {
        key: 'frequency.months-weekday',
        params: { count, nth: week >= 5 ? 'last' : ordinal(week), weekday },
      };
    }
  }
}

/**
 * en-GB text of a frequency: "One-off", "Every week", "Every 4 weeks", "Monthly on the 15th",
 * "Monthly on the 31st (or the last day)", "Every 2 months on the last Friday". Matches the
 * `frequency.*` texts in en-GB.json; use `frequencyMessage` where the text is translated.
 */
export function frequencyText(job: Recurrence): string {
  const { key, params } = frequencyMessage(job);
  const every = params.count === 1 ? 'Monthly' : `Every ${params.count} months`;
  switch (key) {
    case 'frequency.one-off':
      return 'One-off';
    case 'frequency.weeks':
      return params.count === 1 ? 'Every week' : `Every ${params.count} weeks`;
    case 'frequency.months-day':
      return `${every} on the ${params.day}`;
    case 'frequency.months-day-or-last':
      return `${every} on the ${params.day} (or the last day)`;
    default:
      return `${every} on the ${params.nth} ${params.weekday}`;
  }
}
