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

/** "25/11/2026" for an ISO day: how a UK user reads and types a date, whatever the browser's locale. */
export function dayText(iso: string): string {
  if (!Schedule.isIsoDate(iso)) return '';
  const [year, month, date] = iso.split('-');
  return `${date}/${month}/${year}`;
}

const pad2 = (n: string) => n.padStart(2, '0');

/**
 * The ISO day a typed date means, or undefined: day first, as a UK user types it. Accepts
 * "25/11/2026", "1/12/2026", other separators ("1.12.2026", "1-12-2026", "1 12 2026") and bare
 * digits ("01122026"). A two-digit year ("1/12/26") is this century, but only when `finished`
 * (the user left the field): while typing, "1/12/2" is not yet a year. Impossible dates
 * (31/02/2026) give undefined.
 */
export function parseDayText(text: string, finished = true): string | undefined {
  const s = text.trim();
  const parts = /^\d{8}$/.test(s)
    ? [s.slice(0, 2), s.slice(2, 4), s.slice(4)]
    : (/^(\d{1,2})\s*[/.\- ]\s*(\d{1,2})\s*[/.\- ]\s*(\d{2}|\d{4})$/.exec(s)?.slice(1) ?? []);
  const [date, month, year] = parts;
  if (!date || !month || !year) return undefined;
  if (year.length === 2 && !finished) return undefined;
  const iso = `${year.length === 2 ? `20${year}` : year}-${pad2(month)}-${pad2(date)}`;
  return Schedule.isIsoDate(iso) ? iso : undefined;
}
