import type { Job } from '../jobs/schema.ts';
import { recurrenceOfFrequencyData } from '../schedule/frequency.ts';
import { frequencyMessage, frequencyText } from '../schedule/text.ts';
import { VisitStatus } from '../visits/status.ts';
import { isBooked } from '../visits/visits.ts';
import { type FinanceVisit, type FinancialData, financialData, sumFinancialData } from './finance.ts';
import type { FrequencyData, Round } from './schema.ts';

/** Spec 000 section 3, "Round data (derived)": what the rounds list and the round dialog show. */
export interface RoundData<J extends RoundJob = RoundJob> {
  tag: Round;
  /** The jobs whose round (first `rounds` entry) this is. */
  jobs: J[];
  /** The jobs' addresses, lowercased, one per line (finding a round by an address). */
  matchingText: string;
  /** The round's own location, else the middle of its jobs' verified locations. */
  lngLat?: [number, number];
  /** en-GB text of the round's schedule; undefined when it has none. */
  frequencyText?: string;
  /** The same as a `frequency.*` message key, for the web's `t(key, params)`. */
  frequencyMessage?: { key: string; params: Record<string, string | number> };
  financialData: FinancialData;
}

export type RoundJob = Pick<
  Job,
  | '_id'
  | 'customerId'
  | 'rounds'
  | 'date'
  | 'price'
  | 'frequencyType'
  | 'frequencyInterval'
  | 'location'
  | 'quoteId'
>;

/** Spec 000 section 3: the default round frequency, every 4 weeks from today. */
export const defaultFrequencyData = (today: string): FrequencyData => ({
  type: 'Weeks',
  interval: 4,
  firstScheduledDate: today,
});

/** The round of a job is its first `rounds` entry (spec 000 section 3). */
export const roundOf = (job: Pick<Job, 'rounds'>): string | undefined => job.rounds[0];

export const compareRoundNames = (a: Pick<Round, 'description'>, b: Pick<Round, 'description'>) =>
  a.description.localeCompare(b.description, 'en-GB', { sensitivity: 'base', numeric: true });

export interface RoundDataInput<J extends RoundJob> {
  rounds: readonly Round[];
  jobs: readonly J[];
  /** Stored visits (only one-off jobs' are read, for the one-off value). */
  visitRecords: readonly FinanceVisit[];
  today: string;
}

/**
 * Round data for the Active tab: every round sorted by name, with its booked jobs (jobs on a quote
 * not yet accepted are the Quote tab's). One pass over jobs and visit records, so the town data set
 * (40 rounds, 2,600 jobs) stays well inside the list's 30 ms budget.
 */
export function roundData<J extends RoundJob>({
  rounds,
  jobs,
  visitRecords,
  today,
}: RoundDataInput<J>): RoundData<J>[] {
  return build(rounds, jobs.filter(isBooked), visitRecords, today);
}

/**
 * Round data for the Quote tab (spec 000 section 2.4, "pending"): the jobs on quotes, each shown
 * as a visit record dated today, so a one-off quoted job is worth its price once.
 */
export function pendingRoundData<J extends RoundJob>({
  rounds,
  jobs,
  today,
}: RoundDataInput<J>): RoundData<J>[] {
  const quoted = jobs.filter((j) => !isBooked(j)).map((j) => ({ ...j, date: today }));
  const asToday: FinanceVisit[] = quoted.map((j) => ({
    jobId: j._id,
    status: VisitStatus.NotDone,
    isoDueDate: today,
    isoPlannedDate: today,
    price: j.price,
  }));
  return build(rounds, quoted, asToday, today).filter((d) => d.jobs.length > 0);
}

function build<J extends RoundJob>(
  rounds: readonly Round[],
  jobs: readonly J[],
  visitRecords: readonly FinanceVisit[],
  today: string,
): RoundData<J>[] {
  const jobsByRound = new Map<string, J[]>();
  const oneOffIds = new Set<string>();
  for (const job of jobs) {
    const id = roundOf(job);
    if (id === undefined) continue;
    const list = jobsByRound.get(id);
    if (list) list.push(job);
    else jobsByRound.set(id, [job]);
    if (job.frequencyType === 'OneOff') oneOffIds.add(job._id);
  }
  const occByJob = new Map<string, FinanceVisit[]>();
  for (const o of visitRecords) {
    if (!oneOffIds.has(o.jobId)) continue;
    const list = occByJob.get(o.jobId);
    if (list) list.push(o);
    else occByJob.set(o.jobId, [o]);
  }
  return [...rounds].sort(compareRoundNames).map((tag) => {
    const roundJobs = jobsByRound.get(tag._id) ?? [];
    const data: RoundData<J> = {
      tag,
      jobs: roundJobs,
      matchingText: roundJobs
        .map((j) => j.location?.addressDescription.toLowerCase() ?? '')
        .filter(Boolean)
        .join('\n'),
      financialData: financialData(roundJobs, occByJob, today),
    };
    const lngLat = tag.location?.lngLat ?? middleOf(roundJobs);
    if (lngLat) data.lngLat = lngLat;
    if (tag.frequencyData) {
      const r = recurrenceOfFrequencyData(tag.frequencyData);
      data.frequencyText = frequencyText(r);
      data.frequencyMessage = frequencyMessage(r);
    }
    return data;
  });
}

/** The middle (mean) of the jobs' verified locations. */
function middleOf(jobs: readonly RoundJob[]): [number, number] | undefined {
  let lng = 0;
  let lat = 0;
  let n = 0;
  for (const j of jobs) {
    const p = j.location?.isVerified ? j.location.lngLat : undefined;
    if (!p) continue;
    lng += p[0];
    lat += p[1];
    n++;
  }
  return n ? [lng / n, lat / n] : undefined;
}

/** Rounds whose name contains `query` (case-insensitive, trimmed); all for an empty query. */
export function searchRounds<T extends { tag: Pick<Round, 'description'> }>(
  list: readonly T[],
  query: string,
): T[] {
  const q = query.trim().toLowerCase();
  return q ? list.filter((d) => d.tag.description.toLowerCase().includes(q)) : [...list];
}

/** The list's totals: per month, per year, one-off and job count (spec 000 section 2.4). */
export function roundTotals(list: readonly RoundData[]): FinancialData & { jobCount: number } {
  const parts = list.map((d) => ({ financialData: d.financialData, jobCount: d.jobs.length }));
  return { ...sumFinancialData(parts), jobCount: parts.reduce((n, p) => n + p.jobCount, 0) };
}
