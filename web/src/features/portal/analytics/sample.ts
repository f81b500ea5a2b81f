import { Portal, Schedule } from '@roundwise/core';
import type { Analytics } from './get-analytics';

const VIEWS = [182, 240, 205, 268, 311, 154, 129];
const LEADS = [3, 5, 4, 6, 7, 2, 2];
const WON = [1, 1, 2, 1, 3, 0, 1];
const PEOPLE: [string, Portal.LeadStatus][] = [
  ['Alex Morgan', 'pending'],
  ['Sam Patel', 'converted'],
  ['Jo Fletcher', 'accepted'],
  ['Chris Evans', 'raw'],
  ['Priya Shah', 'declined'],
  ['Tom Hughes', 'expired'],
];

/**
 * The teaser's sample week (spec 002 section 2.5 panel 4): made-up figures in the answer's own
 * shape, ending `today`, so the teaser draws with the same view as the real analytics.
 */
export function sampleAnalytics(today: string): Analytics {
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const days = VIEWS.map((_, i) => Schedule.addDays(today, i - 6));
  const rate = Portal.conversionRate(
    [...Array(sum(LEADS))].map((_, i) => (i < sum(WON) ? 'converted' : 'raw')),
  );
  return {
    period: 'last-7-days',
    from: `${days[0]}T00:00:00.000Z`,
    to: `${Schedule.addDays(today, 1)}T00:00:00.000Z`,
    timeZone: 'UTC',
    grouping: 'day',
    tiles: {
      pageViews: { value: sum(VIEWS), previous: 1310, change: Portal.percentChange(sum(VIEWS), 1310) },
      leads: { value: sum(LEADS), previous: 24, change: Portal.percentChange(sum(LEADS), 24) },
      conversions: { value: sum(WON), previous: 7, change: Portal.percentChange(sum(WON), 7) },
      conversionRate: { value: rate, previous: 29.2, change: Portal.percentChange(rate, 29.2) },
    },
    chart: days.map((label, i) => ({ label, pageViews: VIEWS[i]!, leads: LEADS[i]!, conversions: WON[i]! })),
    leads: PEOPLE.map(([name, status], i) => ({
      _id: `sample-${i}`,
      createdDate: `${days[6 - i]}T10:${String(10 + i * 7).padStart(2, '0')}:00.000Z`,
      ref: `Q-${1040 - i}`,
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
      telephoneNumber: `07700 900${String(100 + i * 11)}`,
      status,
    })),
  };
}
