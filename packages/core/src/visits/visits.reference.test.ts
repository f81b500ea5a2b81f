import { beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../../../scripts/seed/generate.ts';
import { addDays } from '../schedule/dates.ts';
import { datesBetween } from '../schedule/frequency.ts';
import { VisitStatus } from './record.ts';
import {
  isBooked,
  overdue,
  recordsByJob,
  type ScheduleJob,
  type StoredVisit,
  storedVisit,
  type Visit,
  virtualVisit,
  visitsBetween,
} from './visits.ts';

/**
 * The engine's fast paths (one walk per job, grouping given by the caller, overdue without
 * building the done visits) checked against the rules written out plainly, on the seed's town
 * data set (2,600 jobs, ~22,000 stored visits) with moved visits, shuffled storage order, an
 * inactive customer and an unbooked quote job added.
 */
const TODAY = '2026-11-21';

function reference(
  input: {
    jobs: readonly ScheduleJob[];
    visitRecords: readonly StoredVisit[];
    from: string;
    to: string;
    roundNames?: ReadonlyMap<string, string>;
    inactiveCustomers?: ReadonlySet<string>;
  },
  keep: (i: Visit) => boolean = () => true,
): Visit[] {
  const out: Visit[] = [];
  const ofJob = new Map<string, StoredVisit[]>();
  for (const o of input.visitRecords) ofJob.set(o.jobId, [...(ofJob.get(o.jobId) ?? []), o]);
  for (const job of input.jobs) {
    if (!isBooked(job)) continue;
    const stored = [...(ofJob.get(job._id) ?? [])].sort((a, b) =>
      a.isoDueDate < b.isoDueDate ? -1 : a.isoDueDate > b.isoDueDate ? 1 : 0,
    );
    for (const o of stored) {
      if (o.isoPlannedDate >= input.from && o.isoPlannedDate <= input.to) out.push(storedVisit(o, job));
    }
    if (input.inactiveCustomers?.has(job.customerId)) continue;
    for (const due of datesBetween(job, input.from, input.to)) {
      if (!stored.some((o) => o.isoDueDate === due)) out.push(virtualVisit(job, due, stored));
    }
  }
  const roundKey = (i: Visit) => {
    const r = i.rounds[0];
    if (!r) return '\uffff';
    return input.roundNames ? `${(input.roundNames.get(r) ?? r).toLowerCase()}\u0000${r}` : r;
  };
  const by = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return out
    .sort(
      (a, b) =>
        by(a.isoPlannedDate, b.isoPlannedDate) ||
        by(roundKey(a), roundKey(b)) ||
        a.plannedOrder - b.plannedOrder ||
        by(a.jobId, b.jobId) ||
        by(a.isoDueDate, b.isoDueDate),
    )
    .filter(keep);
}

async function townLike() {
  const data = (await generate('town', { accountId: 'reference', today: TODAY })).entities;
  const jobs: ScheduleJob[] = [...data.job];
  const visitRecords: StoredVisit[] = data.visit.map((o, i) =>
    // Every 97th stored visit moved a few days (some across the window's edges), every 89th not done.
    i % 97 === 0
      ? { ...o, isoPlannedDate: addDays(o.isoPlannedDate, (i % 7) - 3), status: VisitStatus.NotDone }
      : i % 89 === 0
        ? { ...o, status: VisitStatus.NotDone }
        : o,
  );
  // Storage order is not date order on a device (sync pages arrive in any order).
  visitRecords.reverse();
  const first = jobs[0]!;
  jobs.push({ ...first, _id: 'UNBOOKED-QUOTE-JOB', quoteId: 'Q1' });
  const inactiveCustomers = new Set([jobs[1]!.customerId, jobs[2]!.customerId]);
  const roundNames = new Map(data.round.map((r) => [r._id, r.description]));
  return { jobs, visitRecords, roundNames, inactiveCustomers };
}

describe('schedule engine against a plain reference (town data set)', { timeout: 60_000 }, () => {
  let town: Awaited<ReturnType<typeof townLike>>;
  beforeAll(async () => {
    town = await townLike();
  });

  it('has the data set it claims', () => {
    expect(town.jobs.length).toBeGreaterThan(2_600);
    expect(town.visitRecords.length).toBeGreaterThan(20_000);
  });

  it('visitsBetween gives the same visits in the same order, with or without a prebuilt grouping', () => {
    const byJob = recordsByJob(town.visitRecords);
    for (const [from, to] of [
      [addDays(TODAY, -365), addDays(TODAY, -1)],
      [addDays(TODAY, -30), addDays(TODAY, 30)],
      [addDays(TODAY, 2), addDays(TODAY, 2)], // a Monday
    ] as const) {
      const expected = reference({ ...town, from, to });
      expect(expected.length).toBeGreaterThan(0);
      expect(visitsBetween({ ...town, from, to })).toEqual(expected);
      expect(visitsBetween({ ...town, byJob, from, to })).toEqual(expected);
    }
  });

  it('overdue is the not-done visits of the past 365 days, in schedule order', () => {
    const from = addDays(TODAY, -365);
    const to = addDays(TODAY, -1);
    const expected = reference({ ...town, from, to }, (i) => i.status === VisitStatus.NotDone);
    // The data set has both kinds: stored not-done visits and never-recorded (virtual) ones.
    expect(expected.some((i) => i.stored)).toBe(true);
    expect(expected.some((i) => !i.stored)).toBe(true);
    expect(overdue({ ...town, today: TODAY })).toEqual(expected);
    expect(overdue({ ...town, byJob: recordsByJob(town.visitRecords), today: TODAY })).toEqual(expected);
    const since = addDays(TODAY, -40);
    expect(overdue({ ...town, today: TODAY, since })).toEqual(
      reference({ ...town, from: since, to }, (i) => i.status === VisitStatus.NotDone),
    );
  });
});
