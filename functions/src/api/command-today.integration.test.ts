import { ulid } from 'ulidx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../test-harness.ts';

/**
 * The server checks a command's "today" against the time in its ULID id.
 * Dates here are relative to the moment the test runs, so it passes on any day.
 */
let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());

const DAY = 86_400_000;
const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe("a command's today on the server", () => {
  it('is refused when it is not a day of the moment the command was made; writes nothing', async () => {
    const c = api.client();
    await c.signup('today-owner@example.com');
    const round = (await c.command('rounds.create', { description: 'Mill Road' })).json.result;
    const past = { type: 'OneOff', interval: 1, firstScheduledDate: '2020-01-01' };
    const bypass = await c.command(
      'rounds.set-frequency',
      { _id: round._id, frequencyData: past, today: '2019-12-31' },
      ulid(),
    );
    expect(bypass.status).toBe(400);
    expect(bypass.json.code).toBe('validation.today-out-of-range');
    // Without that today the rule holds: there is no future.
    const honest = await c.command('rounds.set-frequency', { _id: round._id, frequencyData: past }, ulid());
    expect(honest.json.code).toBe('jobgroup.no-future-date');
    const sync = await c.get('/sync');
    const stored = sync.json.changes.find((ch: { type: string }) => ch.type === 'round').entity;
    expect(stored.frequencyData).toBeUndefined();
  });

  it('takes the day a command queued offline was made on, and refuses one dated in the future', async () => {
    const c = api.client();
    await c.signup('today-offline@example.com');
    const round = (await c.command('rounds.create', { description: 'Abbey' })).json.result;
    const madeAt = Date.now() - 3 * DAY;
    const weekly = { type: 'Weeks', interval: 1, firstScheduledDate: utcDate(madeAt) };
    const queued = await c.command(
      'rounds.set-frequency',
      { _id: round._id, frequencyData: weekly, today: utcDate(madeAt) },
      ulid(madeAt),
    );
    expect(queued.status, JSON.stringify(queued.json)).toBe(200);
    expect(queued.json.result.date).toBe(utcDate(madeAt));
    const ahead = await c.command('rounds.replan', { _id: round._id }, ulid(Date.now() + 3_600_000));
    expect(ahead.status).toBe(400);
    expect(ahead.json.code).toBe('command.issued-in-future');
  });
});
