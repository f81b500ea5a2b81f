import type { Customer } from '../customers/schema.ts';
import { providerKindOf } from '../payments/pending.ts';
import { addDays, weekdayOf } from '../schedule/dates.ts';
import { nextDate, visitsPerYear } from '../schedule/frequency.ts';
import { type AffectedData, affectedJobs, type JobRow } from './affected-jobs.ts';
import { newPrice } from './arithmetic.ts';
import type { PriceChangeFields } from './schema.ts';

/**
 * Working days a direct-debit payer must be told of a new amount before it is collected (the Bacs
 * rules' advance notice). Weekends are not working days; bank holidays are not counted out (a
 * decision: the notice is then a day short at worst around a holiday, never late on the calendar).
 */
export const BACS_NOTICE_WORKING_DAYS = 3;

/** `iso` moved on by `n` working days (Monday to Friday). */
export function addWorkingDays(iso: string, n: number): string {
  let day = iso;
  for (let left = n; left > 0; ) {
    day = addDays(day, 1);
    const dow = weekdayOf(day);
    if (dow !== 0 && dow !== 6) left--;
  }
  return day;
}

/** The later of two ISO dates. */
export const later = (a: string, b: string) => (a > b ? a : b);

/** Whether a customer pays by direct debit (a mandate not failed or cancelled). */
export function paysByDirectDebit(c: Customer): boolean {
  const status = c.paymentProviderMetaData?.status;
  return (
    providerKindOf({ transactionSubType: c.automaticPaymentMethod }) === 'direct-debit' &&
    !!c.paymentProviderMetaData?.sourceOrMandateId &&
    status !== 'failed' &&
    status !== 'cancelled'
  );
}

export interface PreviewJob {
  jobId: string;
  customerId: string;
  customerName: string;
  address: string;
  roundIds: string[];
  roundName: string;
  oldPrice: number;
  newPrice: number;
}

export interface RoundImpact {
  /** The job's round ('' for jobs on no round). */
  roundId: string;
  name: string;
  jobs: number;
  monthly: number;
  yearly: number;
}

export interface NoticeCustomer {
  customerId: string;
  name: string;
  /** The first visit at the new price: collected before the notice has run. */
  nextVisit: string;
}

export interface Preview {
  jobs: PreviewJob[];
  byRound: RoundImpact[];
  total: { monthly: number; yearly: number };
  /** Direct-debit customers whose next collection falls inside the notice period. */
  notice: NoticeCustomer[];
  /** The first day a direct-debit customer may be collected at the new price. */
  noticeEnd: string;
}

/**
 * What applying would do (spec 002 section 2.6; the preview): each affected job's old and
 * new price, the monthly and yearly revenue change by round (price difference times visits a
 * year, summed in pence and rounded once), and the direct-debit customers whose next visit at the
 * new price, their next collection, comes before `noticeEnd`: `today` (the notification's day, if
 * customers were told already) plus the notice. Pure.
 */
export function previewOf(
  change: Pick<PriceChangeFields, 'type' | 'affectedJobFilter'>,
  data: AffectedData,
  at: { effective: string; noticeFrom: string },
): Preview {
  const rows = affectedJobs(change.affectedJobFilter, data);
  const roundName = new Map(data.rounds.map((r) => [r._id, r.description]));
  const rounds = new Map<string, { jobs: number; yearlyPence: number }>();
  const jobs: PreviewJob[] = [];
  let totalPence = 0;
  for (const { job, customer } of rows) {
    const price = newPrice(job.price, change.type);
    const yearlyPence = (Math.round(price * 100) - Math.round(job.price * 100)) * visitsPerYear(job);
    const roundId = job.rounds[0] ?? '';
    const r = rounds.get(roundId) ?? { jobs: 0, yearlyPence: 0 };
    r.jobs++;
    r.yearlyPence += yearlyPence;
    rounds.set(roundId, r);
    totalPence += yearlyPence;
    jobs.push({
      jobId: job._id,
      customerId: customer._id,
      customerName: customer.name,
      address: customer.address?.addressDescription ?? '',
      roundIds: job.rounds,
      roundName: roundName.get(roundId) ?? '',
      oldPrice: job.price,
      newPrice: price,
    });
  }
  const money = (yearlyPence: number) => ({
    yearly: Math.round(yearlyPence) / 100,
    monthly: Math.round(yearlyPence / 12) / 100,
  });
  const byRound = [...rounds]
    .map(([roundId, r]) => ({
      roundId,
      name: roundName.get(roundId) ?? '',
      jobs: r.jobs,
      ...money(r.yearlyPence),
    }))
    .sort((a, b) => (a.name === '' ? 1 : b.name === '' ? -1 : a.name.localeCompare(b.name)));
  const noticeEnd = addWorkingDays(at.noticeFrom, BACS_NOTICE_WORKING_DAYS);
  return {
    jobs,
    byRound,
    total: money(totalPence),
    notice: noticeList(rows, change, at.effective, noticeEnd),
    noticeEnd,
  };
}

function noticeList(
  rows: readonly JobRow[],
  change: Pick<PriceChangeFields, 'type'>,
  effective: string,
  noticeEnd: string,
): NoticeCustomer[] {
  const found = new Map<string, NoticeCustomer>();
  for (const { job, customer } of rows) {
    if (!paysByDirectDebit(customer) || newPrice(job.price, change.type) === job.price) continue;
    const next = nextDate(job, effective);
    if (!next || next >= noticeEnd) continue;
    const seen = found.get(customer._id);
    if (!seen || next < seen.nextVisit)
      found.set(customer._id, { customerId: customer._id, name: customer.name, nextVisit: next });
  }
  return [...found.values()].sort(
    (a, b) => a.nextVisit.localeCompare(b.nextVisit) || a.name.localeCompare(b.name),
  );
}
