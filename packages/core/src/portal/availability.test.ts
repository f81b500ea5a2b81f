import { describe, expect, it } from 'vitest';
import type { Job } from '../jobs/schema.ts';
import { covers, postcodeOf, roundsCovering, sameStreet, streetOf } from './address-check.ts';
import { type AvailabilityInput, availability, MAX_OTHER_DAYS } from './availability.ts';

// 2026-11-25 is a Wednesday.
const TODAY = '2026-11-25';
const rounds = [
  { _id: 'R1', isPortalRound: true, servicedPostcodes: ['CB1'] },
  { _id: 'R2', isPortalRound: false, servicedPostcodes: ['CB4'] },
  { _id: 'R3', isPortalRound: true, servicedPostcodes: [] },
];
const job = (over: Partial<Job> & { _id: string; address: string }) => ({
  customerId: `C-${over._id}`,
  rounds: ['R1'],
  date: '2026-11-30',
  price: 20,
  frequencyType: 'Weeks' as const,
  frequencyInterval: 1,
  assignees: [],
  location: { addressDescription: over.address, isVerified: false },
  ...over,
});
const base: AvailabilityInput = {
  today: TODAY,
  rules: { jobBookingBuffer: 2, disableWeekendBookings: false, minAndMaxRange: { min: 0, max: 6 } },
  address: '3 Hills Road, Cambridge CB1 2AB',
  rounds,
  jobs: [],
  visitRecords: [],
};
type Over = Partial<Omit<AvailabilityInput, 'rules'>> & { rules?: Partial<AvailabilityInput['rules']> };
const days = (over: Over) =>
  availability({ ...base, ...over, rules: { ...base.rules, ...over.rules } }).map(
    (s) => `${s.date}${s.onRound ? '*' : ''}@${s.roundId}`,
  );

describe('booking availability: the rules, as a table', () => {
  const cases: [string, Over, string[]][] = [
    [
      'buffer 2 days: from Friday to today + max, on the round serving the postcode',
      {},
      ['2026-11-27@R1', '2026-11-28@R1', '2026-11-29@R1', '2026-11-30@R1', '2026-12-01@R1'],
    ],
    [
      "the workers' availability: a day none of them works is not offered (Saturday, Monday here)",
      {
        workers: [
          {
            _id: 'w1',
            skills: [],
            defaultAvailability: { friday: 8, sunday: 4 },
            availability: { '2026-12-01': 6 },
          },
          { _id: 'w2', skills: [], defaultAvailability: { monday: 8 }, availability: { '2026-11-30': 0 } },
        ],
      },
      ['2026-11-27@R1', '2026-11-29@R1', '2026-12-01@R1'],
    ],
    [
      'weekends off: no Saturday or Sunday',
      { rules: { disableWeekendBookings: true } },
      ['2026-11-27@R1', '2026-11-30@R1', '2026-12-01@R1'],
    ],
    [
      'a minimum beyond the buffer starts the range',
      { rules: { jobBookingBuffer: 1, minAndMaxRange: { min: 5, max: 6 } } },
      ['2026-11-30@R1', '2026-12-01@R1'],
    ],
    [
      'buffer 0, min 0, max 0: today only',
      { rules: { jobBookingBuffer: 0, minAndMaxRange: { min: 0, max: 0 } } },
      ['2026-11-25@R1'],
    ],
    ['a buffer beyond the maximum: nothing', { rules: { jobBookingBuffer: 7 } }, []],
    ['an address no portal round serves: nothing', { address: '9 Elm Road, Cambridge CB4 1AA' }, []],
    ['no postcode and no neighbour: nothing', { address: '3 Hills Road' }, []],
    [
      'a neighbour on a portal round: the round’s next days on the street first',
      {
        rules: { minAndMaxRange: { min: 0, max: 9 }, disableWeekendBookings: true },
        jobs: [job({ _id: 'J1', address: '8 Hills Rd, Cambridge CB1 2AD' })],
      },
      ['2026-11-30*@R1', '2026-11-27@R1', '2026-12-01@R1', '2026-12-02@R1', '2026-12-03@R1', '2026-12-04@R1'],
    ],
    [
      'the street’s round, though another portal round serves the postcode',
      {
        rules: { minAndMaxRange: { min: 0, max: 7 } },
        jobs: [job({ _id: 'J1', address: '8 Hills Road, CB1 2AD', rounds: ['R3'], date: '2026-11-28' })],
      },
      ['2026-11-28*@R3', '2026-11-27@R1', '2026-11-29@R1', '2026-11-30@R1', '2026-12-01@R1', '2026-12-02@R1'],
    ],
    [
      'a street a portal round visits, outside its postcodes: still served, on that round',
      {
        address: '1 Hills Road, Cambridge',
        jobs: [job({ _id: 'J1', address: '8 Hills Road, Cambridge', rounds: ['R3'], date: '2026-11-28' })],
      },
      ['2026-11-28*@R3', '2026-11-27@R3', '2026-11-29@R3', '2026-11-30@R3', '2026-12-01@R3'],
    ],
    [
      'a neighbour on a round that is not a portal round: not offered first',
      { jobs: [job({ _id: 'J1', address: '8 Hills Road, CB1 2AD', rounds: ['R2'] })] },
      ['2026-11-27@R1', '2026-11-28@R1', '2026-11-29@R1', '2026-11-30@R1', '2026-12-01@R1'],
    ],
    [
      'the same street name in another district is another street',
      { jobs: [job({ _id: 'J1', address: '8 Hills Road, CB2 1AA', date: '2026-11-28' })] },
      ['2026-11-27@R1', '2026-11-28@R1', '2026-11-29@R1', '2026-11-30@R1', '2026-12-01@R1'],
    ],
    [
      'a round day already done or moved away is not offered as a round day; a moved one is, where it went',
      {
        rules: { minAndMaxRange: { min: 0, max: 9 }, disableWeekendBookings: true },
        jobs: [job({ _id: 'J1', address: '8 Hills Road, CB1 2AD' })],
        visitRecords: [
          {
            _id: 'V1',
            jobId: 'J1',
            customerId: 'C-J1',
            status: 0,
            isoDueDate: '2026-11-30',
            isoPlannedDate: '2026-12-02',
            price: 20,
          },
        ],
      },
      ['2026-12-02*@R1', '2026-11-27@R1', '2026-11-30@R1', '2026-12-01@R1', '2026-12-03@R1', '2026-12-04@R1'],
    ],
  ];
  it.each(cases)('%s', (_, over, expected) => {
    expect(days(over)).toEqual(expected);
  });

  it(`offers at most ${MAX_OTHER_DAYS} other days whatever the range (up to 1,095)`, () => {
    const all = days({ rules: { minAndMaxRange: { min: 0, max: 1095 } } });
    expect(all).toHaveLength(MAX_OTHER_DAYS);
    expect(all.at(-1)).toBe(`2027-02-24@R1`);
  });
});

describe('address check: postcodes and streets', () => {
  it.each([
    ['CB1', 'CB1 2AB', true],
    ['cb1', 'CB1 2AB', true],
    ['CB', 'CB1 2AB', true],
    ['CB1 2', 'CB12AB', true],
    ['CB1 2AB', 'cb1 2ab', true],
    ['CB1', 'CB12 3AB', false],
    ['CB1 3', 'CB1 2AB', false],
    ['C', 'CB1 2AB', false],
    ['CB1', 'CB1', true],
    ['CB1 2', 'CB1', false],
  ])('%s covers %s: %s', (entry, postcode, expected) => {
    expect(covers(entry, postcodeOf(postcode)!)).toBe(expected);
  });

  it('finds the postcode and the street of an address', () => {
    expect(postcodeOf('12 Mill Road, Cambridge cb1 2ab')).toEqual({ outward: 'CB1', inward: '2AB' });
    expect(postcodeOf('sw1a1aa')).toEqual({ outward: 'SW1A', inward: '1AA' });
    expect(postcodeOf('Mill Road')).toBeUndefined();
    expect(streetOf('12a Mill Rd, Cambridge CB1 2AB')).toBe('mill road');
    expect(streetOf('Flat 2, 12 Mill Road, Cambridge')).toBe('mill road');
    expect(sameStreet('12 Mill Road, CB1 2AB', '40 mill rd, Cambridge CB1 3XY')).toBe(true);
    expect(sameStreet('12 Mill Road, CB1 2AB', '12 Mill Lane, CB1 2AB')).toBe(false);
  });

  it('only portal rounds serve, by their postcodes', () => {
    expect(roundsCovering(rounds, 'CB1 2AB').map((r) => r._id)).toEqual(['R1']);
    expect(roundsCovering(rounds, '4 Elm Road, CB4 1AA')).toEqual([]);
    expect(roundsCovering(rounds, 'nowhere')).toEqual([]);
  });
});
