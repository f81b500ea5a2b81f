/**
 * Calendar dates as ISO `YYYY-MM-DD` strings, with arithmetic on day numbers (days since
 * 1970-01-01). Why UTC: a visit belongs to a calendar day, not an instant. Local-time APIs
 * (`new Date(y, m, d)`, `getDate()`, `setDate()`) make a day 23 or 25 hours long at a daylight-saving
 * change, so "add 7 days" done on local midnights can land on the wrong day (or the same day twice)
 * depending on the device's time zone. `Date.UTC` and the `getUTC*` getters have no DST at all:
 * every day is exactly 86,400,000 ms, so the same job gives the same dates on every device,
 * whatever `TZ` is. Nothing in this folder calls a local-time API (a test checks the source).
 */
export const DAY_MS = 86_400_000;

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date; throws on anything else (a programming error). */
export function dayNumber(iso: string): number {
  const m = ISO.exec(iso);
  if (!m) throw new Error(`not a YYYY-MM-DD date: ${iso}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS;
}

/** The `YYYY-MM-DD` date of a day number. */
export function isoOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export const isIsoDate = (s: string): boolean => {
  const m = ISO.exec(s);
  if (!m) return false;
  const month = Number(m[2]);
  const date = Number(m[3]);
  return month >= 1 && month <= 12 && date >= 1 && date <= daysInMonth(Number(m[1]), month - 1);
};

export const addDays = (iso: string, days: number): string => isoOfDay(dayNumber(iso) + days);
/** Whole days from `a` to `b` (positive when `b` is later). */
export const daysBetween = (a: string, b: string): number => dayNumber(b) - dayNumber(a);

/** 0 = Sunday ... 6 = Saturday, as `frequencyDayOfWeek` (1970-01-01 was a Thursday). */
export const weekdayOfDay = (day: number): number => (((day + 4) % 7) + 7) % 7;
export const weekdayOf = (iso: string): number => weekdayOfDay(dayNumber(iso));

/** Month is 0-based (January = 0), like `Date`. */
export const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

export const dayOfParts = (year: number, month: number, date: number): number =>
  Date.UTC(year, month, date) / DAY_MS;

/** Year, 0-based month and day of the month of an ISO date. */
export function partsOf(iso: string): { year: number; month: number; date: number } {
  const d = new Date(dayNumber(iso) * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth(), date: d.getUTCDate() };
}

/** Today's date in the given IANA time zone (the business's day, not UTC's), e.g. for `today`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
