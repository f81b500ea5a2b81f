import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, dayNumber, daysInMonth, isoOfDay, partsOf, weekdayOf } from './dates.ts';
import { datesBetween, nextDates, previousDate, type Recurrence } from './frequency.ts';

/** Any date from 1990 to 2100 (leap years, century rule not needed: 2000 is in, 2100 is the edge). */
const isoDate = fc.integer({ min: dayNumber('1990-01-01'), max: dayNumber('2100-12-31') }).map(isoOfDay);
const interval = fc.integer({ min: 1, max: 104 });

const weeksJob = fc.record({
  date: isoDate,
  frequencyType: fc.constant('Weeks' as const),
  frequencyInterval: interval,
});
const domJob = fc.record({
  date: isoDate,
  frequencyType: fc.constant('MonthsDayOfMonth' as const),
  frequencyInterval: fc.integer({ min: 1, max: 24 }),
  frequencyDayOfMonth: fc.integer({ min: 1, max: 31 }),
});
const nthJob = fc.record({
  date: isoDate,
  frequencyType: fc.constant('MonthsWeekdayOfMonth' as const),
  frequencyInterval: fc.integer({ min: 1, max: 24 }),
  frequencyWeekOfMonth: fc.integer({ min: 1, max: 5 }),
  frequencyDayOfWeek: fc.integer({ min: 0, max: 6 }),
});
const oneOffJob = fc.record({
  date: isoDate,
  frequencyType: fc.constant('OneOff' as const),
  frequencyInterval: interval,
});
const anyJob: fc.Arbitrary<Recurrence> = fc.oneof(weeksJob, domJob, nthJob, oneOffJob);
/** A start for the search: around the job's date, before or after it. */
const offset = fc.integer({ min: -400, max: 3000 });

const monthIndex = (iso: string) => {
  const p = partsOf(iso);
  return p.year * 12 + p.month;
};

describe('frequency rules (properties)', () => {
  it('dates strictly increase, are on or after both the start and the job date', () => {
    fc.assert(
      fc.property(anyJob, offset, (job, off) => {
        const from = addDays(job.date, off);
        const dates = nextDates(job, from, 12);
        for (let i = 1; i < dates.length; i++) expect(dates[i]! > dates[i - 1]!).toBe(true);
        for (const d of dates) expect(d >= from && d >= job.date).toBe(true);
      }),
    );
  });

  it('no due date is skipped: the one before the first next date is before the start', () => {
    fc.assert(
      fc.property(anyJob, offset, (job, off) => {
        const from = addDays(job.date, off);
        const [first] = nextDates(job, from, 1);
        if (!first) return;
        const prev = previousDate(job, first);
        if (prev !== undefined) expect(prev < from).toBe(true);
      }),
    );
  });

  it('every N weeks: gaps of exactly 7N days, always the anchor weekday', () => {
    fc.assert(
      fc.property(weeksJob, offset, (job, off) => {
        const dates = nextDates(job, addDays(job.date, off), 10);
        expect(dates).toHaveLength(10);
        for (const d of dates) expect(weekdayOf(d)).toBe(weekdayOf(job.date));
        for (let i = 1; i < dates.length; i++) {
          expect(dayNumber(dates[i]!) - dayNumber(dates[i - 1]!)).toBe(7 * job.frequencyInterval);
        }
      }),
    );
  });

  it('day of month: min(day, month length), every N months counted from the start month', () => {
    fc.assert(
      fc.property(domJob, offset, (job, off) => {
        const dates = nextDates(job, addDays(job.date, off), 10);
        expect(dates).toHaveLength(10);
        for (const d of dates) {
          const p = partsOf(d);
          expect(p.date).toBe(Math.min(job.frequencyDayOfMonth, daysInMonth(p.year, p.month)));
          expect((monthIndex(d) - monthIndex(job.date)) % job.frequencyInterval).toBe(0);
        }
        for (let i = 1; i < dates.length; i++) {
          expect(monthIndex(dates[i]!) - monthIndex(dates[i - 1]!)).toBe(job.frequencyInterval);
        }
      }),
    );
  });

  it('Nth weekday: the right weekday, in the right week (5 = the last one of the month)', () => {
    fc.assert(
      fc.property(nthJob, offset, (job, off) => {
        const dates = nextDates(job, addDays(job.date, off), 10);
        expect(dates).toHaveLength(10);
        for (const d of dates) {
          expect(weekdayOf(d)).toBe(job.frequencyDayOfWeek);
          const { date } = partsOf(d);
          if (job.frequencyWeekOfMonth <= 4) expect(Math.ceil(date / 7)).toBe(job.frequencyWeekOfMonth);
          else expect(monthIndex(addDays(d, 7))).toBe(monthIndex(d) + 1);
        }
        for (let i = 1; i < dates.length; i++) {
          expect(monthIndex(dates[i]!) - monthIndex(dates[i - 1]!)).toBe(job.frequencyInterval);
        }
      }),
    );
  });

  it('one-off yields exactly its date, and only from on or before it', () => {
    fc.assert(
      fc.property(oneOffJob, offset, (job, off) => {
        const from = addDays(job.date, off);
        expect(nextDates(job, from, 5)).toEqual(off <= 0 ? [job.date] : []);
      }),
    );
  });

  it('datesBetween agrees with nextDates', () => {
    fc.assert(
      fc.property(anyJob, offset, fc.integer({ min: 0, max: 800 }), (job, off, span) => {
        const from = addDays(job.date, off);
        const to = addDays(from, span);
        const expected = nextDates(job, from, 1000).filter((d) => d <= to);
        expect(datesBetween(job, from, to)).toEqual(expected);
      }),
    );
  });
});

describe('time zones cannot move a visit (arithmetic on UTC calendar dates)', () => {
  const original = process.env.TZ;
  afterEach(() => {
    process.env.TZ = original;
  });

  it('gives the same dates under UTC, Europe/London, New York, Chatham and Lord Howe (half-hour DST)', () => {
    // Start dates near the clock changes, where a local-time implementation goes wrong.
    const nearDst = fc.constantFrom(
      '2026-03-22',
      '2026-03-29',
      '2026-10-25',
      '2026-10-31',
      '2027-03-28',
      '2026-04-05',
    );
    const job = fc.oneof(
      weeksJob.chain((j) => nearDst.map((date) => ({ ...j, date }))),
      domJob.chain((j) => nearDst.map((date) => ({ ...j, date }))),
      nthJob.chain((j) => nearDst.map((date) => ({ ...j, date }))),
      anyJob,
    );
    fc.assert(
      fc.property(job, offset, (j, off) => {
        const from = addDays(j.date, off);
        process.env.TZ = 'UTC';
        const utc = nextDates(j, from, 20);
        const utcPrevious = previousDate(j, from);
        for (const tz of ['Europe/London', 'America/New_York', 'Pacific/Chatham', 'Australia/Lord_Howe']) {
          process.env.TZ = tz;
          expect(nextDates(j, from, 20)).toEqual(utc);
          expect(previousDate(j, from)).toEqual(utcPrevious);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('the TZ change really takes effect in this runtime (so the test above can fail)', () => {
    process.env.TZ = 'Europe/London';
    const summer = new Date(Date.UTC(2026, 6, 1, 12)).getHours();
    process.env.TZ = 'UTC';
    expect(summer).toBe(13);
  });

  it('no schedule source uses a local-time Date API', () => {
    const dir = new URL('.', import.meta.url);
    const local =
      /\.(get|set)(FullYear|Month|Date|Day|Hours|Minutes)\(|toLocale|new Date\(\s*\d|new Date\([a-z]+,/;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.includes('.test.'))) {
      // Comments may name the APIs (dates.ts explains why they are avoided); code may not.
      const source = readFileSync(new URL(file, dir), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '');
      expect(local.test(source), file).toBe(false);
    }
  });
});

describe('integer calendar arithmetic', () => {
  it('agrees with Date.UTC both ways, from year 1 to 9999', () => {
    fc.assert(
      fc.property(fc.integer({ min: -719162, max: 2932896 }), (day) => {
        const iso = new Date(day * 86_400_000).toISOString().slice(0, 10);
        expect(isoOfDay(day)).toBe(iso);
        expect(dayNumber(iso)).toBe(day);
      }),
      { numRuns: 2000 },
    );
  });
});
