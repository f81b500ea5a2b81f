import { describe, expect, it } from 'vitest';
import { pendingRoundData, type RoundJob, roundData, roundTotals, searchRounds } from './data.ts';
import type { Round } from './schema.ts';

const TODAY = '2026-11-21';
const round = (id: string, description: string, over: Partial<Round> = {}): Round => ({
  _id: id,
  description,
  color: '#2563eb',
  schedules: [],
  isPortalRound: false,
  servicedPostcodes: [],
  ...over,
});
const job = (id: string, rounds: string[], over: Partial<RoundJob> = {}): RoundJob => ({
  _id: id,
  customerId: 'C1',
  rounds,
  date: '2026-12-01',
  price: 20,
  frequencyType: 'Weeks',
  frequencyInterval: 4,
  location: { addressDescription: `${id} Mill Road`, isVerified: true, lngLat: [0.1, 52] },
  ...over,
});

describe('round data (spec 000 sections 2.4 and 3)', () => {
  const rounds = [
    round('R2', 'mill road'),
    round('R1', 'Abbey'),
    round('R3', 'Zeal', { frequencyData: { type: 'Weeks', interval: 4, firstScheduledDate: TODAY } }),
  ];
  const jobs = [
    job('J1', ['R1']),
    job('J2', ['R1', 'R2']), // its round is the first entry: Abbey only
    job('J3', ['R2'], { price: 30, frequencyType: 'MonthsDayOfMonth', frequencyInterval: 1 }),
    job('J4', ['R2'], { price: 50, frequencyType: 'OneOff', quoteId: 'Q1' }), // on a quote: not active
    job('J5', [], { price: 99 }),
  ];

  it('sorts rounds by name, case-insensitively, and gives each its jobs by first round', () => {
    const data = roundData({ rounds, jobs, visitRecords: [], today: TODAY });
    expect(data.map((d) => d.tag.description)).toEqual(['Abbey', 'mill road', 'Zeal']);
    expect(data.map((d) => d.jobs.map((j) => j._id))).toEqual([['J1', 'J2'], ['J3'], []]);
    expect(data[0]?.financialData.totalPerYear).toBe(520);
    expect(data[1]?.financialData.totalPerMonth).toBe(30);
  });

  it('derives matching text (addresses, lowercased), the location and the frequency text', () => {
    const [abbey, , zeal] = roundData({ rounds, jobs, visitRecords: [], today: TODAY });
    expect(abbey?.matchingText).toBe('j1 mill road\nj2 mill road');
    expect(abbey?.lngLat).toEqual([0.1, 52]);
    expect(abbey?.frequencyText).toBeUndefined();
    expect(zeal?.frequencyText).toBe('Every 4 weeks');
    expect(zeal?.lngLat).toBeUndefined();
  });

  it('totals per month, per year, one-off and job count', () => {
    const totals = roundTotals(roundData({ rounds, jobs, visitRecords: [], today: TODAY }));
    expect(totals.totalPerYear).toBe(520 + 360);
    expect(totals.totalPerMonth).toBeCloseTo(880 / 12, 9);
    expect(totals.totalOneOff).toBe(0);
    expect(totals.jobCount).toBe(3);
  });

  it('the Quote tab shows quote jobs, each as one visit dated today', () => {
    const data = pendingRoundData({ rounds, jobs, visitRecords: [], today: TODAY });
    expect(data.map((d) => d.tag.description)).toEqual(['mill road']);
    expect(data[0]?.jobs.map((j) => [j._id, j.date])).toEqual([['J4', TODAY]]);
    expect(data[0]?.financialData.totalOneOff).toBe(50);
  });

  it('searches on the round name only, ignoring case and spaces around', () => {
    const data = roundData({ rounds, jobs, visitRecords: [], today: TODAY });
    expect(searchRounds(data, '  MILL ').map((d) => d.tag._id)).toEqual(['R2']);
    expect(searchRounds(data, 'J1')).toEqual([]);
    expect(searchRounds(data, '')).toHaveLength(3);
  });
});
