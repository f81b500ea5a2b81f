import {
  completeVisit,
  moveVisit,
  reorderVisits,
  setVisitNotes,
  skipVisit,
} from '@roundwise/core/visits/commands';
import { SKIP_REASONS } from './data.ts';
import { DAY_MS, isoDay, visitDays } from './dates.ts';
import { type Ctx, type JobInfo, type RoundInfo, unset, type VisitInfo } from './model.ts';

const VISIT_NOTES = [
  'Frames and sills done.',
  'Hard water marks on the patio doors.',
  'Customer paid extra for the shed.',
];

/**
 * Every visit of every job up to yesterday, done on the day with the app's schedule commands:
 * a visit that slipped a day or two is moved first (`visits.move`), each round's visits of
 * the day are put in street order before the day starts (`visits.reorder`: later visits
 * inherit the order, so the schedule shows the round in street order from then on), then each is
 * completed (`visits.complete`, which invoices it) or skipped with a reason, and a few get a
 * note. Today's and later visits stay virtual: the schedule derives them from the jobs.
 */
export function makeVisits(ctx: Ctx, jobs: JobInfo[]): VisitInfo[] {
  const rng = ctx.rng('visits');
  const out: VisitInfo[] = [];
  const days = new Map<RoundInfo, Map<number, VisitInfo[]>>();
  for (const job of jobs) {
    const end = Math.min(ctx.today, job.customer.stoppedDay ?? ctx.today);
    for (const due of visitDays(job.recurrence, job.start, end)) {
      const skipped = rng.chance(0.025);
      // Some visits slip a day or two (weather, a long day), never past yesterday.
      const slip = rng.chance(0.08) ? rng.int(1, 3) : 0;
      const day = due + slip < ctx.today ? due + slip : due;
      const minutes = 8 * 60 + Math.min(9 * 60, job.customer.order * 7) + rng.int(0, 25);
      const visit: VisitInfo = {
        job,
        due,
        day,
        doneMs: day * DAY_MS + minutes * 60_000,
        entity: unset(),
      };
      if (skipped) visit.skipReason = rng.pick(SKIP_REASONS);
      else if (rng.chance(0.02)) visit.notes = rng.pick(VISIT_NOTES);
      job.visits.push(visit);
      out.push(visit);
      const byDay = days.get(job.customer.round) ?? new Map<number, VisitInfo[]>();
      days.set(job.customer.round, byDay);
      const sameDay = byDay.get(day);
      if (sameDay) sameDay.push(visit);
      else byDay.set(day, [visit]);
      scheduleVisit(ctx, visit);
    }
  }
  for (const [round, byDay] of days) {
    for (const [day, visits] of byDay) if (visits.length > 1) scheduleReorder(ctx, round, day, visits);
  }
  return out;
}

const refOf = (v: VisitInfo) => ({ jobId: v.job.id, isoDueDate: isoDay(v.due) });

function scheduleVisit(ctx: Ctx, v: VisitInfo): void {
  const { runner } = ctx;
  const { timeline } = v.job.customer.round;
  if (v.day !== v.due) {
    timeline.at(v.due * DAY_MS + 7 * 3_600_000, () =>
      runner.run(moveVisit, { ...refOf(v), isoPlannedDate: isoDay(v.day) }),
    );
  }
  timeline.at(v.doneMs, () =>
    v.skipReason
      ? runner.run(skipVisit, { ...refOf(v), reason: v.skipReason })
      : runner.run(completeVisit, refOf(v)),
  );
  const notes = v.notes;
  if (notes) timeline.at(v.doneMs + 60_000, () => runner.run(setVisitNotes, { ...refOf(v), notes }));
}

/** A round's visits of a day in street order (the customer's place in the round), at 07:30. */
function scheduleReorder(ctx: Ctx, round: RoundInfo, day: number, visits: VisitInfo[]): void {
  const ordered = [...visits].sort(
    (a, b) => a.job.customer.order - b.job.customer.order || a.job.createdMs - b.job.createdMs,
  );
  round.timeline.at(day * DAY_MS + 7.5 * 3_600_000, () =>
    ctx.runner.run(reorderVisits, { isoPlannedDate: isoDay(day), visits: ordered.map(refOf) }),
  );
}
