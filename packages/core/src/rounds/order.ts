import type { CommandContext } from '../commands/define.ts';
import type { Entity } from '../entity.ts';
import { validation } from '../errors.ts';
import type { Job } from '../jobs/schema.ts';
import { loadVisit, recordOf, saveVisit } from '../visits/load.ts';
import type { VisitRecord } from '../visits/record.ts';
import { VisitStatus } from '../visits/status.ts';
import { representativeVisit, type Visit } from '../visits/visits.ts';

/** A round's job with the visit that stands for it in the round dialog. */
export interface RoundItem {
  job: Entity<Job>;
  visitRecords: Entity<VisitRecord>[];
  /** The representative visit (spec 000 section 4); undefined for a job on a quote. */
  visit?: Visit;
}

export async function roundItems(ctx: CommandContext, jobs: readonly Entity<Job>[], today: string) {
  const out: RoundItem[] = [];
  for (const job of jobs) {
    const visitRecords = await ctx.store.listBy<VisitRecord>('visit', job._id);
    const visit = representativeVisit(job, visitRecords, today);
    out.push(visit ? { job, visitRecords, visit } : { job, visitRecords });
  }
  return sortByPlannedOrder(out);
}

/** The dialog's order: planned order, then address, then id (stable on every device). */
export function sortByPlannedOrder<
  T extends { job: Pick<Job, '_id' | 'location'>; visit?: Pick<Visit, 'plannedOrder'> },
>(items: T[]): T[] {
  return items.sort(
    (a, b) =>
      (a.visit?.plannedOrder ?? 0) - (b.visit?.plannedOrder ?? 0) ||
      (a.job.location?.addressDescription ?? '').localeCompare(b.job.location?.addressDescription ?? '') ||
      (a.job._id < b.job._id ? -1 : a.job._id > b.job._id ? 1 : 0),
  );
}

/**
 * Puts a round's jobs in the order `jobIds` (then the round's other jobs in their current order):
 * each job's representative visit gets planned order 0, 1, 2... with `visits.reorder`'s
 * semantics (stored only when it changes; a visit that then carries no state is not stored). The
 * job's later virtual visits inherit it (docs/schedule.md), and its later stored not-done visits
 * take it too, so the round keeps the order from now on. Returns how many visits were written.
 */
export async function applyRoundOrder(
  ctx: CommandContext,
  items: readonly RoundItem[],
  jobIds: readonly string[],
): Promise<{ jobIds: string[]; written: number }> {
  if (new Set(jobIds).size !== jobIds.length) throw validation('rounds.reorder-duplicate-job');
  const byId = new Map(items.map((i) => [i.job._id, i]));
  for (const id of jobIds) if (!byId.has(id)) throw validation('rounds.job-not-in-round', { jobId: id });
  const listed = new Set(jobIds);
  const ordered = [
    ...jobIds.map((id) => byId.get(id) as RoundItem),
    ...items.filter((i) => !listed.has(i.job._id)),
  ];
  let written = 0;
  for (const [order, { job, visitRecords, visit }] of ordered.entries()) {
    if (!visit) continue;
    const later = visitRecords.filter(
      (o) => o.status === VisitStatus.NotDone && o.isoDueDate > visit.isoDueDate,
    );
    const due = [visit.isoDueDate, ...later.filter((o) => o.plannedOrder !== order).map((o) => o.isoDueDate)];
    for (const isoDueDate of due) {
      const v = await loadVisit(ctx, { jobId: job._id, isoDueDate });
      if (v.visit.plannedOrder === order) continue;
      await saveVisit(ctx, v, recordOf(v, { plannedOrder: order }));
      written++;
    }
  }
  return { jobIds: ordered.map((i) => i.job._id), written };
}
