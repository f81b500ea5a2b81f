import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayNumber, isoOfDay } from '../schedule/dates.ts';
import { datesBetween, nextDates, type Recurrence } from '../schedule/frequency.ts';
import { visitId } from './ids.ts';
import { shift } from './plan.ts';
import type { VisitStatus } from './record.ts';
import { type ScheduleJob, type StoredVisit, visitsBetween } from './visits.ts';

const isoDate = fc.integer({ min: dayNumber('2020-01-01'), max: dayNumber('2030-12-31') }).map(isoOfDay);
const recurrence: fc.Arbitrary<Recurrence> = fc.oneof(
  fc.record({
    date: isoDate,
    frequencyType: fc.constant('Weeks' as const),
    frequencyInterval: fc.integer({ min: 1, max: 8 }),
  }),
  fc.record({
    date: isoDate,
    frequencyType: fc.constant('MonthsDayOfMonth' as const),
    frequencyInterval: fc.integer({ min: 1, max: 3 }),
    frequencyDayOfMonth: fc.integer({ min: 1, max: 31 }),
  }),
  fc.record({
    date: isoDate,
    frequencyType: fc.constant('MonthsWeekdayOfMonth' as const),
    frequencyInterval: fc.integer({ min: 1, max: 3 }),
    frequencyWeekOfMonth: fc.integer({ min: 1, max: 5 }),
    frequencyDayOfWeek: fc.integer({ min: 0, max: 6 }),
  }),
  fc.record({
    date: isoDate,
    frequencyType: fc.constant('OneOff' as const),
    frequencyInterval: fc.constant(4),
  }),
);

/** A few jobs, and stored visits on some of their due dates, some moved by a few days. */
const scenario = fc
  .array(fc.tuple(recurrence, fc.constantFrom('r1', 'r2', '')), { minLength: 1, maxLength: 5 })
  .chain((specs) => {
    const jobs: ScheduleJob[] = specs.map(([r, round], i) => ({
      ...r,
      _id: `J${i}`,
      customerId: `C${i}`,
      rounds: round ? [round] : [],
      price: 10 + i,
      assignees: [],
    }));
    const candidates = jobs.flatMap((j) => nextDates(j, j.date, 20).map((due) => ({ j, due })));
    return fc.subarray(candidates).chain((chosen) =>
      fc.tuple(
        fc.constant(jobs),
        fc.tuple(
          ...chosen.map(({ j, due }) =>
            fc
              .record({
                status: fc.constantFrom(0, 1, 2),
                moveBy: fc.integer({ min: -3, max: 3 }),
                order: fc.nat(5),
              })
              .map(
                ({ status, moveBy, order }): StoredVisit => ({
                  _id: visitId(j._id, due),
                  jobId: j._id,
                  customerId: j.customerId,
                  status: status as VisitStatus,
                  isoDueDate: due,
                  isoPlannedDate: addDays(due, moveBy),
                  price: 99,
                  plannedOrder: order,
                }),
              ),
          ),
        ),
        fc.integer({ min: -60, max: 400 }),
        fc.integer({ min: 0, max: 120 }),
      ),
    );
  });

describe('visits (properties)', () => {
  it('every visit planned in the range appears exactly once, on its planned date, sorted', () => {
    fc.assert(
      fc.property(scenario, ([jobs, visitRecords, offset, span]) => {
        const from = addDays(jobs[0]!.date, offset);
        const to = addDays(from, span);
        const items = visitsBetween({ jobs, visitRecords, from, to });
        // Expected: stored ones planned in range, plus due dates in range that are not stored.
        const storedKeys = new Set(visitRecords.map((o) => `${o.jobId}|${o.isoDueDate}`));
        const expected = new Set([
          ...visitRecords.filter((o) => o.isoPlannedDate >= from && o.isoPlannedDate <= to).map((o) => o._id),
          ...jobs.flatMap((j) =>
            datesBetween(j, from, to)
              .filter((d) => !storedKeys.has(`${j._id}|${d}`))
              .map((d) => visitId(j._id, d)),
          ),
        ]);
        expect(items.map((i) => i.id).sort()).toEqual([...expected].sort());
        for (const i of items) expect(i.isoPlannedDate >= from && i.isoPlannedDate <= to).toBe(true);
        for (let k = 1; k < items.length; k++)
          expect(items[k - 1]!.isoPlannedDate <= items[k]!.isoPlannedDate).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('shift (properties)', () => {
  it('every N weeks: the visits from the date are the old ones moved by the days, earlier ones unchanged', () => {
    const weekly = fc.record({
      date: isoDate,
      frequencyType: fc.constant('Weeks' as const),
      frequencyInterval: fc.integer({ min: 1, max: 8 }),
    });
    fc.assert(
      fc.property(
        weekly,
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: -6, max: 30 }),
        (job, off, days) => {
          const from = addDays(job.date, off);
          const plan = shift(job, [], { from, days })!;
          const before = nextDates(job, from, 6);
          const after = nextDates(plan.recurrence, addDays(from, Math.min(0, days)), 6);
          expect(after).toEqual(before.map((d) => addDays(d, days)));
        },
      ),
    );
  });
});
