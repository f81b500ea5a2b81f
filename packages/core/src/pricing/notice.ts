import type { CommandContext } from '../commands/define.ts';
import type { Job } from '../jobs/schema.ts';
import { datesBetween } from '../schedule/frequency.ts';
import { type VisitRecord, VisitStatus } from '../visits/record.ts';
import { virtualVisit } from '../visits/visits.ts';

/**
 * Each job's visit records. For a few jobs, one query a job; for more than `ONE_READ_FROM`, every
 * visit record of the account in one read, grouped: a query a job is a round trip a job (2,000 jobs
 * took 40 s on the local table), while one read of the account's records, history included, is a
 * few paged reads (docs/pricing.md).
 */
const ONE_READ_FROM = 100;
export async function visitReader(
  ctx: CommandContext,
  jobs: number,
): Promise<(jobId: string) => Promise<VisitRecord[]>> {
  if (jobs <= ONE_READ_FROM) return (jobId) => ctx.store.listBy<VisitRecord>('visit', jobId);
  const byJob = new Map<string, VisitRecord[]>();
  for (const v of await ctx.store.list<VisitRecord>('visit')) {
    const list = byJob.get(v.jobId) ?? [];
    list.push(v);
    byJob.set(v.jobId, list);
  }
  return async (jobId) => byJob.get(jobId) ?? [];
}

/**
 * The Bacs notice on one direct-debit customer's job: its not-done visits due from `from` until
 * before `until` are kept at the old price, as visit records of their own (a virtual visit would
 * take the job's price). A stored one at the new price goes back to the old; one priced on its
 * own is left. The ids kept.
 */
export async function keepOldPrice(
  ctx: CommandContext,
  job: Job,
  prices: { old: number; price: number },
  window: { from: string; until: string },
  records: readonly VisitRecord[],
): Promise<Set<string>> {
  const byId = new Map(records.map((r) => [r._id, r]));
  const kept = new Set<string>();
  for (const due of datesBetween(job, window.from, window.until).filter((d) => d < window.until)) {
    const v = virtualVisit(job, due, records);
    kept.add(v.id);
    const stored = byId.get(v.id);
    if (stored) {
      if (stored.status === VisitStatus.NotDone && stored.price === prices.price)
        await ctx.store.put<VisitRecord>('visit', { ...stored, price: prices.old });
      continue;
    }
    await ctx.store.put<VisitRecord>('visit', {
      _id: v.id,
      jobId: job._id,
      customerId: job.customerId,
      status: VisitStatus.NotDone,
      isoPlannedDate: due,
      isoDueDate: due,
      price: prices.old,
      rounds: v.rounds,
      plannedOrder: v.plannedOrder,
      assignees: v.assignees,
    });
  }
  return kept;
}
