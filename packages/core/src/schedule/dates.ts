/**
 * Calendar dates as ISO `YYYY-MM-DD` strings, with arithmetic on day numbers (days since
 * 1970-01-01). Why UTC: a visit belongs to a calendar day, not an instant. Local-time APIs
 * (`new Date(y, m, d)`, `getDate()`, `setDate()`) make a day 23 or 25 hours long at a daylight-saving
 * change, so "add 7 days" done on local midnights can land on the wrong day (or the same day twice)
 * depending on the device's time zone. `Date.UTC` and the `getUTC*` getters have no DST at all:
 * every day is exactly 86,400,000 ms, so the same job gives the same dates on every device,
 * whatever `TZ` is. The conversions below go further and use integer calendar arithmetic only (no
 * `Date`), which is also what makes a year of a town's schedule fast. Nothing in this folder calls
 * a local-time API (a test checks the source).
 */
export const DAY_MS = 86_400_000;

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Days since 1970-01-01 of a proleptic Gregorian date (month 1-12), by integer arithmetic
 * (H. Hinnant's days_from_civil): no `Date` at all, so nothing can depend on a time zone, and fast
 * enough to expand a year of a town's 2,600 jobs in a few milliseconds.
 */
export function daysFromCivil(year: number, month: number, date: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + date - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The inverse of `daysFromCivil`: year, month (1-12) and day of the month of a day number. */
export function civilFromDays(day: number): { year: number; month: number; date: number } {
  const z = day + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const date = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, date };
}

// Both directions are cached: a schedule converts the same few hundred days again and again.
const CACHE_LIMIT = 50_000;
const dayCache = new Map<string, number>();
const isoCache = new Map<number, string>();

/** Days since 1970-01-01 of a `YYYY-MM-DD` date; throws on anything else (a programming error). */
export function dayNumber(iso: string): number {
  const cached = dayCache.get(iso);
  if (cached !== undefined) return cached;
  const m = ISO.exec(iso);
  if (!m) throw new Error(`not a YYYY-MM-DD date: ${iso}`);
  const day = daysFromCivil(Number(m[1]), Number(m[2]), Number(m[3]));
  if (dayCache.size >= CACHE_LIMIT) dayCache.clear();
  dayCache.set(iso, day);
  return day;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** The `YYYY-MM-DD` date of a day number. */
export function isoOfDay(day: number): string {
  let iso = isoCache.get(day);
  if (iso === undefined) {
    const { year, month, date } = civilFromDays(day);
    iso = `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(date)}`;
    if (isoCache.size >= CACHE_LIMIT) isoCache.clear();
    isoCache.set(day, iso);
  }
  return iso;
}

/**
 * The years a date may have (a decision, docs/architecture.md "Input rules shared by every
 * command"): wide enough for any record a business keeps, and narrow enough that a typo (`0026`,
 * `9999`) is refused rather than stored, and that walking a schedule forward stays within
 * four-digit years.
 */
const MIN_YEAR = 1900;
const MAX_YEAR = 2199;

/**
 * Whether `s` is a real calendar date `YYYY-MM-DD` (month 1-12, a day the month has, February 29th
 * only in leap years) with a year from MIN_YEAR to MAX_YEAR. The one check every date input
 * goes through (`IsoDate` in entity.ts, and the screens' date fields).
 */
export const isIsoDate = (s: string): boolean => {
  const m = ISO.exec(s);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const date = Number(m[3]);
  return (
    year >= MIN_YEAR &&
    year <= MAX_YEAR &&
    month >= 1 &&
    month <= 12 &&
    date >= 1 &&
    date <= daysInMonth(year, month - 1)
  );
};

export const addDays = (iso: string, days: number): string => isoOfDay(dayNumber(iso) + days);
/** Whole days from `a` to `b` (positive when `b` is later). */
export const daysBetween = (a: string, b: string): number => dayNumber(b) - dayNumber(a);

/** 0 = Sunday ... 6 = Saturday, as `frequencyDayOfWeek` (1970-01-01 was a Thursday). */
export const weekdayOfDay = (day: number): number => (((day + 4) % 7) + 7) % 7;
export const weekdayOf = (iso: string): number => weekdayOfDay(dayNumber(iso));

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** Month is 0-based (January = 0), like `Date`. */
export const daysInMonth = (year: number, month: number): number =>
  month === 1 && isLeap(year) ? 29 : (MONTH_DAYS[month] as number);

/** Day number of a date; month 0-based. */
export const dayOfParts = (year: number, month: number, date: number): number =>
  daysFromCivil(year, month + 1, date);

/** Year, 0-based month and day of the month of an ISO date. */
export function partsOf(iso: string): { year: number; month: number; date: number } {
  const c = civilFromDays(dayNumber(iso));
  return { year: c.year, month: c.month - 1, date: c.date };
}

/**
 * Today's calendar date, `YYYY-MM-DD`, in `timeZone` (an IANA name), or in the device's own zone
 * when none is given: the day the user is living, which is what "today" means on the schedule.
 * The one place a zone enters; everything after works on the date string.
 */
export function todayIn(timeZone?: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    ...(timeZone ? { timeZone } : {}),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
