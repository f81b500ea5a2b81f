import { describe, expect, it } from 'vitest';
import { dayNumber, daysInMonth, isIsoDate, partsOf, todayIn, weekdayOf } from './dates.ts';
import {
  datesBetween,
  isDueDate,
  nextDate,
  nextDates,
  previousDate,
  type Recurrence,
  recurrenceOfFrequencyData,
  visitsPerYear,
} from './frequency.ts';
import { frequencyMessage, frequencyText } from './text.ts';

const weeks = (date: string, n: number): Recurrence => ({
  date,
  frequencyType: 'Weeks',
  frequencyInterval: n,
});
const dom = (date: string, n: number, day?: number): Recurrence => ({
  date,
  frequencyType: 'MonthsDayOfMonth',
  frequencyInterval: n,
  ...(day ? { frequencyDayOfMonth: day } : {}),
});
const nth = (date: string, n: number, week: number, dow: number): Recurrence => ({
  date,
  frequencyType: 'MonthsWeekdayOfMonth',
  frequencyInterval: n,
  frequencyWeekOfMonth: week,
  frequencyDayOfWeek: dow,
});
const oneOff = (date: string): Recurrence => ({ date, frequencyType: 'OneOff', frequencyInterval: 4 });

describe('next dates of each frequency type (table)', () => {
  it.each([
    [
      'every 4 weeks, from the day after the anchor',
      weeks('2026-01-05', 4),
      '2026-01-06',
      ['2026-02-02', '2026-03-02', '2026-03-30'],
    ],
    [
      'every 4 weeks, from the anchor itself',
      weeks('2026-01-05', 4),
      '2026-01-05',
      ['2026-01-05', '2026-02-02', '2026-03-02'],
    ],
    [
      'every week across the UK clocks going forward (29 March 2026)',
      weeks('2026-03-22', 1),
      '2026-03-01',
      ['2026-03-22', '2026-03-29', '2026-04-05'],
    ],
    [
      'every week across the UK clocks going back (25 October 2026)',
      weeks('2026-10-18', 1),
      '2026-10-19',
      ['2026-10-25', '2026-11-01', '2026-11-08'],
    ],
    [
      'monthly on the 31st falls on the last day of short months',
      dom('2026-01-31', 1, 31),
      '2026-01-01',
      ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30'],
    ],
    [
      'monthly on the 30th in a leap February',
      dom('2027-12-30', 1, 30),
      '2028-01-15',
      ['2028-01-30', '2028-02-29', '2028-03-30'],
    ],
    [
      'every 3 months on the 15th',
      dom('2026-11-15', 3, 15),
      '2026-11-16',
      ['2027-02-15', '2027-05-15', '2027-08-15'],
    ],
    [
      'monthly on the 10th, starting after the 10th: first visit next month',
      dom('2026-11-20', 1, 10),
      '2026-11-01',
      ['2026-12-10', '2027-01-10'],
    ],
    [
      'day of month taken from the date when absent',
      dom('2026-11-17', 1),
      '2026-11-18',
      ['2026-12-17', '2027-01-17'],
    ],
    [
      '2nd Tuesday of every month',
      nth('2026-11-10', 1, 2, 2),
      '2026-11-01',
      ['2026-11-10', '2026-12-08', '2027-01-12'],
    ],
    [
      'every 2 months on the last Friday',
      nth('2026-01-30', 2, 5, 5),
      '2026-01-01',
      ['2026-01-30', '2026-03-27', '2026-05-29'],
    ],
    [
      '1st Sunday, month starting on a Sunday',
      nth('2026-02-01', 1, 1, 0),
      '2026-02-01',
      ['2026-02-01', '2026-03-01', '2026-04-05'],
    ],
    ['4th Monday', nth('2026-11-23', 1, 4, 1), '2026-11-24', ['2026-12-28', '2027-01-25']],
    ['one-off yields its date', oneOff('2026-12-03'), '2026-11-21', ['2026-12-03']],
    ['one-off in the past yields nothing', oneOff('2026-11-03'), '2026-11-21', []],
  ])('%s', (_, job, from, expected) => {
    expect(nextDates(job, from, expected.length + (job.frequencyType === 'OneOff' ? 5 : 0))).toEqual(
      expected,
    );
  });

  it('datesBetween includes both ends; previousDate is strictly before', () => {
    const job = weeks('2026-01-05', 2);
    expect(datesBetween(job, '2026-01-05', '2026-02-02')).toEqual(['2026-01-05', '2026-01-19', '2026-02-02']);
    expect(datesBetween(job, '2026-01-06', '2026-02-01')).toEqual(['2026-01-19']);
    expect(datesBetween(job, '2025-01-01', '2026-01-04')).toEqual([]);
    expect(previousDate(job, '2026-02-02')).toBe('2026-01-19');
    expect(previousDate(job, '2026-01-05')).toBeUndefined();
    expect(previousDate(dom('2026-01-31', 1, 31), '2026-03-31')).toBe('2026-02-28');
    expect(previousDate(oneOff('2026-01-31'), '2026-03-31')).toBe('2026-01-31');
    expect(isDueDate(job, '2026-01-19')).toBe(true);
    expect(isDueDate(job, '2026-01-12')).toBe(false);
  });

  it('visits a year give yearly values (spec 000 section 9: price times visits a year)', () => {
    expect(visitsPerYear(weeks('2026-01-01', 4))).toBe(13);
    expect(visitsPerYear(dom('2026-01-01', 2))).toBe(6);
    expect(visitsPerYear(oneOff('2026-01-01'))).toBe(0);
  });
});

describe('frequency text', () => {
  it.each([
    [oneOff('2026-01-01'), 'One-off'],
    [weeks('2026-01-01', 1), 'Every week'],
    [weeks('2026-01-01', 4), 'Every 4 weeks'],
    [dom('2026-01-15', 1, 15), 'Monthly on the 15th'],
    [dom('2026-01-31', 1, 31), 'Monthly on the 31st (or the last day)'],
    [dom('2026-01-22', 2, 22), 'Every 2 months on the 22nd'],
    [dom('2026-01-11', 1, 11), 'Monthly on the 11th'],
    [nth('2026-01-30', 2, 5, 5), 'Every 2 months on the last Friday'],
    [nth('2026-01-13', 1, 2, 2), 'Monthly on the 2nd Tuesday'],
    [nth('2026-01-13', 3, 3, 3), 'Every 3 months on the 3rd Wednesday'],
  ])('%j reads "%s"', (job, text) => {
    expect(frequencyText(job)).toBe(text);
  });

  it('gives a message key and parameters for translation', () => {
    expect(frequencyMessage(weeks('2026-01-01', 4))).toEqual({
      key: 'frequency.weeks',
      params: { count: 4 },
    });
  });
});

describe('date helpers', () => {
  it('validates calendar dates', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('26-1-1')).toBe(false);
    expect(isIsoDate('0000-00-00')).toBe(false);
    expect(isIsoDate('2026-04-31')).toBe(false);
  });
  it('takes years 1900 to 2199 only (docs/architecture.md, "Dates")', () => {
    expect(isIsoDate('1900-01-01')).toBe(true);
    expect(isIsoDate('2199-12-31')).toBe(true);
    expect(isIsoDate('1899-12-31')).toBe(false);
    expect(isIsoDate('2200-01-01')).toBe(false);
    expect(isIsoDate('9999-12-31')).toBe(false);
  });
  it('knows month lengths and weekdays', () => {
    expect(daysInMonth(2026, 1)).toBe(28);
    expect(daysInMonth(2028, 1)).toBe(29);
    expect(weekdayOf('2026-11-21')).toBe(6); // a Saturday
    expect(partsOf('2026-11-21')).toEqual({ year: 2026, month: 10, date: 21 });
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(nextDate(weeks('2026-11-21', 1), '2026-11-22')).toBe('2026-11-28');
  });
});

describe('round schedules and today', () => {
  it('reads a round’s frequency data with the same rules', () => {
    const r = recurrenceOfFrequencyData({
      type: 'MonthsWeekdayOfMonth',
      interval: 1,
      firstScheduledDate: '2026-11-27',
      dayOfWeek: 5,
      weekOfMonth: 5,
    });
    expect(nextDates(r, '2026-11-28', 2)).toEqual(['2026-12-25', '2027-01-29']);
    expect(frequencyText(r)).toBe('Monthly on the last Friday');
  });

  it('fills the monthly fields the data leaves out from the first date, whatever date it is re-anchored on', () => {
    const last = recurrenceOfFrequencyData({
      type: 'MonthsDayOfMonth',
      interval: 1,
      firstScheduledDate: '2026-01-31',
    });
    expect(last.frequencyDayOfMonth).toBe(31);
    // Re-anchored on 30 April (the next date from 2 April), it still visits on the 31st.
    expect(nextDates({ ...last, date: '2026-04-30' }, '2026-04-02', 3)).toEqual([
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
    ]);
    // 30 January 2026 is the last Friday of January; February's last Friday is the 27th.
    const friday = recurrenceOfFrequencyData({
      type: 'MonthsWeekdayOfMonth',
      interval: 1,
      firstScheduledDate: '2026-01-30',
    });
    expect(friday).toMatchObject({ frequencyDayOfWeek: 5, frequencyWeekOfMonth: 5 });
    expect(nextDates({ ...friday, date: '2026-02-27' }, '2026-02-02', 4)).toEqual([
      '2026-02-27',
      '2026-03-27',
      '2026-04-24',
      '2026-05-29', // the 4th Friday of May is the 22nd
    ]);
    const weeks = recurrenceOfFrequencyData({
      type: 'Weeks',
      interval: 2,
      firstScheduledDate: '2026-01-30',
      dayOfMonth: 3,
    });
    expect(weeks.frequencyDayOfMonth).toBeUndefined();
  });

  it('today is the calendar day where the user is', () => {
    const lateEvening = new Date('2026-06-30T23:30:00Z');
    expect(todayIn('Europe/London', lateEvening)).toBe('2026-07-01');
    expect(todayIn('UTC', lateEvening)).toBe('2026-06-30');
    expect(todayIn('America/New_York', lateEvening)).toBe('2026-06-30');
  });
});
