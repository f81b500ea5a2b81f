import type { CommandContext } from '../commands/define.ts';
import type { Entity } from '../entity.ts';
import { validation } from '../errors.ts';
import type { Job } from '../jobs/schema.ts';
import { nextDate, normaliseRecurrence, recurrenceOfFrequencyData } from '../schedule/frequency.ts';
import { replan } from '../visits/plan.ts';
import type { VisitRecord } from '../visits/record.ts';
import { roundOf } from './data.ts';
import type { FrequencyData } from './schema.ts';

/** A round's jobs: those whose first `rounds` entry it is (spec 000 section 3). */
export async function jobsOfRound(ctx: CommandContext, roundId: string): Promise<Entity<Job>[]> {
  return (await ctx.store.list<Job>('job')).filter((j) => roundOf(j) === roundId);
}

/**
 * Applies a round schedule to its jobs (spec 000 section 4): each job's date becomes the schedule's
 * next date (on or after `today`) and it takes the schedule's frequency fields and the round; its
 * stored not-done visit records are deleted first (moves, reprices and reorders of visits still to
 * come). Done and skipped visits stay: they are the history invoices point at. A schedule with no
 * date from today on fails with `jobgroup.no-future-date` ('There is no future.') and changes
 * nothing.
 */
export async function applySchedule(
  ctx: CommandContext,
  roundId: string,
  schedule: FrequencyData,
  today: string,
): Promise<{ date: string; jobs: number }> {
  const recurrence = recurrenceOfFrequencyData(schedule);
  const date = nextDate(recurrence, today);
  if (!date) throw validation('jobgroup.no-future-date');
  const jobs = await jobsOfRound(ctx, roundId);
  for (const job of jobs) {
    const visitRecords = await ctx.store.listBy<VisitRecord>('visit', job._id);
    const plan = replan(job, visitRecords, normaliseRecurrence({ ...recurrence, date }));
    for (const id of plan.remove) await ctx.store.remove('visit', id);
    const { frequencyDayOfMonth, frequencyDayOfWeek, frequencyWeekOfMonth, ...rest } = job;
    await ctx.store.put<Job>('job', {
      ...rest,
      ...plan.recurrence,
      rounds: [roundId, ...job.rounds.filter((r) => r !== roundId)],
    });
  }
  return { date, jobs: jobs.length };
}
