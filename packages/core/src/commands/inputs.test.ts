import { describe, expect, it } from 'vitest';
import type { Alert } from '../alerts/schema.ts';
import type { Customer } from '../customers/schema.ts';
import type { Round } from '../rounds/schema.ts';
import type { Team } from '../teams/schema.ts';
import { rejection, testActor } from '../testing.ts';
import { scheduleFixture } from '../visits/fixture.ts';

/**
 * The input rules every command shares, tried on every command that takes
 * such a field: a refusal names the rule's message key and writes nothing.
 */
const fixture = () => scheduleFixture(testActor({ flags: ['multiUser'] }));

async function refuses(name: string, input: unknown, code: string) {
  const f = await fixture();
  await f.job({ _id: 'J1' });
  const before = f.writes();
  const e = await rejection(f.run(name, input));
  expect(e.code, `${name} ${JSON.stringify(input)}`).toBe(code);
  expect(f.writes(), `${name} wrote`).toBe(before);
}

const NOT_DATES = [
  '2026-02-30',
  '2025-13-01',
  '0000-00-00',
  '9999-99-99',
  '2026-2-3',
  '1899-12-31',
  '2200-01-01',
];

/** Each command and field that takes a date, with the rest of a valid input. */
const DATE_FIELDS: [string, (d: string) => unknown][] = [
  [
    'rounds.set-frequency',
    (d) => ({ _id: 'R1', frequencyData: { type: 'Weeks', interval: 4, firstScheduledDate: d } }),
  ],
  [
    'rounds.set-frequency',
    (d) => ({
      _id: 'R1',
      frequencyData: { type: 'Weeks', interval: 4, firstScheduledDate: '2026-11-21' },
      today: d,
    }),
  ],
  ['rounds.replan', (d) => ({ _id: 'R1', today: d })],
  ['rounds.reorder', (d) => ({ _id: 'R1', jobIds: ['J1'], today: d })],
  ['rounds.optimise', (d) => ({ _id: 'R1', today: d })],
  ['jobs.create', (d) => ({ customerId: 'C1', date: d })],
  ['jobs.update', (d) => ({ _id: 'J1', changes: { date: d } })],
  ['jobs.replan', (d) => ({ _id: 'J1', changes: { date: d } })],
  ['jobs.shift', (d) => ({ _id: 'J1', from: d, days: 1 })],
  ['jobs.shift', (d) => ({ _id: 'J1', from: '2026-11-23', toDate: d })],
  ['payments.record', (d) => ({ customerId: 'C1', amount: 20, method: 'cash', date: d })],
  ['payments.refund', (d) => ({ paymentId: 'P1', date: d })],
  ['visits.complete', (d) => ({ jobId: 'J1', isoDueDate: d })],
  ['visits.skip', (d) => ({ jobId: 'J1', isoDueDate: d, reason: 'Rain' })],
  ['visits.undo', (d) => ({ jobId: 'J1', isoDueDate: d })],
  ['visits.reprice', (d) => ({ jobId: 'J1', isoDueDate: d, price: 10 })],
  ['visits.move', (d) => ({ jobId: 'J1', isoDueDate: d, isoPlannedDate: '2026-11-24' })],
  ['visits.move', (d) => ({ jobId: 'J1', isoDueDate: '2026-11-23', isoPlannedDate: d })],
  ['visits.reorder', (d) => ({ isoPlannedDate: d, visits: [{ jobId: 'J1', isoDueDate: '2026-11-23' }] })],
  ['visits.reorder', (d) => ({ isoPlannedDate: '2026-11-23', visits: [{ jobId: 'J1', isoDueDate: d }] })],
  ['visits.notes', (d) => ({ jobId: 'J1', isoDueDate: d, notes: 'x' })],
  ['visits.assign', (d) => ({ jobId: 'J1', isoDueDate: d, assignees: [] })],
];

describe('dates are real dates everywhere a date is taken', () => {
  it.each(DATE_FIELDS.flatMap(([name, input]) => NOT_DATES.map((d) => [name, d, input(d)] as const)))(
    '%s refuses %s',
    async (name, _date, input) => refuses(name, input, 'validation.date-invalid'),
  );

  it('a refused first date no longer ends up as a job in year 10007', async () => {
    const f = await fixture();
    await f.job({ _id: 'J1' });
    await rejection(
      f.run('rounds.set-frequency', {
        _id: 'R1',
        frequencyData: { type: 'Weeks', interval: 4, firstScheduledDate: '9999-99-99' },
      }),
    );
    expect((await f.store.get<{ date: string }>('job', 'J1'))?.date).toBe('2026-11-02');
  });
});

/** Zero-width space, word joiner, soft hyphen, Hangul filler, BOM, no-break and ideographic spaces. */
const INVISIBLE = '\u200b\u2060\u00ad\u3164\ufeff\u00a0\u3000\u200d';

describe('names made only of invisible characters are blank', () => {
  it.each([
    ['customers.create', { name: INVISIBLE }, 'customers.enter-name'],
    ['customers.update', { _id: 'C1', changes: { name: INVISIBLE } }, 'customers.enter-name'],
    ['services.create', { name: INVISIBLE }, 'services.enter-name'],
    ['services.update', { _id: 'S1', changes: { name: INVISIBLE } }, 'services.enter-name'],
    ['rounds.create', { description: INVISIBLE }, 'rounds.enter-round'],
    ['rounds.update', { _id: 'R1', changes: { description: INVISIBLE } }, 'rounds.enter-round'],
    ['teams.create', { name: INVISIBLE }, 'teams.name-required'],
    ['alerts.create', { title: INVISIBLE }, 'alerts.title-required'],
    ['visits.skip', { jobId: 'J1', isoDueDate: '2026-11-23', reason: INVISIBLE }, 'visits.enter-skip-reason'],
  ])('%s refuses it', refuses);

  it('are trimmed of invisible characters at the ends on save, keeping an emoji whole', async () => {
    const f = await fixture();
    const c = (await f.run('customers.create', { name: `${INVISIBLE}Ann Smith${INVISIBLE}` })) as Customer;
    expect(c.name).toBe('Ann Smith');
    const r = (await f.run('rounds.create', { description: '\u200bMill Lane \u2764\ufe0f\u200b' })) as Round;
    expect(r.description).toBe('Mill Lane \u2764\ufe0f');
  });
});

describe('prices are not negative', () => {
  it.each([
    ['jobs.create', { customerId: 'C1', date: '2026-11-23', price: -5 }],
    ['jobs.update', { _id: 'J1', changes: { price: -0.01 } }],
    ['services.create', { name: 'Gutters', defaultPrice: -10 }],
    ['services.update', { _id: 'S1', changes: { defaultPrice: -1 } }],
    ['visits.reprice', { jobId: 'J1', isoDueDate: '2026-11-23', price: -1 }],
  ])('%s refuses a negative price', (name, input) => refuses(name, input, 'visits.price-not-negative'));
});

describe('colours are #rrggbb', () => {
  it.each([
    ['teams.create', { name: 'North', colour: 'url(//evil.example/x)' }, 'teams.colour-invalid'],
    ['teams.update', { _id: 'T1', changes: { colour: 'red' } }, 'teams.colour-invalid'],
    ['rounds.create', { description: 'Abbey', color: 'url(//evil.example/x)' }, 'rounds.colour-invalid'],
    ['rounds.update', { _id: 'R1', changes: { color: '#12345' } }, 'rounds.colour-invalid'],
  ])('%s refuses %j', refuses);

  it('keeps a valid team colour', async () => {
    const f = await fixture();
    const t = (await f.run('teams.create', { name: 'North', colour: '#1A2b3C' })) as Team;
    expect(t.colour).toBe('#1A2b3C');
  });
});

describe('lists a user types are normalised by the command, as the editors do', () => {
  it('serviced postcodes sent as an array: split on line breaks, trimmed, blank dropped, each once', async () => {
    const f = await fixture();
    const { round } = (await f.run('rounds.update', {
      _id: 'R1',
      changes: { servicedPostcodes: [' CB1 2 ', 'CB1 3\nCB1 4\r\n', '', 'cb1 2', '\u200b', 'CB1 3'] },
    })) as { round: Round };
    expect(round.servicedPostcodes).toEqual(['CB1 2', 'CB1 3', 'CB1 4']);
  });

  it('a postcode longer than 20 characters after trimming is refused', async () => {
    await refuses(
      'rounds.update',
      { _id: 'R1', changes: { servicedPostcodes: ['CB1 2', 'X'.repeat(21)] } },
      'general.validation-failed',
    );
  });

  it('customer tags and alert audiences the same way', async () => {
    const f = await fixture();
    const c = (await f.run('customers.create', {
      name: 'Ann',
      tags: [' gold ', 'Gold', 'silver\nbronze', ' '],
    })) as Customer;
    expect(c.tags).toEqual(['gold', 'silver', 'bronze']);
    const a = (await f.run('alerts.create', {
      title: 'Rain',
      audience: [' Ann@Example.com', 'ann@example.com', '', 'bob@example.com\n'],
    })) as Alert;
    expect(a.audience).toEqual(['ann@example.com', 'bob@example.com']);
  });
});
