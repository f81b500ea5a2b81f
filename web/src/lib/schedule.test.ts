import { Schedule, Visits } from '@roundwise/core';
import { describe, expect, it } from 'vitest';
import { generate } from '../../../scripts/seed/generate';
import { dayItems, type Job, jobsByPlannedDay, type VisitRecord } from './schedule';

describe('dayItems', () => {
  it('gives the same visits as visitsBetween over every job, day by day, moved visits included', async () => {
    const data = (await generate('demo', { accountId: 'day-items', today: '2026-11-21' })).entities;
    const jobs = data.job as unknown as Job[];
    const visitRecords = [...(data.visit as unknown as VisitRecord[])];
    // Move one stored visit to another day, so a job not due that day has a visit on it.
    const moved = visitRecords.find((o) => o.status === Visits.VisitStatus.NotDone) ?? visitRecords[0];
    if (!moved) throw new Error('the demo has visits');
    visitRecords[visitRecords.indexOf(moved)] = {
      ...moved,
      isoPlannedDate: Schedule.addDays(moved.isoPlannedDate, 3),
    };
    const byJob = Visits.recordsByJob(visitRecords);
    const byPlannedDay = jobsByPlannedDay(visitRecords);
    const roundNames = new Map(
      (data.round as unknown as { _id: string; description: string }[]).map((r) => [r._id, r.description]),
    );
    let seen = 0;
    for (let day = '2026-09-01'; day <= '2026-12-31'; day = Schedule.addDays(day, 1)) {
      const all = Visits.visitsBetween({ jobs, visitRecords, from: day, to: day, roundNames });
      expect(dayItems({ jobs, visitRecords, byJob, day, roundNames })).toEqual(all);
      expect(dayItems({ jobs, visitRecords, byJob, byPlannedDay, day, roundNames })).toEqual(all);
      seen += all.length;
    }
    expect(seen).toBeGreaterThan(200);
    const movedDay = Schedule.addDays(moved.isoPlannedDate, 3);
    expect(dayItems({ jobs, visitRecords, byJob, day: movedDay }).some((i) => i.id === moved._id)).toBe(true);
  });
});
