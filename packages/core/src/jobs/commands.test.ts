import { describe, expect, it } from 'vitest';
import { nextDates } from '../schedule/frequency.ts';
import { rejection, testActor } from '../testing.ts';
import { NOW, scheduleFixture } from '../visits/fixture.ts';
import type { VisitRecord } from '../visits/record.ts';
import type { Job } from './schema.ts';

const newJob = {
  customerId: 'C1',
  date: '2026-11-30',
  price: 18.5,
  rounds: ['R1'],
  services: ['S1'],
  frequencyType: 'MonthsDayOfMonth',
  frequencyInterval: 1,
};

describe('jobs.create', () => {
  it('creates a job on a customer; monthly fields come from its date; no duration means the account default', async () => {
    const f = await scheduleFixture();
    const job = (await f.run('jobs.create', newJob)) as Job;
    expect(job).toMatchObject({
      frequencyDayOfMonth: 30,
      price: 18.5,
      notes: '',
      assignees: [],
      createdDate: NOW.toISOString(),
    });
    expect(job.duration).toBeUndefined();
    expect(nextDates(job, '2026-11-30', 3)).toEqual(['2026-11-30', '2026-12-30', '2027-01-30']);
  });

  it('a one-off job has no recurrence: one visit', async () => {
    const f = await scheduleFixture();
    const job = (await f.run('jobs.create', {
      ...newJob,
      frequencyType: 'OneOff',
      frequencyDayOfMonth: 3,
    })) as Job;
    expect(job.frequencyDayOfMonth).toBeUndefined();
    expect(nextDates(job, '2026-01-01', 5)).toEqual(['2026-11-30']);
  });

  it.each([
    [{ services: ['nope'] }, 'services.not-found'],
    [{ rounds: ['nope'] }, 'rounds.not-found'],
    [{ customerId: 'nope' }, 'customers.not-found'],
    [{ date: '2026-02-30' }, 'validation.date-invalid'],
    [{ frequencyInterval: 0 }, 'general.validation-failed'],
    [{ frequencyWeekOfMonth: 6 }, 'general.validation-failed'],
  ])('refuses %j (%s) and changes nothing', async (bad, code) => {
    const f = await scheduleFixture();
    const before = f.writes();
    expect((await rejection(f.run('jobs.create', { ...newJob, ...bad }))).code).toBe(code);
    expect(f.writes()).toBe(before);
  });

  it.each([['Planner'], ['Worker'], ['Reporting']] as const)('is refused to a %s', async (role) => {
    const f = await scheduleFixture(testActor({ roles: [role] }));
    expect((await rejection(f.run('jobs.create', newJob))).code).toBe('access.role-required');
  });

  it.each([['Creator'], ['JobEditor']] as const)('is open to a %s', async (role) => {
    const f = await scheduleFixture(testActor({ roles: [role] }));
    await f.run('jobs.create', newJob);
    expect(await f.store.list('job')).toHaveLength(1);
  });
});

describe('jobs.update', () => {
  it('a new frequency replans: not-done stored visits go, done ones stay', async () => {
    const f = await scheduleFixture();
    await f.job({ _id: 'J1' });
    await f.run('visits.complete', { jobId: 'J1', isoDueDate: '2026-11-09' });
    await f.run('visits.reprice', { jobId: 'J1', isoDueDate: '2026-11-23', price: 40 });
    await f.run('jobs.update', {
      _id: 'J1',
      changes: { frequencyType: 'Weeks', frequencyInterval: 2, date: '2026-11-25' },
    });
    const left = await f.store.listBy<VisitRecord>('visit', 'J1');
    expect(left.map((o) => [o.isoDueDate, o.status])).toEqual([['2026-11-09', 1]]);
  });

  it('a new price reaches not-done stored visits at the old price, not visits repriced on their own', async () => {
    const f = await scheduleFixture();
    await f.job({ _id: 'J1' });
    await f.run('visits.notes', { jobId: 'J1', isoDueDate: '2026-11-23', notes: 'Gate' });
    await f.run('visits.reprice', { jobId: 'J1', isoDueDate: '2026-11-30', price: 15 });
    await f.run('visits.complete', { jobId: 'J1', isoDueDate: '2026-11-16' });
    await f.run('jobs.update', { _id: 'J1', changes: { price: 22 } });
    const prices = Object.fromEntries(
      (await f.store.listBy<VisitRecord>('visit', 'J1')).map((o) => [o.isoDueDate, o.price]),
    );
    expect(prices).toEqual({ '2026-11-16': 20, '2026-11-23': 22, '2026-11-30': 15 });
  });
});

describe('jobs.delete', () => {
  it('deletes the job and its stored visits and keeps its invoices', async () => {
    const f = await scheduleFixture();
    await f.job({ _id: 'J1' });
    await f.run('visits.complete', { jobId: 'J1', isoDueDate: '2026-11-16' });
    expect(await f.run('jobs.delete', { _id: 'J1' })).toEqual({ deleted: { jobs: 1, visitRecords: 1 } });
    expect(await f.store.get('job', 'J1')).toBeUndefined();
    expect(await f.store.listBy('visit', 'J1')).toEqual([]);
    expect(await f.store.listBy('transaction', 'C1')).toHaveLength(1);
    expect((await rejection(f.run('jobs.delete', { _id: 'J1' }))).code).toBe('jobs.not-found');
  });

  it('is refused to a Planner', async () => {
    const f = await scheduleFixture(testActor({ roles: ['Planner'] }));
    await f.job({ _id: 'J1' });
    expect((await rejection(f.run('jobs.delete', { _id: 'J1' }))).code).toBe('access.role-required');
    expect(await f.store.get('job', 'J1')).toBeDefined();
  });
});

describe('jobs.replan and jobs.shift', () => {
  it('replan resets the schedule from a new date', async () => {
    const f = await scheduleFixture();
    await f.job({ _id: 'J1' });
    await f.run('visits.move', { jobId: 'J1', isoDueDate: '2026-11-23', isoPlannedDate: '2026-11-24' });
    const job = (await f.run('jobs.replan', {
      _id: 'J1',
      changes: { date: '2026-12-01', frequencyType: 'MonthsWeekdayOfMonth' },
    })) as Job;
    expect(job).toMatchObject({ date: '2026-12-01', frequencyDayOfWeek: 2, frequencyWeekOfMonth: 1 });
    expect(await f.store.listBy('visit', 'J1')).toEqual([]);
  });

  it('shift moves the visits from a date by N days and carries a moved visit’s notes', async () => {
    const f = await scheduleFixture(testActor({ roles: ['Planner'] }));
    await f.job({ _id: 'J1', frequencyInterval: 2 }); // 2, 16, 30 November
    await f.run('visits.notes', { jobId: 'J1', isoDueDate: '2026-11-30', notes: 'Gate' });
    const job = (await f.run('jobs.shift', { _id: 'J1', from: '2026-11-21', days: 2 })) as Job;
    expect(nextDates(job, '2026-11-21', 2)).toEqual(['2026-12-02', '2026-12-16']);
    expect(await f.store.listBy<VisitRecord>('visit', 'J1')).toEqual([
      expect.objectContaining({ _id: 'J1-20261202', isoDueDate: '2026-12-02', notes: 'Gate' }),
    ]);
  });

  it('shift needs days or a date, and a visit left to move', async () => {
    const f = await scheduleFixture();
    await f.job({ _id: 'J1', frequencyType: 'OneOff', date: '2026-11-02' });
    expect((await rejection(f.run('jobs.shift', { _id: 'J1', from: '2026-11-21' }))).code).toBe(
      'visits.shift-days-or-date',
    );
    expect((await rejection(f.run('jobs.shift', { _id: 'J1', from: '2026-11-21', days: 1 }))).code).toBe(
      'visits.no-future-visit',
    );
  });
});
