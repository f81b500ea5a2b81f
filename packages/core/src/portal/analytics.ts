import { z } from 'zod';
import type { Access } from '../access/check.ts';
import type { QuoteState } from '../quotes/schema.ts';
import { isExpired, startOfDayIn } from '../quotes/state.ts';
import { addDays, partsOf, todayIn } from '../schedule/dates.ts';
import { wallClock } from '../zoned.ts';

/**
 * The portal's analytics (spec 002 section 2.5 panel 3, section 4's lead status, section 9's
 * constants): pure, so the server's read and the tests share every rule.
 */

/**
 * Who reads the analytics: the business's Owner and Admins, at Ultimate or above (spec 002
 * section 6: others see the teaser and 'Portal analytics are only available on Ultimate and above.').
 */
export const ANALYTICS_ACCESS = { roles: ['Owner', 'Admin'], minLevel: 'Ultimate' } as const satisfies Access;

/** The period picker's choices; the default is the last 7 days (spec 002 section 9). */
export const AnalyticsPeriod = z.enum(['today', 'last-7-days', 'last-30-days', 'last-12-months']);
export type AnalyticsPeriod = z.infer<typeof AnalyticsPeriod>;
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = 'last-7-days';

/** A lead's status, in the order of its priority (spec 002 section 4). */
export const LEAD_STATUSES = [
  'raw',
  'pending',
  'accepted',
  'declined',
  'expired',
  'converted',
  'active',
  'cancelled',
  'n/a',
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** What a lead's status is worked out from: the customer, its booked jobs, their visits, its quotes. */
export interface LeadFacts {
  state: 'active' | 'inactive';
  /** Booked jobs (a quote's items before conversion are not: `quoteId` set). */
  jobs: number;
  /** Stored visits ("job occurrences") of those jobs, any status. */
  visits: number;
  /** Of those, the done ones ("completed job occurrences"). */
  doneVisits: number;
  /** Jobs with at least one done visit ("completed jobs"). */
  completedJobs: number;
  quotes: readonly { state: QuoteState; expiry: string }[];
}

/**
 * The status of a lead, derived and never stored, by the spec's priority: the first that holds.
 * Step 5 ("a quote that has expired and is not declined, accepted or pending") reads as "no
 * earlier step held", and like steps 2-4 it is a lead's quote stage, so it too needs the lead not
 * converted (else every converted lead would read Expired once its old quote's day passed).
 * Step 7 is kept in its place, though with these records a completed job means booked jobs and a
 * done visit, so step 6 holds first: Active does not occur, and the rate counts both alike.
 */
export function leadStatus(lead: LeadFacts, now: Date, timeZone: string): LeadStatus {
  const { quotes } = lead;
  const expired = (q: { expiry: string }) => isExpired(q, now, timeZone);
  const converted = lead.jobs > 0 && lead.doneVisits > 0;
  // 1. Raw: no jobs and no quotes.
  if (lead.jobs === 0 && quotes.length === 0) return 'raw';
  if (!converted) {
    // 2. Pending: a quote is pending and unexpired, and the lead is not converted.
    if (quotes.some((q) => q.state === 'pending' && !expired(q))) return 'pending';
    // 3. Accepted: an accepted, unexpired quote, not converted.
    if (quotes.some((q) => q.state === 'accepted' && !expired(q))) return 'accepted';
    // 4. Declined: a declined quote, not converted.
    if (quotes.some((q) => q.state === 'declined')) return 'declined';
    // 5. Expired: a quote that has expired (and none of the above).
    if (quotes.some(expired)) return 'expired';
  }
  // 6. Converted: the lead has jobs and at least one completed job occurrence.
  if (converted) return 'converted';
  // 7. Active: an active customer with at least one completed job.
  if (lead.state === 'active' && lead.completedJobs > 0) return 'active';
  // 8. Cancelled: has jobs, the customer is inactive and has job occurrences.
  if (lead.jobs > 0 && lead.state === 'inactive' && lead.visits > 0) return 'cancelled';
  // 9. N/A: none of the above.
  return 'n/a';
}

/** Conversion rate: (converted + active) / all leads, as a percentage to one decimal; 0 with no leads. */
export function conversionRate(statuses: readonly LeadStatus[]): number {
  if (statuses.length === 0) return 0;
  const won = statuses.filter((s) => s === 'converted' || s === 'active').length;
  return Math.round((won / statuses.length) * 1000) / 10;
}

/** The change from the previous period in percent, to one decimal; null (N/A) when not finite. */
export function percentChange(current: number, previous: number): number | null {
  const change = ((current - previous) / previous) * 100;
  return Number.isFinite(change) ? Math.round(change * 10) / 10 : null;
}

export type Grouping = 'hour' | 'day' | 'week' | 'month';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The chart's grouping by the period's length: up to 1 day hourly, 30 days daily, 60 weekly, longer monthly. */
export function groupingFor(lengthMs: number): Grouping {
  if (lengthMs <= DAY_MS) return 'hour';
  if (lengthMs <= 30 * DAY_MS) return 'day';
  if (lengthMs <= 60 * DAY_MS) return 'week';
  return 'month';
}

/** A period as instants: `[from, to)`, and the one of the same length just before, `[previousFrom, from)`. */
export interface PeriodRange {
  from: number;
  to: number;
  previousFrom: number;
}

/**
 * The period's instants in the business's zone: today from its midnight; the last 7 or 30 days
 * and the last 12 months end with today (today counted) and start at a midnight. The comparison
 * period is the same length immediately before (spec 002 section 9).
 */
export function periodRange(period: AnalyticsPeriod, now: Date, timeZone: string): PeriodRange {
  const today = todayIn(timeZone, now);
  const to = startOfDayIn(addDays(today, 1), timeZone).getTime();
  const first =
    period === 'today'
      ? today
      : period === 'last-7-days'
        ? addDays(today, -6)
        : period === 'last-30-days'
          ? addDays(today, -29)
          : addDays(monthsBack(today, 12), 1);
  const from = startOfDayIn(first, timeZone).getTime();
  return { from, to, previousFrom: from - (to - from) };
}

function monthsBack(iso: string, months: number): string {
  const { year, month, date } = partsOf(iso); // month 0-based
  const m = year * 12 + month - months;
  const y = Math.floor(m / 12);
  const mm = (m % 12) + 1;
  const last = new Date(Date.UTC(y, mm, 0)).getUTCDate();
  return `${y}-${String(mm).padStart(2, '0')}-${String(Math.min(date, last)).padStart(2, '0')}`;
}

/** One bar of the chart: where it starts and its label (`YYYY-MM-DDTHH`, `YYYY-MM-DD` or `YYYY-MM`, local). */
export interface Bucket {
  start: number;
  label: string;
}

/**
 * The chart's bars over `[from, to)` in the business's zone: hours, days (from each midnight),
 * weeks (7 days from the period's first day) or calendar months.
 */
export function chartBuckets(range: Pick<PeriodRange, 'from' | 'to'>, timeZone: string): Bucket[] {
  const grouping = groupingFor(range.to - range.from);
  const out: Bucket[] = [];
  if (grouping === 'hour') {
    for (let t = range.from; t < range.to; t += HOUR_MS)
      out.push({ start: t, label: localHour(t, timeZone) });
    return out;
  }
  const firstDay = todayIn(timeZone, new Date(range.from));
  if (grouping === 'month') {
    let day = `${firstDay.slice(0, 8)}01`;
    for (let start = range.from; start < range.to; ) {
      out.push({ start, label: day.slice(0, 7) });
      day = monthsBack(day, -1);
      start = startOfDayIn(day, timeZone).getTime();
    }
    return out;
  }
  const step = grouping === 'day' ? 1 : 7;
  for (let day = firstDay, start = range.from; start < range.to; ) {
    out.push({ start, label: day });
    day = addDays(day, step);
    start = startOfDayIn(day, timeZone).getTime();
  }
  return out;
}

/** The bar an instant falls in (the last starting at or before it), or -1 before the first. */
export function bucketIndex(buckets: readonly Bucket[], at: number): number {
  let lo = 0;
  let hi = buckets.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (buckets[mid]!.start <= at) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

function localHour(t: number, timeZone: string): string {
  const c = wallClock(t, timeZone);
  return `${c.year}-${c.month}-${c.day}T${c.hour}`;
}
