import { describe, expect, it } from 'vitest';
import { rejection, testActor } from '../testing.ts';
import { NOW, scheduleFixture } from '../visits/fixture.ts';
import type { TimeEvent } from '../visits/time-events.ts';
import { deriveEntries, travelGaps } from './entries.ts';

const WORKER = testActor({
  userId: 'w1',
  roles: ['Worker'],
  flags: ['multiUser', 'timeTracker'],
  level: 'Core',
});
const OWNER = testActor({ flags: ['multiUser', 'timeTracker'] });
const at = (iso: string) => ({ issuedAt: new Date(iso) });

async function tracked() {
  const f = await scheduleFixture(OWNER);
  await f.job({ _id: 'J1', assignees: ['w1'], date: '2026-11-21' });
  await f.job({ _id: 'J2', assignees: ['w1'], date: '2026-11-21' });
  const worker = (iso: string) => ({ ...f.ctxOf(WORKER), ...at(iso) });
  const events = () => f.store.list<TimeEvent>('timeEvent');
  const derived = async () => deriveEntries(await events(), NOW.getTime());
  return { ...f, worker, events, derived };
}
const visit = (jobId: string) => ({ jobId, isoDueDate: '2026-11-21' });

describe('start and Done on a visit', () => {
  it('records the start when tapped and Done as its stop, travel between two visits', async () => {
    const f = await tracked();
    await f.run('visits.start', { ...visit('J1'), _id: 'E1' }, f.worker('2026-11-21T08:00:00Z'));
    await f.run('visits.complete', visit('J1'), f.worker('2026-11-21T08:30:00Z'));
    await f.run('visits.start', { ...visit('J2'), _id: 'E2' }, f.worker('2026-11-21T08:45:00Z'));
    await f.run('visits.complete', visit('J2'), f.worker('2026-11-21T09:05:00Z'));
    const { entries, unbound } = await f.derived();
    expect(entries.map((e) => [e.entryId, e.occurrenceId, e.ms / 60_000, e.type])).toEqual([
      ['E1', 'J1-20261121', 30, 'recorded'],
      ['E2', 'J2-20261121', 20, 'recorded'],
    ]);
    expect(unbound).toEqual([]);
    expect(travelGaps(entries, 2).map((g) => g.ms / 60_000)).toEqual([15]);
  });

  it('keeps the first start when Start is tapped twice, and refuses a visit already done', async () => {
    const f = await tracked();
    await f.run('visits.start', { ...visit('J1'), _id: 'E1' }, f.worker('2026-11-21T08:00:00Z'));
    await f.run('visits.start', { ...visit('J1'), _id: 'E9' }, f.worker('2026-11-21T08:05:00Z'));
    expect((await f.events()).map((e) => e._id)).toEqual(['E1']);
    await f.run('visits.complete', visit('J1'), f.worker('2026-11-21T08:30:00Z'));
    const e = await rejection(f.run('visits.start', visit('J1'), f.worker('2026-11-21T08:40:00Z')));
    expect(e.code).toBe('visits.start-not-done');
  });

  it('records Done without Start as an unbound stop for the assigned worker, nothing for the office', async () => {
    const f = await tracked();
    await f.run('visits.complete', visit('J1'), f.worker('2026-11-21T08:30:00Z'));
    await f.run('visits.complete', visit('J2'));
    const { entries, unbound } = await f.derived();
    expect(entries).toEqual([]);
    expect(unbound.map((e) => [e.assigneeId, e.occurrenceId, e.kind])).toEqual([
      ['w1', 'J1-20261121', 'stop'],
    ]);
  });

  it('records nothing without the time tracker feature', async () => {
    const f = await tracked();
    const plain = { ...f.ctxOf({ ...WORKER, flags: ['multiUser'] }), ...at('2026-11-21T08:30:00Z') };
    await f.run('visits.complete', visit('J1'), plain);
    expect(await f.events()).toEqual([]);
  });
});

describe('the Owner edits entries', () => {
  it('creates, edits (the worker stays) and deletes an entry', async () => {
    const f = await tracked();
    await f.run('tracker.create-entry', {
      _id: 'M1',
      assigneeId: 'w1',
      ...visit('J1'),
      start: '2026-11-21T07:00:00Z',
      stop: '2026-11-21T07:45:00Z',
    });
    expect((await f.derived()).entries[0]).toMatchObject({
      entryId: 'M1',
      assigneeId: 'w1',
      ms: 45 * 60_000,
    });
    await f.run('tracker.update-entry', {
      entryId: 'M1',
      ...visit('J2'),
      start: '2026-11-21T07:10:00Z',
      stop: '2026-11-21T07:40:00Z',
      assigneeId: 'someone-else',
    });
    expect((await f.derived()).entries).toEqual([
      expect.objectContaining({
        entryId: 'M1',
        assigneeId: 'w1',
        occurrenceId: 'J2-20261121',
        ms: 30 * 60_000,
      }),
    ]);
    await f.run('tracker.delete-entry', { entryId: 'M1' });
    expect(await f.events()).toEqual([]);
  });

  it('refuses an end before the start, and changing or deleting a running entry, changing nothing', async () => {
    const f = await tracked();
    const bad = await rejection(
      f.run('tracker.create-entry', {
        assigneeId: 'w1',
        ...visit('J1'),
        start: '2026-11-21T08:00:00Z',
        stop: '2026-11-21T07:00:00Z',
      }),
    );
    expect(bad.code).toBe('tracker.end-before-start');
    await f.run('visits.start', { ...visit('J1'), _id: 'R1' }, f.worker('2026-11-21T09:00:00Z'));
    const writes = f.writes();
    expect((await rejection(f.run('tracker.delete-entry', { entryId: 'R1' }))).code).toBe(
      'tracker.entry-running',
    );
    const edit = {
      entryId: 'R1',
      ...visit('J1'),
      start: '2026-11-21T08:00:00Z',
      stop: '2026-11-21T08:10:00Z',
    };
    expect((await rejection(f.run('tracker.update-entry', edit))).code).toBe('tracker.entry-running');
    expect(f.writes()).toBe(writes);
  });

  it('is the Owner and Admin work: a Worker may not edit entries', async () => {
    const f = await tracked();
    const e = await rejection(
      f.run('tracker.delete-entry', { entryId: 'X' }, f.worker('2026-11-21T09:00:00Z')),
    );
    expect(e.kind).toBe('forbidden');
  });
});
