import { describe, expect, it } from 'vitest';
import {
  bucketIndex,
  chartBuckets,
  conversionRate,
  groupingFor,
  type LeadFacts,
  type LeadStatus,
  leadStatus,
  percentChange,
  periodRange,
} from './analytics.ts';

const TZ = 'Europe/London';
// Wednesday 25 November 2026, 14:30 in London (GMT).
const NOW = new Date('2026-11-25T14:30:00Z');
const FUTURE = '2026-12-20';
const PAST = '2026-11-01';

const lead = (over: Partial<LeadFacts> = {}): LeadFacts => ({
  state: 'active',
  jobs: 0,
  visits: 0,
  doneVisits: 0,
  completedJobs: 0,
  quotes: [],
  ...over,
});
const q = (state: 'pending' | 'accepted' | 'declined', expiry = FUTURE) => ({ state, expiry });

describe('lead status: the nine steps of spec 002 section 4, first that holds', () => {
  const cases: [string, LeadFacts, LeadStatus][] = [
    ['1. Raw: no jobs and no quotes', lead(), 'raw'],
    ['1. Raw: an inactive customer with nothing is still raw', lead({ state: 'inactive' }), 'raw'],
    [
      '2. Pending: a quote is pending and unexpired, and the lead is not converted',
      lead({ quotes: [q('pending')] }),
      'pending',
    ],
    [
      '2. Pending beats an accepted quote (priority)',
      lead({ quotes: [q('accepted'), q('pending')] }),
      'pending',
    ],
    [
      '2. Pending: booked jobs with no done visit are not converted',
      lead({ jobs: 1, visits: 1, quotes: [q('pending')] }),
      'pending',
    ],
    [
      '3. Accepted: an accepted, unexpired quote, not converted',
      lead({ quotes: [q('accepted')] }),
      'accepted',
    ],
    [
      '3. Accepted beats a declined quote (priority)',
      lead({ quotes: [q('declined'), q('accepted')] }),
      'accepted',
    ],
    ['4. Declined: a declined quote, not converted', lead({ quotes: [q('declined')] }), 'declined'],
    [
      '4. Declined even past its expiry (declined beats expired)',
      lead({ quotes: [q('declined', PAST)] }),
      'declined',
    ],
    ['5. Expired: a pending quote past its expiry', lead({ quotes: [q('pending', PAST)] }), 'expired'],
    [
      '5. Expired: an accepted quote past its expiry, not converted',
      lead({ quotes: [q('accepted', PAST)] }),
      'expired',
    ],
    [
      '5. Expired: the expiry day itself is not yet expired',
      lead({ quotes: [q('pending', '2026-11-25')] }),
      'pending',
    ],
    [
      '6. Converted: the lead has jobs and at least one completed job occurrence',
      lead({ jobs: 1, visits: 2, doneVisits: 1, completedJobs: 1, quotes: [q('accepted', PAST)] }),
      'converted',
    ],
    [
      '6. Converted beats pending: steps 2-5 need the lead not converted',
      lead({ jobs: 1, visits: 1, doneVisits: 1, completedJobs: 1, quotes: [q('pending')] }),
      'converted',
    ],
    [
      '6. Converted, whether or not the customer is still active',
      lead({ state: 'inactive', jobs: 1, visits: 1, doneVisits: 1, completedJobs: 1 }),
      'converted',
    ],
    [
      '7. Active comes after 6: an active customer with a completed job has jobs and a done visit, so is Converted',
      lead({ jobs: 2, visits: 3, doneVisits: 2, completedJobs: 1 }),
      'converted',
    ],
    [
      '8. Cancelled: has jobs, the customer is inactive and has job occurrences',
      lead({ state: 'inactive', jobs: 1, visits: 1 }),
      'cancelled',
    ],
    ['9. N/A: jobs but no occurrence done, active', lead({ jobs: 1, visits: 1 }), 'n/a'],
    ['9. N/A: inactive with jobs but no occurrences', lead({ state: 'inactive', jobs: 1 }), 'n/a'],
  ];
  it.each(cases)('%s', (_, facts, status) => {
    expect(leadStatus(facts, NOW, TZ)).toBe(status);
  });
});

describe('conversion rate: (converted + active) / all leads, to 1 decimal', () => {
  const cases: [LeadStatus[], number][] = [
    [[], 0],
    [['converted'], 100],
    [['converted', 'active', 'raw'], 66.7],
    [['active', 'raw', 'pending'], 33.3],
    [['pending', 'expired', 'cancelled', 'n/a'], 0],
    [['converted', 'raw', 'raw', 'raw', 'raw', 'raw', 'raw'], 14.3],
  ];
  it.each(cases)('%j -> %d', (statuses, rate) => {
    expect(conversionRate(statuses)).toBe(rate);
  });
});

describe('percentage change: N/A if not finite', () => {
  const cases: [number, number, number | null][] = [
    [120, 100, 20],
    [50, 100, -50],
    [100, 100, 0],
    [1, 3, -66.7],
    [5, 0, null],
    [0, 0, null],
    [0, 4, -100],
  ];
  it.each(cases)('%d against %d -> %s', (current, previous, change) => {
    expect(percentChange(current, previous)).toBe(change);
  });
});

describe('chart grouping by period length: up to 1 day hourly; up to 30 days daily; up to 60 days weekly; longer monthly', () => {
  const day = 86_400_000;
  const cases: [number, string][] = [
    [day / 2, 'hour'],
    [day, 'hour'],
    [day + 1, 'day'],
    [7 * day, 'day'],
    [30 * day, 'day'],
    [31 * day, 'week'],
    [60 * day, 'week'],
    [61 * day, 'month'],
    [365 * day, 'month'],
  ];
  it.each(cases)('%d ms -> %s', (length, grouping) => {
    expect(groupingFor(length)).toBe(grouping);
  });
});

describe('periods and their bars, in the business’s zone', () => {
  it('today: 24 hourly bars from local midnight; the comparison is yesterday', () => {
    const range = periodRange('today', NOW, TZ);
    expect(new Date(range.from).toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(new Date(range.previousFrom).toISOString()).toBe('2026-11-24T00:00:00.000Z');
    const bars = chartBuckets(range, TZ);
    expect(bars).toHaveLength(24);
    expect(bars[14]!.label).toBe('2026-11-25T14');
    expect(bucketIndex(bars, NOW.getTime())).toBe(14);
  });

  it('the last 7 days (the default) end with today: 7 daily bars, the 7 days before compared', () => {
    const range = periodRange('last-7-days', NOW, TZ);
    const bars = chartBuckets(range, TZ);
    expect(bars.map((b) => b.label)).toEqual([
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
    expect(range.from - range.previousFrom).toBe(7 * 86_400_000);
    expect(bucketIndex(bars, range.from - 1)).toBe(-1);
  });

  it('summer time: a London day starts at 23:00 UTC and the bars follow it', () => {
    const range = periodRange('last-30-days', new Date('2026-07-10T12:00:00Z'), TZ);
    const bars = chartBuckets(range, TZ);
    expect(bars).toHaveLength(30);
    expect(new Date(bars[0]!.start).toISOString()).toBe('2026-06-10T23:00:00.000Z');
    expect(bars[0]!.label).toBe('2026-06-11');
  });

  it('the last 12 months: monthly bars, the first month from the period’s first day', () => {
    const bars = chartBuckets(periodRange('last-12-months', NOW, TZ), TZ);
    expect(bars.map((b) => b.label)).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(new Date(bars[0]!.start).toISOString()).toBe('2025-11-26T00:00:00.000Z');
    expect(new Date(bars[1]!.start).toISOString()).toBe('2025-12-01T00:00:00.000Z');
  });

  it('a period of 31-60 days is drawn in weeks', () => {
    const from = Date.parse('2026-10-01T00:00:00Z');
    const bars = chartBuckets({ from, to: from + 45 * 86_400_000 }, 'UTC');
    expect(bars.map((b) => b.label)).toEqual([
      '2026-10-01',
      '2026-10-08',
      '2026-10-15',
      '2026-10-22',
      '2026-10-29',
      '2026-11-05',
      '2026-11-12',
    ]);
  });
});
