import { describe, expect, it } from 'vitest';
import { rejection, testActor } from '../testing.ts';
import { scheduleFixture } from '../visits/fixture.ts';
import { VisitStatus } from '../visits/status.ts';
import type { WorkerAvailability } from './schema.ts';
import { availabilityWeek, availableOn, isoWeek } from './week.ts';

const worker: WorkerAvailability = {
  _id: 'w1',
  skills: ['ladders'],
  defaultAvailability: { monday: 8, wednesday: 4 },
  availability: { '2026-11-25': 2 },
};
const visitOn = (isoPlannedDate: string, duration: number, over = {}) => ({
  isoPlannedDate,
  assignees: ['w1'],
  duration,
  price: 30,
  status: VisitStatus.NotDone,
  ...over,
});

describe('the availability week', () => {
  it('is the ISO week, Monday to Sunday, whatever day is asked', () => {
    expect(isoWeek('2026-11-29')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
  });

  it("takes a date's own hours over its weekday's, and none where neither is set", () => {
    expect(availableOn(worker, '2026-11-23')).toBe(8);
    expect(availableOn(worker, '2026-11-25')).toBe(2);
    expect(availableOn(worker, '2026-11-26')).toBe(0);
    expect(availableOn(undefined, '2026-11-23')).toBe(0);
  });

  it('is green when available hours meet the required hours and red when the day is over-booked', () => {
    const week = availabilityWeek({
      day: '2026-11-25',
      workerIds: ['w1'],
      records: { w1: worker },
      visits: [
        visitOn('2026-11-23', 240),
        visitOn('2026-11-23', 240),
        visitOn('2026-11-25', 90),
        visitOn('2026-11-25', 60, { assignees: ['w1', 'w2'], price: 40 }),
        // Skipped: needs no time.
        visitOn('2026-11-24', 60, { status: VisitStatus.Skipped }),
        visitOn('2026-11-30', 60),
      ],
    });
    const cells = week.get('w1')!;
    expect(cells[0]).toEqual({ day: '2026-11-23', available: 8, required: 8, value: 60, ok: true });
    expect(cells[1]).toMatchObject({ required: 0, ok: true });
    expect(cells[2]).toEqual({ day: '2026-11-25', available: 2, required: 2.5, value: 50, ok: false });
  });
});

describe('availability commands', () => {
  it('keep skills, weekday hours and date overrides; hours outside 0-24 are refused', async () => {
    const f = await scheduleFixture(testActor({ flags: ['availability'] }));
    await f.run('availability.set-worker', {
      userId: 'w1',
      skills: ['ladders', 'ladders'],
      defaultAvailability: { monday: 7.5 },
    });
    await f.run('availability.set-day', { userId: 'w1', day: '2026-11-23', hours: 3 });
    expect(await f.store.get('workerAvailability', 'w1')).toMatchObject({
      skills: ['ladders'],
      defaultAvailability: { monday: 7.5 },
      availability: { '2026-11-23': 3 },
    });
    await f.run('availability.set-day', { userId: 'w1', day: '2026-11-23', hours: null });
    expect(await f.store.get('workerAvailability', 'w1')).toMatchObject({ availability: {} });
    const e = await rejection(f.run('availability.set-day', { userId: 'w1', day: '2026-11-23', hours: 25 }));
    expect(e.code).toBe('availability.hours-invalid');
    const w = await rejection(
      f.run(
        'availability.set-day',
        { userId: 'w1', day: '2026-11-23', hours: 1 },
        f.ctxOf(testActor({ roles: ['Worker'], flags: ['availability'] })),
      ),
    );
    expect(w.kind).toBe('forbidden');
  });
});
