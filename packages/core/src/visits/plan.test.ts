import { describe, expect, it } from 'vitest';
import { datesBetween, nextDates, normaliseRecurrence, type Recurrence } from '../schedule/frequency.ts';
import { visitId } from './ids.ts';
import { replan, shift } from './plan.ts';
import { VisitStatus } from './record.ts';
import type { StoredVisit } from './visits.ts';

const weekly: Recurrence = { date: '2026-11-02', frequencyType: 'Weeks', frequencyInterval: 2 };
const occ = (due: string, over: Partial<StoredVisit> = {}): StoredVisit => ({
  _id: visitId('J', due),
  jobId: 'J',
  customerId: 'C',
  status: VisitStatus.NotDone,
  isoDueDate: due,
  isoPlannedDate: due,
  price: 20,
  ...over,
});

describe('replan', () => {
  it('takes the new date and frequency and drops only not-done stored visits', () => {
    const done = occ('2026-11-02', { status: VisitStatus.Done });
    const skipped = occ('2026-11-16', { status: VisitStatus.Skipped });
    const repriced = occ('2026-11-30', { price: 30 });
    const plan = replan(weekly, [done, skipped, repriced], {
      date: '2026-12-01',
      frequencyType: 'MonthsDayOfMonth',
    });
    expect(plan.recurrence).toEqual({
      date: '2026-12-01',
      frequencyType: 'MonthsDayOfMonth',
      frequencyInterval: 2,
      frequencyDayOfMonth: 1,
    });
    expect(plan.remove).toEqual([repriced._id]);
    expect(plan.put).toEqual([]);
  });
});

describe('normaliseRecurrence', () => {
  it('fills monthly fields from the date and drops those the type does not use', () => {
    expect(
      normaliseRecurrence({
        date: '2026-11-27',
        frequencyType: 'MonthsWeekdayOfMonth',
        frequencyInterval: 1,
      }),
    ).toEqual({
      date: '2026-11-27',
      frequencyType: 'MonthsWeekdayOfMonth',
      frequencyInterval: 1,
      frequencyDayOfWeek: 5,
      frequencyWeekOfMonth: 4,
    });
    expect(normaliseRecurrence({ ...weekly, frequencyDayOfMonth: 3 })).toEqual(weekly);
  });
});

describe('shift', () => {
  it('moves every not-done visit from a date by N days and leaves earlier ones alone', () => {
    const plan = shift(weekly, [], { from: '2026-11-20', days: 3 });
    expect(plan?.recurrence.date).toBe('2026-12-03');
    expect(nextDates(plan!.recurrence, '2026-11-20', 3)).toEqual(['2026-12-03', '2026-12-17', '2026-12-31']);
    expect(datesBetween(weekly, '2026-11-01', '2026-11-19')).toEqual(['2026-11-02', '2026-11-16']);
  });

  it('re-anchors so the first visit falls on a chosen date', () => {
    const monthly: Recurrence = {
      date: '2026-11-10',
      frequencyType: 'MonthsDayOfMonth',
      frequencyInterval: 1,
      frequencyDayOfMonth: 10,
    };
    const plan = shift(monthly, [], { from: '2026-11-21', toDate: '2026-12-15' });
    expect(plan?.recurrence).toMatchObject({ date: '2026-12-15', frequencyDayOfMonth: 15 });
  });

  it('carries the state of stored not-done visits to their shifted dates; done ones stay', () => {
    const done = occ('2026-11-16', { status: VisitStatus.Done });
    const repriced = occ('2026-11-30', { price: 35 });
    const moved = occ('2026-12-14', { isoPlannedDate: '2026-12-15', notes: 'Gate code 1234' });
    const plan = shift(weekly, [done, repriced, moved], { from: '2026-11-20', days: 7 })!;
    expect(plan.remove.sort()).toEqual([moved._id, repriced._id].sort());
    expect(plan.put).toEqual([
      expect.objectContaining({ _id: visitId('J', '2026-12-07'), isoDueDate: '2026-12-07', price: 35 }),
      expect.objectContaining({
        _id: visitId('J', '2026-12-21'),
        isoPlannedDate: '2026-12-22',
        notes: 'Gate code 1234',
      }),
    ]);
  });

  it('is undefined when no visit is left (a past one-off)', () => {
    expect(
      shift({ date: '2026-01-01', frequencyType: 'OneOff', frequencyInterval: 4 }, [], {
        from: '2026-11-21',
        days: 1,
      }),
    ).toBeUndefined();
  });
});
