import { describe, expect, it } from 'vitest';
import { nextVisitDatesTemporary, weekdayOfMonth } from './next-visits';

const job = (over: Partial<Parameters<typeof nextVisitDatesTemporary>[0]>) => ({
  date: '2026-11-02',
  frequencyType: 'Weeks' as const,
  frequencyInterval: 4,
  ...over,
});

describe('nextVisitDatesTemporary (until the core schedule engine lands)', () => {
  it('a four-weekly job visits every 28 days from its date', () => {
    expect(nextVisitDatesTemporary(job({}), '2026-11-21', 3)).toEqual([
      '2026-11-30',
      '2026-12-28',
      '2027-01-25',
    ]);
  });

  it('includes the job date itself when it is today or later', () => {
    expect(nextVisitDatesTemporary(job({ date: '2026-11-21' }), '2026-11-21', 2)).toEqual([
      '2026-11-21',
      '2026-12-19',
    ]);
  });

  it('a one-off job has no recurrence: its date if still ahead, else nothing', () => {
    expect(nextVisitDatesTemporary(job({ frequencyType: 'OneOff' }), '2026-11-01', 5)).toEqual([
      '2026-11-02',
    ]);
    expect(nextVisitDatesTemporary(job({ frequencyType: 'OneOff' }), '2026-11-03', 5)).toEqual([]);
  });

  it('monthly on a day of the month clamps to the month end', () => {
    const monthly = job({
      date: '2027-01-31',
      frequencyType: 'MonthsDayOfMonth',
      frequencyInterval: 1,
      frequencyDayOfMonth: 31,
    });
    expect(nextVisitDatesTemporary(monthly, '2027-01-01', 3)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
    ]);
  });

  it('every 2 months on the 2nd Tuesday, and on the last Friday', () => {
    const second = job({
      date: '2026-11-10',
      frequencyType: 'MonthsWeekdayOfMonth',
      frequencyInterval: 2,
      frequencyWeekOfMonth: 2,
      frequencyDayOfWeek: 2,
    });
    expect(nextVisitDatesTemporary(second, '2026-11-01', 3)).toEqual([
      '2026-11-10',
      '2027-01-12',
      '2027-03-09',
    ]);
    const last = job({
      date: '2026-11-27',
      frequencyType: 'MonthsWeekdayOfMonth',
      frequencyInterval: 1,
      frequencyWeekOfMonth: 5,
      frequencyDayOfWeek: 5,
    });
    expect(nextVisitDatesTemporary(last, '2026-11-28', 2)).toEqual(['2026-12-25', '2027-01-29']);
  });

  it('derives week of month and weekday from a date', () => {
    expect(weekdayOfMonth('2026-11-10')).toEqual({ week: 2, dayOfWeek: 2 });
    expect(weekdayOfMonth('2026-11-30')).toEqual({ week: 5, dayOfWeek: 1 });
  });
});
