import { Schedule } from '@roundwise/core';

/**
 * The business's today. The account has no time-zone setting yet, so the device's zone stands for
 * the business's (staff work where the business is); `todayIn` is the engine's one use of a zone.
 */
export function businessToday(): string {
  return Schedule.todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/** The Monday of the week `iso` falls in (weeks start on Monday, as the planners show them). */
export function mondayOf(iso: string): string {
  return Schedule.addDays(iso, -((Schedule.weekdayOf(iso) + 6) % 7));
}
