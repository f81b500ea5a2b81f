import { ulid } from 'ulidx';
import { describe, expect, it } from 'vitest';
import type { Job } from '../jobs/schema.ts';
import { rejection, testActor } from '../testing.ts';
import { NOW, scheduleFixture } from '../visits/fixture.ts';
import { CLOCK_SKEW_MS, issuedAtOf } from './today.ts';

/**
 * The user's "today" sent with a command. The fixture's clock is
 * 2026-11-21T10:00Z; a command made at that moment may say today is the 20th (UTC-12), the 21st,
 * or the 22nd (UTC+14), nothing else.
 */
const WITH_ADDRESS = testActor({ settings: { businessAddress: { lngLat: [0.12, 52.2] } } });
const at = (ms: number) => new Date(NOW.getTime() + ms);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Every command that takes `today`, with the rest of a valid input. */
const TAKES_TODAY: [string, (today: string) => unknown][] = [
  [
    'rounds.set-frequency',
    (today) => ({
      _id: 'R1',
      frequencyData: { type: 'OneOff', interval: 1, firstScheduledDate: '2020-01-01' },
      today,
    }),
  ],
  ['rounds.replan', (today) => ({ _id: 'R1', today })],
  ['rounds.reorder', (today) => ({ _id: 'R1', jobIds: ['J1'], today })],
  ['rounds.optimise', (today) => ({ _id: 'R1', today })],
];

async function fixture() {
  const f = await scheduleFixture(WITH_ADDRESS);
  await f.job({ _id: 'J1' });
  await f.store.put('round', {
    _id: 'R1',
    description: 'Mill Road',
    color: '#2563eb',
    schedules: [],
    frequencyData: { type: 'Weeks', interval: 1, firstScheduledDate: '2026-11-02' },
  });
  return f;
}

describe("the user's today is bounded by when the command was made", () => {
  it.each(TAKES_TODAY)(
    "%s refuses a today from another time (no way round 'There is no future.')",
    async (name, input) => {
      const f = await fixture();
      const before = f.writes();
      for (const today of ['2019-12-31', '2026-11-19', '2026-11-23', '2027-11-21']) {
        expect((await rejection(f.run(name, input(today)))).code, today).toBe(
          'validation.today-out-of-range',
        );
      }
      expect(f.writes()).toBe(before);
    },
  );

  it.each(TAKES_TODAY)('%s takes the day of any time zone at that moment', async (name, input) => {
    const f = await fixture();
    for (const today of ['2026-11-20', '2026-11-21', '2026-11-22']) {
      const ran = await f.run(name, input(today)).catch((e: { code: string }) => e.code);
      // set-frequency's one-off in 2020 then has no date from today: the rule the bound protects.
      expect(ran, today).toEqual(
        name === 'rounds.set-frequency' ? 'jobgroup.no-future-date' : expect.anything(),
      );
    }
  });

  it('is exact at the edges of the time zones (UTC-12 and UTC+14)', async () => {
    const f = await fixture();
    const late = { ...f.ctx, now: new Date('2026-11-21T11:59:00Z') };
    const early = { ...f.ctx, now: new Date('2026-11-21T10:01:00Z') };
    const replan = (today: string, ctx = f.ctx) => f.run('rounds.replan', { _id: 'R1', today }, ctx);
    // At 11:59 UTC it is still the 20th at UTC-12; from 12:00 it is not.
    await replan('2026-11-20', late);
    expect(
      (await rejection(replan('2026-11-20', { ...late, now: new Date('2026-11-21T12:00:00Z') }))).code,
    ).toBe('validation.today-out-of-range');
    // From 10:00 UTC it is the 22nd at UTC+14; at 09:59 it is not yet.
    await replan('2026-11-22', early);
    expect(
      (await rejection(replan('2026-11-22', { ...early, now: new Date('2026-11-21T09:59:00Z') }))).code,
    ).toBe('validation.today-out-of-range');
  });

  it('a command queued offline keeps the day it was made on', async () => {
    const f = await fixture();
    const queued = { ...f.ctx, issuedAt: at(-3 * DAY) };
    const r = (await f.run('rounds.replan', { _id: 'R1', today: '2026-11-18' }, queued)) as { date: string };
    expect(r.date).toBe('2026-11-23');
    expect((await rejection(f.run('rounds.replan', { _id: 'R1', today: '2026-11-21' }, queued))).code).toBe(
      'validation.today-out-of-range',
    );
  });

  it('refuses a command dated in the future beyond the allowed clock skew, changing nothing', async () => {
    const f = await fixture();
    const before = f.writes();
    const ahead = { ...f.ctx, issuedAt: at(CLOCK_SKEW_MS + 1000) };
    expect((await rejection(f.run('rounds.replan', { _id: 'R1', today: '2026-11-21' }, ahead))).code).toBe(
      'command.issued-in-future',
    );
    expect((await rejection(f.run('rounds.replan', { _id: 'R1' }, ahead))).code).toBe(
      'command.issued-in-future',
    );
    expect(f.writes()).toBe(before);
    await f.run(
      'rounds.replan',
      { _id: 'R1', today: '2026-11-21' },
      { ...f.ctx, issuedAt: at(CLOCK_SKEW_MS - 1000) },
    );
    expect((await f.store.get<Job>('job', 'J1'))?.date).toBe('2026-11-23');
  });

  it('without a today, the date at the moment the command was made', async () => {
    const f = await fixture();
    const r = (await f.run('rounds.replan', { _id: 'R1' }, { ...f.ctx, issuedAt: at(-7 * DAY) })) as {
      date: string;
    };
    expect(r.date).toBe('2026-11-16');
  });
});

describe('issuedAtOf', () => {
  it('reads the time of a ULID command id; any other id has none (the server takes its own now)', () => {
    const made = new Date('2026-11-18T08:30:00.123Z');
    expect(issuedAtOf(ulid(made.getTime()))).toEqual(made);
    expect(issuedAtOf(ulid(made.getTime()).toLowerCase())).toEqual(made);
    expect(issuedAtOf('e2e-sched-1732000000000-1')).toBeUndefined();
    expect(issuedAtOf('ZZZZZZZZZZZZZZZZZZZZZZZZZZ')).toBeUndefined();
  });
});
