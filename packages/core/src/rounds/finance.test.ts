import { describe, expect, it } from 'vitest';
import { VisitStatus } from '../visits/record.ts';
import {
  type FinanceJob,
  type FinanceVisit,
  financialData,
  monthlyValue,
  oneOffValue,
  yearlyValue,
} from './finance.ts';

const TODAY = '2026-11-21';
const job = (over: Partial<FinanceJob>): FinanceJob => ({
  _id: 'J1',
  date: '2026-12-01',
  price: 20,
  frequencyType: 'Weeks',
  frequencyInterval: 4,
  ...over,
});
const occ = (over: Partial<FinanceVisit>): FinanceVisit => ({
  jobId: 'J1',
  status: VisitStatus.NotDone,
  isoDueDate: '2026-12-01',
  isoPlannedDate: '2026-12-01',
  price: 20,
  ...over,
});

describe('round finance (spec 000 section 9)', () => {
  // "yearly value is price times visit records per year"; "Monthly value is yearly value divided by 12"
  it.each([
    ['every 4 weeks at 20', job({ price: 20, frequencyInterval: 4 }), 260, 260 / 12],
    ['every week at 10', job({ price: 10, frequencyInterval: 1 }), 520, 520 / 12],
    ['every 8 weeks at 15', job({ price: 15, frequencyInterval: 8 }), 97.5, 97.5 / 12],
    ['monthly at 30', job({ price: 30, frequencyType: 'MonthsDayOfMonth', frequencyInterval: 1 }), 360, 30],
    [
      'every 3 months at 40',
      job({ price: 40, frequencyType: 'MonthsWeekdayOfMonth', frequencyInterval: 3 }),
      160,
      160 / 12,
    ],
    ['one-off at 50', job({ price: 50, frequencyType: 'OneOff' }), 0, 0],
  ])('%s: yearly %d, monthly %d', (_name, j, yearly, monthly) => {
    expect(yearlyValue(j)).toBeCloseTo(yearly, 9);
    expect(monthlyValue(j)).toBeCloseTo(monthly, 9);
  });

  // "one-off total is the sum of future visit record prices plus the job price if no visit record
  // falls on the job's date"
  it.each([
    ['no visit record: the job price', [], 50],
    ['a repriced visit on the job date: its price only', [occ({ price: 45 })], 45],
    [
      'a visit on the job date moved later: its price only',
      [occ({ isoPlannedDate: '2026-12-09', price: 50 })],
      50,
    ],
    [
      'an extra future visit and none on the date',
      [occ({ isoDueDate: '2026-12-15', isoPlannedDate: '2026-12-15', price: 30 })],
      80,
    ],
    ['the visit on the date done: nothing left', [occ({ status: VisitStatus.Done })], 0],
    [
      'a past visit planned before today is not future',
      [occ({ isoDueDate: '2026-11-01', isoPlannedDate: '2026-11-01' })],
      50,
    ],
  ])('one-off job: %s', (_name, visitRecords, expected) => {
    expect(oneOffValue(job({ price: 50, frequencyType: 'OneOff' }), visitRecords, TODAY)).toBe(expected);
  });

  it('a recurring job has no one-off value', () => {
    expect(oneOffValue(job({}), [], TODAY)).toBe(0);
  });

  // "average per job is yearly total divided by job count"
  it('totals a round and averages the yearly total over every job', () => {
    const jobs = [
      job({ _id: 'A', price: 20, frequencyInterval: 4 }), // 260 a year
      job({ _id: 'B', price: 30, frequencyType: 'MonthsDayOfMonth', frequencyInterval: 1 }), // 360
      job({ _id: 'C', price: 50, frequencyType: 'OneOff' }), // one-off 50
    ];
    const f = financialData(jobs, new Map(), TODAY);
    expect(f.totalPerYear).toBe(620);
    expect(f.totalPerMonth).toBeCloseTo(620 / 12, 9);
    expect(f.totalOneOff).toBe(50);
    expect(f.avgPerJobPerYear).toBeCloseTo(620 / 3, 9);
    expect(f.avgPerJobPerMonth).toBeCloseTo(620 / 3 / 12, 9);
  });

  it('a round with no jobs is worth nothing (no division by zero)', () => {
    expect(financialData([], new Map(), TODAY)).toEqual({
      totalOneOff: 0,
      totalPerYear: 0,
      totalPerMonth: 0,
      avgPerJobPerYear: 0,
      avgPerJobPerMonth: 0,
    });
  });
});
