import { Schedule } from '@roundwise/core';
import { describe, expect, it } from 'vitest';
import { generate } from '../../../scripts/seed/generate';
import { dayItems, type Job, jobsByPlannedDay, type Occurrence } from './schedule';

describe('dayItems', () => {
  it('gives the same visits as scheduleItems over every job, day by day, moved visits included', async () => {
    const data = (await generate('demo', { accountId: 'day-items', today: '2026-11-21' })).entities;
    const jobs = data.job as unknown as Job[];
    const occurrences = [...(data.occurrence as unknown as Occurrence[])];
    // Move one stored visit to another day, so a job not due that day has a visit on it.
    const moved = occurrences.find((o) => o.status === 0) ?? occurrences[0];
    if (!moved) throw new Error('the demo has visits');
    occurrences[occurrences.indexOf(moved)] = {
      ...moved,
      isoPlannedDate: Schedule.addDays(moved.isoPlannedDate, 3),
    };
    const byJob = Schedule.occurrencesByJob(occurrences);
    const byPlannedDay = jobsByPlannedDay(occurrences);
    const roundNames = new Map(
      (data.round as unknown as { _id: string; description: string }[]).map((r) => [r._id, r.description]),
    );
    let seen = 0;
    for (let day = '2026-09-01'; day <= '2026-12-31'; day = Schedule.addDays(day, 1)) {
      const all = Schedule.scheduleItems({ jobs, occurrences, from: day, to: day, roundNames });
      expect(dayItems({ jobs, occurrences, byJob, day, roundNames })).toEqual(all);
      expect(dayItems({ jobs, occurrences, byJob, byPlannedDay, day, roundNames })).toEqual(all);
      seen += all.length;
    }
    expect(seen).toBeGreaterThan(200);
    const movedDay = Schedule.addDays(moved.isoPlannedDate, 3);
    expect(dayItems({ jobs, occurrences, byJob, day: movedDay }).some((i) => i.id === moved._id)).toBe(true);
  });
});
