import { describe, expect, it } from 'vitest';
import { visitId } from './ids.ts';
import { VisitStatus } from './record.ts';
import {
  jobVisits,
  overdue,
  representatives,
  representativeVisit,
  type ScheduleJob,
  type StoredVisit,
  visitsBetween,
} from './visits.ts';

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
const occ = (j: ScheduleJob, due: string, over: Partial<StoredVisit> = {}): StoredVisit => ({
  _id: visitId(j._id, due),
  jobId: j._id,
  customerId: j.customerId,
  status: VisitStatus.NotDone,
  isoDueDate: due,
  isoPlannedDate: due,
  price: j.price,
  rounds: j.rounds,
  plannedOrder: 0,
  assignees: [],
  ...over,
});

describe('visits: virtual visits merged with stored visits', () => {
  const a = job({ _id: 'A' });

  it('a week of a weekly job is one virtual visit per due date, with the job price and round', () => {
    const items = visitsBetween({ jobs: [a], visitRecords: [], from: '2026-11-01', to: '2026-11-30' });
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
      status: VisitStatus.NotDone,
      price: 20,
      rounds: ['r1'],
      duration: 30,
    });
  });

  it('a stored visit overrides its virtual visit (status, price, order, assignees)', () => {
    const done = occ(a, '2026-11-09', {
      status: VisitStatus.Done,
      price: 25,
      plannedOrder: 3,
      assignees: ['w1'],
      completedDate: 'x',
    });
    const items = visitsBetween({ jobs: [a], visitRecords: [done], from: '2026-11-09', to: '2026-11-09' });
    expect(items).toEqual([
      expect.objectContaining({
        stored: true,
        status: VisitStatus.Done,
        price: 25,
        plannedOrder: 3,
        assignees: ['w1'],
      }),
    ]);
  });

  it('a moved visit appears on its planned date and not on its due date', () => {
    const moved = occ(a, '2026-11-09', { isoPlannedDate: '2026-11-11' });
    const on9 = visitsBetween({ jobs: [a], visitRecords: [moved], from: '2026-11-09', to: '2026-11-09' });
    const on11 = visitsBetween({ jobs: [a], visitRecords: [moved], from: '2026-11-11', to: '2026-11-11' });
    expect(on9).toEqual([]);
    expect(on11).toEqual([
      expect.objectContaining({ isoDueDate: '2026-11-09', isoPlannedDate: '2026-11-11' }),
    ]);
    // Moved out of the range from a due date outside it: still found on its planned day.
    const intoRange = occ(a, '2026-10-26', { isoPlannedDate: '2026-11-11' });
    const items = visitsBetween({
      jobs: [a],
      visitRecords: [intoRange],
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
    const visitRecords = [
      occ(jobs[1]!, '2026-11-02', { plannedOrder: 2 }),
      occ(jobs[3]!, '2026-11-02', { plannedOrder: 1 }),
    ];
    const roundNames = new Map([
      ['r1', 'Zebra road'],
      ['r2', 'Apple street'],
    ]);
    const items = visitsBetween({ jobs, visitRecords, from: '2026-11-02', to: '2026-11-02', roundNames });
    expect(items.map((i) => i.jobId)).toEqual(['B', 'E', 'C', 'D']);
  });

  it('a virtual visit takes the planned order of the latest stored visit before it', () => {
    const stored = occ(a, '2026-11-09', { status: VisitStatus.Done, plannedOrder: 7 });
    const items = visitsBetween({ jobs: [a], visitRecords: [stored], from: '2026-11-02', to: '2026-11-23' });
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
    const items = visitsBetween({
      jobs: [quoted, timed, a],
      visitRecords: [],
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
    const done = occ(a, '2026-11-09', { status: VisitStatus.Done });
    const items = visitsBetween({
      jobs: [a],
      visitRecords: [done],
      from: '2026-11-01',
      to: '2026-11-30',
      inactiveCustomers: new Set([a.customerId]),
    });
    expect(items.map((i) => [i.isoDueDate, i.stored])).toEqual([['2026-11-09', true]]);
  });

  it('one-off job: exactly one visit, none when stored as done elsewhere in time', () => {
    const once = job({ _id: 'O', frequencyType: 'OneOff', date: '2026-11-05' });
    expect(
      visitsBetween({ jobs: [once], visitRecords: [], from: '2026-01-01', to: '2027-12-31' }),
    ).toHaveLength(1);
    expect(jobVisits(once, [], '2026-11-06', '2027-12-31')).toEqual([]);
  });
});

describe('representative visit record (spec 000 section 4: not-done nearest today, else the latest)', () => {
  const today = '2026-11-21';

  it('is the next visit when the past ones are done', () => {
    const a = job({ _id: 'A', date: '2026-11-02' });
    const done = ['2026-11-02', '2026-11-09', '2026-11-16'].map((d) =>
      occ(a, d, { status: VisitStatus.Done }),
    );
    expect(representativeVisit(a, done, today)).toMatchObject({
      isoDueDate: '2026-11-23',
      stored: false,
    });
  });

  it('is an overdue visit when it is nearer today than the next one', () => {
    const a = job({ _id: 'A', date: '2026-11-02', frequencyInterval: 2 }); // 2, 16, 30 November
    expect(representativeVisit(a, [], today)).toMatchObject({ isoDueDate: '2026-11-16' });
  });

  it('prefers a stored not-done visit moved close to today', () => {
    const a = job({ _id: 'A', date: '2026-11-02', frequencyInterval: 4 }); // 2 and 30 November
    const done = occ(a, '2026-11-02', { status: VisitStatus.Done });
    const moved = occ(a, '2026-11-30', { isoPlannedDate: '2026-11-22' });
    expect(representativeVisit(a, [done, moved], today)).toMatchObject({
      isoPlannedDate: '2026-11-22',
      stored: true,
    });
  });

  it('is the latest visit when none is left to do (a done one-off)', () => {
    const once = job({ _id: 'O', frequencyType: 'OneOff', date: '2026-10-01' });
    const done = occ(once, '2026-10-01', { status: VisitStatus.Done });
    expect(representativeVisit(once, [done], today)).toMatchObject({
      status: VisitStatus.Done,
      isoDueDate: '2026-10-01',
    });
  });

  it('is given for many jobs at once', () => {
    const a = job({ _id: 'A', date: '2026-11-02' });
    const once = job({ _id: 'O', frequencyType: 'OneOff', date: '2026-10-01' });
    const quoted = job({ _id: 'Q', quoteId: 'q1' });
    const map = representatives({
      jobs: [a, once, quoted],
      visitRecords: [occ(once, '2026-10-01', { status: VisitStatus.Done })],
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
    expect(representativeVisit(a, [], today)?.isoDueDate).toBe('2026-11-19');
    expect(representativeVisit(b, [], today)?.isoDueDate).toBe('2026-11-23');
  });
});

describe('overdue', () => {
  it('lists not-done visits planned before today, not done or skipped ones, oldest first', () => {
    const a = job({ _id: 'A', date: '2026-11-02' });
    const visitRecords = [
      occ(a, '2026-11-02', { status: VisitStatus.Done }),
      occ(a, '2026-11-09', { status: VisitStatus.Skipped, skipReason: 'Rain' }),
    ];
    const items = overdue({ jobs: [a], visitRecords, today: '2026-11-21' });
    expect(items.map((i) => i.isoDueDate)).toEqual(['2026-11-16']);
  });

  it('counts a moved visit by its planned date', () => {
    const a = job({ _id: 'A', date: '2026-11-16', frequencyInterval: 4 });
    const moved = occ(a, '2026-11-16', { isoPlannedDate: '2026-11-24' });
    expect(overdue({ jobs: [a], visitRecords: [moved], today: '2026-11-21' })).toEqual([]);
  });
});

describe('visit record ids', () => {
  it('are the same on every device for the same visit, and fit the 64-character id limit', () => {
    expect(visitId('01JABCDEFGHJKMNPQRSTVWXYZ0', '2026-11-21')).toBe('01JABCDEFGHJKMNPQRSTVWXYZ0-20261121');
    const long = 'x'.repeat(64);
    expect(visitId(long, '2026-11-21')).toBe(visitId(long, '2026-11-21'));
    expect(visitId(long, '2026-11-21').length).toBeLessThanOrEqual(64);
    expect(visitId(long, '2026-11-21')).not.toBe(visitId(`${'x'.repeat(63)}y`, '2026-11-21'));
  });
});
