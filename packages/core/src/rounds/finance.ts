import type { Job } from '../jobs/schema.ts';
import { visitsPerYear } from '../schedule/frequency.ts';
import type { VisitRecord } from '../visits/record.ts';
import { VisitStatus } from '../visits/status.ts';

/** The job fields round finance reads. */
export type FinanceJob = Pick<Job, '_id' | 'date' | 'price' | 'frequencyType' | 'frequencyInterval'>;
export type FinanceVisit = Pick<VisitRecord, 'jobId' | 'status' | 'isoDueDate' | 'isoPlannedDate' | 'price'>;

/** Spec 000 section 3, "Round data (derived)": financialData. */
export interface FinancialData {
  totalOneOff: number;
  totalPerYear: number;
  totalPerMonth: number;
  avgPerJobPerYear: number;
  avgPerJobPerMonth: number;
}

/** Spec 000 section 9: yearly value is price times visit records per year (52/N weeks, 12/N months). */
export const yearlyValue = (job: FinanceJob): number => job.price * visitsPerYear(job);

/** Spec 000 section 9: monthly value is yearly value divided by 12. */
export const monthlyValue = (job: FinanceJob): number => yearlyValue(job) / 12;

/**
 * Spec 000 section 9: a one-off job's value is the sum of its future visit record prices plus the job
 * price if no visit record falls on the job's date. "Future" = planned today or later and not done
 * or skipped (work still to come); "falls on the job's date" = due on it (a moved visit is still
 * the job's visit). A recurring job has no one-off value: it counts in the yearly value.
 */
export function oneOffValue(job: FinanceJob, recordsOfJob: readonly FinanceVisit[], today: string): number {
  if (job.frequencyType !== 'OneOff') return 0;
  let total = 0;
  let onJobDate = false;
  for (const o of recordsOfJob) {
    if (o.isoDueDate === job.date) onJobDate = true;
    if (o.status === VisitStatus.NotDone && o.isoPlannedDate >= today) total += o.price;
  }
  return onJobDate ? total : total + job.price;
}

/**
 * A round's (or any set of jobs') finance. `recordsByJob` holds the stored visits of each
 * job. Average per job is the yearly total divided by the job count (all jobs, one-offs included,
 * spec 000 section 9); 0 for no jobs.
 */
export function financialData(
  jobs: readonly FinanceJob[],
  recordsByJob: ReadonlyMap<string, readonly FinanceVisit[]>,
  today: string,
): FinancialData {
  let totalOneOff = 0;
  let totalPerYear = 0;
  for (const job of jobs) {
    totalPerYear += yearlyValue(job);
    totalOneOff += oneOffValue(job, recordsByJob.get(job._id) ?? [], today);
  }
  return totalsOf(totalOneOff, totalPerYear, jobs.length);
}

/** Adds rounds' figures for the list's totals row (averages over all the jobs counted). */
export function sumFinancialData(
  items: readonly { financialData: FinancialData; jobCount: number }[],
): FinancialData {
  let totalOneOff = 0;
  let totalPerYear = 0;
  let jobs = 0;
  for (const { financialData: f, jobCount } of items) {
    totalOneOff += f.totalOneOff;
    totalPerYear += f.totalPerYear;
    jobs += jobCount;
  }
  return totalsOf(totalOneOff, totalPerYear, jobs);
}

/** Monthly = yearly / 12; average per job = yearly total / job count (spec 000 section 9). */
function totalsOf(totalOneOff: number, totalPerYear: number, jobCount: number): FinancialData {
  const avgPerJobPerYear = jobCount ? totalPerYear / jobCount : 0;
  return {
    totalOneOff,
    totalPerYear,
    totalPerMonth: totalPerYear / 12,
    avgPerJobPerYear,
    avgPerJobPerMonth: avgPerJobPerYear / 12,
  };
}
