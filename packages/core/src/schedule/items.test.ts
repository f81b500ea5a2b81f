import { describe, expect, it } from 'vitest';
import { occurrenceId } from './ids.ts';
import {
  jobItems,
  overdue,
  representativeOccurrence,
  representatives,
  type ScheduleJob,
  type StoredOccurrence,
  scheduleItems,
} from './items.ts';

const job = (over: Partial<ScheduleJob> & { _id: string }): ScheduleJob => ({
  customerId: `c-${over._id}`,
  rounds: ['r1'],
  date: '2026-11-02',
  price: 20,
  frequencyType: 'Weeks',
  frequencyInterval: 1,
  assignees: [],
  ...over,
});
const occ = (j: ScheduleJob, due: string, over: Partial<StoredOccurrence> = {}): StoredOccurrence => ({
  _id: occurrenceId(j._id, due),
  jobId: j._id,
  customerId: j.customerId,
  status: 0,
  isoDueDate: due,
  isoPlannedDate: due,
  price: j.price,
  rounds: j.rounds,
  plannedOrder: 0,
  assignees: [],
  ...over,
});

describe('schedule items: virtual visits merged with stored occurrences', () => {
  const a = job({ _id: 'A' });

  it('a week of a weekly job is one virtual visit per due date, with the job price and round', () => {
    const items = scheduleItems({ jobs: [a], occurrences: [], from: '2026-11-01', to: '2026-11-30' });
    expect(items.map((i) => i.isoPlannedDate)).toEqual([
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ]);
    expect(items[0]).toMatchObject({
      id: 'A-20261102',
      stored: false,
      status: 0,
      price: 20,
      rounds: ['r1'],
      duration: 30,
    });
  });

  it('a stored occurrence overrides its virtual visit (status, price, order, assignees)', () => {
    const done = occ(a, '2026-11-09', {
      status: 1,
      price: 25,
      plannedOrder: 3,
      assignees: ['w1'],
      completedDate: 'x',
    });
    const items = scheduleItems({ jobs: [a], occurrences: [done], from: '2026-11-09', to: '2026-11-09' });
    expect(items).toEqual([
      expect.objectContaining({ stored: true, status: 1, price: 25, plannedOrder: 3, assignees: ['w1'] }),
    ]);
  });

  it('a moved visit appears on its planned date and not on its due date', () => {
    const moved = occ(a, '2026-11-09', { isoPlannedDate: '2026-11-11' });
    const on9 = scheduleItems({ jobs: [a], occurrences: [moved], from: '2026-11-09', to: '2026-11-09' });
    const on11 = scheduleItems({ jobs: [a], occurrences: [moved], from: '2026-11-11', to: '2026-11-11' });
    expect(on9).toEqual([]);
    expect(on11).toEqual([
      expect.objectContaining({ isoDueDate: '2026-11-09', isoPlannedDate: '2026-11-11' }),
    ]);
    // Moved out of the range from a due date outside it: still found on its planned day.
    const intoRange = occ(a, '2026-10-26', { isoPlannedDate: '2026-11-11' });
    const items = scheduleItems({
      jobs: [a],
      occurrences: [intoRange],
      from: '2026-11-11',
      to: '2026-11-11',
    });
    expect(items.map((i) => i.isoDueDate)).toEqual(['2026-10-26']);
  });

  it('sorts a day by round name, then planned order; no round last', () => {
    const jobs = [
      job({ _id: 'B', rounds: ['r2'] }),
      job({ _id: 'C', rounds: ['r1'] }),
      job({ _id: 'D', rounds: [] }),
      job({ _id: 'E', rounds: ['r1'] }),
    ];
    const occurrences = [
      occ(jobs[1]!, '2026-11-02', { plannedOrder: 2 }),
      occ(jobs[3]!, '2026-11-02', { plannedOrder: 1 }),
    ];
    const roundNames = new Map([
      ['r1', 'Zebra road'],
      ['r2', 'Apple street'],
    ]);
    const items = scheduleItems({ jobs, occurrences, from: '2026-11-02', to: '2026-11-02', roundNames });
    expect(items.map((i) => i.jobId)).toEqual(['B', 'E', 'C', 'D']);
  });

  it('a virtual visit takes the planned order of the latest stored occurrence before it', () => {
    const stored = occ(a, '2026-11-09', { status: 1, plannedOrder: 7 });
    const items = scheduleItems({ jobs: [a], occurrences: [stored], from: '2026-11-02', to: '2026-11-23' });
    expect(items.map((i) => [i.isoDueDate, i.plannedOrder])).toEqual([
      ['2026-11-02', 7],
      ['2026-11-09', 7],
      ['2026-11-16', 7],
      ['2026-11-23', 7],
    ]);
  });

  it('jobs of an unbooked quote have no visits; duration falls back to the account default', () => {
    const quoted = job({ _id: 'Q', quoteId: 'q1' });
    const timed = job({ _id: 'T', duration: 45 });
    const items = scheduleItems({
      jobs: [quoted, timed, a],
      occurrences: [],
      from: '2026-11-02',
      to: '2026-11-02',
      defaultDuration: 20,
    });
    expect(items.map((i) => [i.jobId, i.duration])).toEqual([
      ['A', 20],
      ['T', 45],
    ]);
  });

  it('an inactive customer’s jobs get no computed visits; their stored ones still show', () => {
    const done = occ(a, '2026-11-09', { status: 1 });
    const items = scheduleItems({
      jobs: [a],
      occurrences: [done],
      from: '2026-11-01',
      to: '2026-11-30',
      inactiveCustomers: new Set([a.customerId]),
    });
    expect(items.map((i) => [i.isoDueDate, i.stored])).toEqual([['2026-11-09', true]]);
  });

  it('one-off job: exactly one visit, none when stored as done elsewhere in time', () => {
    const once = job({ _id: 'O', frequencyType: 'OneOff', date: '2026-11-05' });
    expect(
      scheduleItems({ jobs: [once], occurrences: [], from: '2026-01-01', to: '2027-12-31' }),
    ).toHaveLength(1);
    expect(jobItems(once, [], '2026-11-06', '2027-12-31')).toEqual([]);
  });
});

describe('representative occurrence (spec 000 section 4: not-done nearest today, else the latest)', () => {
  const today = '2026-11-21';

  it('is the next visit when the past ones are done', () => {
    const a = job({ _id: 'A', date: '2026-11-02' });
    const done = ['2026-11-02', '2026-11-09', '2026-11-16'].map((d) => occ(a, d, { status: 1 }));
    expect(representativeOccurrence(a, done, today)).toMatchObject({
      isoDueDate: '2026-11-23',
      stored: false,
    });
  });

  it('is an overdue visit when it is nearer today than the next one', () => {
    const a = job({ _id: 'A', date: '2026-11-02', frequencyInterval: 2 }); // 2, 16, 30 November
    expect(representativeOccurrence(a, [], today)).toMatchObject({ isoDueDate: '2026-11-16' });
  });

  it('prefers a stored not-done visit moved close to today', () => {
    const a = job({ _id: 'A', date: '2026-11-02', frequencyInterval: 4 }); // 2 and 30 November
    const done = occ(a, '2026-11-02', { status: 1 });
    const moved = occ(a, '2026-11-30', { isoPlannedDate: '2026-11-22' });
    expect(representativeOccurrence(a, [done, moved], today)).toMatchObject({
      isoPlannedDate: '2026-11-22',
      stored: true,
    });
  });

  it('is the latest visit when none is left to do (a done one-off)', () => {
    const once = job({ _id: 'O', frequencyType: 'OneOff', date: '2026-10-01' });
    const done = occ(once, '2026-10-01', { status: 1 });
    expect(representativeOccurrence(once, [done], today)).toMatchObject({
      status: 1,
      isoDueDate: '2026-10-01',
    });
  });

  it('is given for many jobs at once', () => {
    const a = job({ _id: 'A', date: '2026-11-02' });
    const once = job({ _id: 'O', frequencyType: 'OneOff', date: '2026-10-01' });
    const quoted = job({ _id: 'Q', quoteId: 'q1' });
    const map = representatives({
      jobs: [a, once, quoted],
      occurrences: [occ(once, '2026-10-01', { status: 1 })],
      today,
    });
    expect([...map].map(([id, i]) => [id, i.isoDueDate, i.status])).toEqual([
      ['A', '2026-11-23', 0],
      ['O', '2026-10-01', 1],
    ]);
  });

  it('on a tie the visit from today on wins', () => {
    const a = job({ _id: 'A', date: '2026-11-19', frequencyType: 'Weeks', frequencyInterval: 1 });
    const b = { ...a, date: '2026-11-16' }; // 16th and 23rd: two days each side of the 21st
    expect(representativeOccurrence(a, [], today)?.isoDueDate).toBe('2026-11-19');
    expect(representativeOccurrence(b, [], today)?.isoDueDate).toBe('2026-11-23');
  });
});

describe('overdue', () => {
  it('lists not-done visits planned before today, not done or skipped ones, oldest first', () => {
    const a = job({ _id: 'A', date: '2026-11-02' });
    const occurrences = [
      occ(a, '2026-11-02', { status: 1 }),
      occ(a, '2026-11-09', { status: 2, skipReason: 'Rain' }),
    ];
    const items = overdue({ jobs: [a], occurrences, today: '2026-11-21' });
    expect(items.map((i) => i.isoDueDate)).toEqual(['2026-11-16']);
  });

  it('counts a moved visit by its planned date', () => {
    const a = job({ _id: 'A', date: '2026-11-16', frequencyInterval: 4 });
    const moved = occ(a, '2026-11-16', { isoPlannedDate: '2026-11-24' });
    expect(overdue({ jobs: [a], occurrences: [moved], today: '2026-11-21' })).toEqual([]);
  });
});

describe('occurrence ids', () => {
  it('are the same on every device for the same visit, and fit the 64-character id limit', () => {
    expect(occurrenceId('01JABCDEFGHJKMNPQRSTVWXYZ0', '2026-11-21')).toBe(
      '01JABCDEFGHJKMNPQRSTVWXYZ0-20261121',
    );
    const long = 'x'.repeat(64);
    expect(occurrenceId(long, '2026-11-21')).toBe(occurrenceId(long, '2026-11-21'));
    expect(occurrenceId(long, '2026-11-21').length).toBeLessThanOrEqual(64);
    expect(occurrenceId(long, '2026-11-21')).not.toBe(occurrenceId(`${'x'.repeat(63)}y`, '2026-11-21'));
  });
});
