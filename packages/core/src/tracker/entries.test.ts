import { describe, expect, it } from 'vitest';
import type { TimeEvent } from '../visits/time-events.ts';
import { instantOf, localOf } from './clock.ts';
import { dailyTotals, deriveEntries, travelGaps, weekOf, workerTotals } from './entries.ts';

const ev = (
  entryId: string,
  kind: TimeEvent['kind'],
  at: string,
  who = 'w1',
  occ = 'J1-20261125',
): TimeEvent => ({
  _id: kind === 'start' ? entryId : `${entryId}-stop`,
  entryId,
  kind,
  eventTimestamp: at,
  assigneeId: who,
  occurrenceId: occ,
  jobId: occ.slice(0, 2),
  isoDueDate: '2026-11-25',
});
const NOW = Date.parse('2026-11-25T16:00:00Z');
const MIN = 60_000;

describe('deriveEntries', () => {
  it('pairs a start and its stop into a recorded entry of the raw time between them, unrounded', () => {
    const { entries, unbound } = deriveEntries(
      [ev('e1', 'start', '2026-11-25T08:00:00Z'), ev('e1', 'stop', '2026-11-25T08:07:30Z')],
      NOW,
    );
    expect(entries).toEqual([
      expect.objectContaining({
        entryId: 'e1',
        type: 'recorded',
        review: false,
        ms: 7.5 * MIN,
        day: '2026-11-25',
      }),
    ]);
    expect(unbound).toEqual([]);
  });

  it('keeps a start with no stop running (to now) while its day lasts', () => {
    const { entries } = deriveEntries([ev('e1', 'start', '2026-11-25T15:00:00Z')], NOW);
    expect(entries[0]).toMatchObject({ type: 'running', review: false, ms: 60 * MIN, stop: NOW });
  });

  it('closes a timer still running when its day ended at 19:00 and flags it for review', () => {
    const { entries, unbound } = deriveEntries([ev('e1', 'start', '2026-11-24T17:30:00Z')], NOW);
    expect(entries[0]).toMatchObject({ type: 'recorded', review: true, ms: 90 * MIN });
    expect(entries[0]!.stop).toBe(Date.parse('2026-11-24T19:00:00Z'));
    // Its start still lacks a partner: an unbound event the Owner sees.
    expect(unbound.map((e) => e.entryId)).toEqual(['e1']);
  });

  it('closes one started after the day end at its own start (London summer time too)', () => {
    const { entries } = deriveEntries([ev('e1', 'start', '2026-07-01T19:30:00Z')], NOW);
    // 20:30 BST is after 19:00 there: nothing is invented.
    expect(entries[0]).toMatchObject({ review: true, ms: 0 });
    expect(instantOf('2026-07-01', 19 * 60)).toBe(Date.parse('2026-07-01T18:00:00Z'));
  });

  it('lists a stop with no start as unbound, not as an entry', () => {
    const { entries, unbound } = deriveEntries([ev('lone', 'stop', '2026-11-25T09:00:00Z')], NOW);
    expect(entries).toEqual([]);
    expect(unbound.map((e) => e._id)).toEqual(['lone-stop']);
  });
});

describe('travelGaps', () => {
  const day = [
    ev('a', 'start', '2026-11-25T08:00:00Z'),
    ev('a', 'stop', '2026-11-25T08:40:00Z'),
    ev('b', 'start', '2026-11-25T08:55:00Z', 'w1', 'J2-20261125'),
    ev('b', 'stop', '2026-11-25T09:30:00Z', 'w1', 'J2-20261125'),
    ev('c', 'start', '2026-11-25T12:00:00Z', 'w1', 'J3-20261125'),
    ev('c', 'stop', '2026-11-25T12:20:00Z', 'w1', 'J3-20261125'),
    // Another worker's day: their own gaps only.
    ev('d', 'start', '2026-11-25T08:45:00Z', 'w2'),
    ev('d', 'stop', '2026-11-25T09:00:00Z', 'w2'),
  ];
  const { entries } = deriveEntries(day, NOW);

  it('counts only the time between jobs: none before the first (home to the first job is not work)', () => {
    const gaps = travelGaps(entries, 2);
    expect(gaps.map((g) => [g.assigneeId, g.ms / MIN, g.long])).toEqual([
      ['w1', 15, false],
      ['w1', 150, true],
    ]);
  });

  it('adds totals per worker and per day, the most recorded first', () => {
    const gaps = travelGaps(entries, 2);
    const totals = workerTotals(entries, gaps, new Set(['2026-11-25']));
    expect(totals.map((t) => [t.assigneeId, t.recordedMs / MIN, t.travelMs / MIN])).toEqual([
      ['w1', 95, 165],
      ['w2', 15, 0],
    ]);
    const week = weekOf('2026-11-25');
    expect(week[0]).toBe('2026-11-23');
    expect(week[6]).toBe('2026-11-29');
    const daily = dailyTotals(entries, gaps, week);
    expect(daily[2]).toEqual({ day: '2026-11-25', recordedMs: 110 * MIN, travelMs: 165 * MIN });
  });

  it('leaves no gap between overlapping entries', () => {
    const overlapping = deriveEntries(
      [
        ev('a', 'start', '2026-11-25T08:00:00Z'),
        ev('a', 'stop', '2026-11-25T09:00:00Z'),
        ev('b', 'start', '2026-11-25T08:30:00Z'),
        ev('b', 'stop', '2026-11-25T08:45:00Z'),
      ],
      NOW,
    );
    expect(travelGaps(overlapping.entries, 2)).toEqual([]);
  });
});

describe('the business clock', () => {
  it('reads instants on the London wall clock', () => {
    expect(localOf(Date.parse('2026-11-25T08:30:00Z'))).toEqual({ day: '2026-11-25', minute: 510 });
    expect(localOf(Date.parse('2026-07-01T23:30:00Z')).day).toBe('2026-07-02');
  });
});
