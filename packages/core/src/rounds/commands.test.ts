import { describe, expect, it } from 'vitest';
import type { Job } from '../jobs/schema.ts';
import { nextDates } from '../schedule/frequency.ts';
import { rejection, testActor } from '../testing.ts';
import { scheduleFixture } from '../visits/fixture.ts';
import { visitId } from '../visits/ids.ts';
import { type VisitRecord, VisitStatus } from '../visits/record.ts';
import { representativeVisit } from '../visits/visits.ts';
import { parsePostcodes } from './commands.ts';
import type { Round } from './schema.ts';

// The fixture's clock: 2026-11-21 (a Saturday). Round R1 "Mill Road", customer C1.
const TODAY = '2026-11-21';
const WITH_ADDRESS = testActor({ settings: { businessAddress: { lngLat: [0.12, 52.2] } } });

describe('rounds.create and rounds.update (spec 000 section 5)', () => {
  it('refuses a blank name and a name taken case-insensitively after trimming; trims on save', async () => {
    const f = await scheduleFixture();
    const before = f.writes();
    expect((await rejection(f.run('rounds.create', { description: '   ' }))).code).toBe('rounds.enter-round');
    expect((await rejection(f.run('rounds.create', { description: '  mill ROAD ' }))).code).toBe(
      'rounds.round-already-exists',
    );
    expect(f.writes()).toBe(before);
    const created = (await f.run('rounds.create', { description: '  Abbey  ' })) as Round;
    expect(created.description).toBe('Abbey');
  });

  it('renaming into an existing name merges that round: jobs and their visits move, it is deleted', async () => {
    const f = await scheduleFixture();
    await f.store.put('round', {
      _id: 'R2',
      description: 'Abbey',
      color: '#ff0000',
      schedules: [],
      servicedPostcodes: ['CB1 2'],
    });
    await f.job({ _id: 'J1', rounds: ['R1'] });
    await f.job({ _id: 'J2', rounds: ['R2'] });
    await f.job({ _id: 'J3', rounds: ['R1', 'R2'] });
    // Both follow the merge; the done visit keeps its history (date, status), not the old round.
    await f.run('visits.complete', { jobId: 'J2', isoDueDate: '2026-11-16' });
    await f.run('visits.reprice', { jobId: 'J2', isoDueDate: '2026-11-23', price: 25 });
    const result = (await f.run('rounds.update', { _id: 'R1', changes: { description: ' abbey ' } })) as {
      round: Round;
      merged: string[];
    };
    expect(result.merged).toEqual(['R2']);
    expect(result.round.description).toBe('abbey');
    expect(result.round.servicedPostcodes).toEqual(['CB1 2']);
    expect(await f.store.get('round', 'R2')).toBeUndefined();
    expect((await f.store.get<Job>('job', 'J2'))?.rounds).toEqual(['R1']);
    expect((await f.store.get<Job>('job', 'J3'))?.rounds).toEqual(['R1']);
    const occ = await f.store.listBy<VisitRecord>('visit', 'J2');
    expect(occ.find((o) => o.isoDueDate === '2026-11-23')?.rounds).toEqual(['R1']);
    expect(occ.find((o) => o.isoDueDate === '2026-11-16')).toMatchObject({
      status: VisitStatus.Done,
      rounds: ['R1'],
    });
  });

  it('sets colour, location and postcodes (one per line, trimmed)', async () => {
    const f = await scheduleFixture();
    const { round } = (await f.run('rounds.update', {
      _id: 'R1',
      changes: {
        color: '#16a34a',
        location: { addressDescription: 'Mill Road depot', lngLat: [0.14, 52.2], isVerified: true },
        servicedPostcodes: parsePostcodes(' CB1 2\n\nCB1 3 \r\ncb1 2\n'),
      },
    })) as { round: Round };
    expect(round.color).toBe('#16a34a');
    expect(round.location?.lngLat).toEqual([0.14, 52.2]);
    expect(round.servicedPostcodes).toEqual(['CB1 2', 'CB1 3']);
    expect((await rejection(f.run('rounds.update', { _id: 'R1', changes: { color: 'red' } }))).code).toBe(
      'rounds.colour-invalid',
    );
  });
});

describe('round schedule (spec 000 section 4)', () => {
  it('applies the schedule to every job: next date, frequency fields, the round; not-done visits deleted first', async () => {
    const f = await scheduleFixture();
    await f.job({ _id: 'J1', rounds: ['R1'], frequencyType: 'MonthsDayOfMonth', frequencyDayOfMonth: 2 });
    await f.job({ _id: 'J2', rounds: ['R1'], frequencyInterval: 1 });
    await f.run('visits.complete', { jobId: 'J2', isoDueDate: '2026-11-16' });
    await f.run('visits.reprice', { jobId: 'J2', isoDueDate: '2026-11-23', price: 30 });
    const frequencyData = { type: 'Weeks', interval: 4, firstScheduledDate: '2026-11-03' };
    const r = (await f.run('rounds.set-frequency', { _id: 'R1', frequencyData, today: TODAY })) as {
      date: string;
      jobs: number;
    };
    // 3 Nov + 4 weeks = 1 Dec, the first schedule date from today.
    expect(r).toMatchObject({ date: '2026-12-01', jobs: 2 });
    for (const id of ['J1', 'J2']) {
      const job = await f.store.get<Job>('job', id);
      expect(job).toMatchObject({
        date: '2026-12-01',
        frequencyType: 'Weeks',
        frequencyInterval: 4,
        rounds: ['R1'],
      });
      expect(job?.frequencyDayOfMonth).toBeUndefined();
    }
    const left = await f.store.listBy<VisitRecord>('visit', 'J2');
    expect(left.map((o) => [o.isoDueDate, o.status])).toEqual([['2026-11-16', 1]]);
    expect((await f.store.get<Round>('round', 'R1'))?.frequencyData).toEqual(frequencyData);
  });

  it("keeps the round's monthly rule: the first date's day of month, or its weekday and week", async () => {
    const f = await scheduleFixture();
    await f.job({ _id: 'J1' });
    // 2 April: "monthly from 31 January" next falls on 30 April, the month's last day.
    const april = { ...f.ctx, now: new Date('2026-04-02T09:00:00Z') };
    const monthly = { type: 'MonthsDayOfMonth', interval: 1, firstScheduledDate: '2026-01-31' };
    await f.run('rounds.set-frequency', { _id: 'R1', frequencyData: monthly, today: '2026-04-02' }, april);
    const job = (await f.store.get<Job>('job', 'J1')) as Job;
    expect(job).toMatchObject({ date: '2026-04-30', frequencyDayOfMonth: 31 });
    expect(nextDates(job, '2026-05-01', 2)).toEqual(['2026-05-31', '2026-06-30']);
    // 2 February: "the last Friday" from 30 January next falls on the 27th, February's 4th Friday.
    const february = { ...f.ctx, now: new Date('2026-02-02T09:00:00Z') };
    const lastFriday = { type: 'MonthsWeekdayOfMonth', interval: 1, firstScheduledDate: '2026-01-30' };
    await f.run(
      'rounds.set-frequency',
      { _id: 'R1', frequencyData: lastFriday, today: '2026-02-02' },
      february,
    );
    const job2 = (await f.store.get<Job>('job', 'J1')) as Job;
    expect(job2).toMatchObject({ date: '2026-02-27', frequencyDayOfWeek: 5, frequencyWeekOfMonth: 5 });
    expect(nextDates(job2, '2026-05-01', 1)).toEqual(['2026-05-29']);
  });

  it("fails with 'There is no future.' when the schedule has no date from today, changing nothing", async () => {
    const f = await scheduleFixture();
    await f.job({ _id: 'J1' });
    const before = f.writes();
    const e = await rejection(
      f.run('rounds.set-frequency', {
        _id: 'R1',
        frequencyData: { type: 'OneOff', interval: 1, firstScheduledDate: '2026-11-01' },
        today: TODAY,
      }),
    );
    expect(e.code).toBe('jobgroup.no-future-date');
    expect(f.writes()).toBe(before);
  });

  it('removes the schedule (jobs keep theirs) and replans from it; replanning with none is refused', async () => {
    const f = await scheduleFixture();
    await f.job({ _id: 'J1' });
    expect((await rejection(f.run('rounds.replan', { _id: 'R1', today: TODAY }))).code).toBe(
      'rounds.no-schedule',
    );
    await f.run('rounds.set-frequency', {
      _id: 'R1',
      frequencyData: { type: 'Weeks', interval: 2, firstScheduledDate: TODAY },
      today: TODAY,
    });
    await f.run('visits.move', { jobId: 'J1', isoDueDate: '2026-12-05', isoPlannedDate: '2026-12-06' });
    const later = { ...f.ctx, now: new Date('2026-11-25T10:00:00Z') };
    const replanned = (await f.run('rounds.replan', { _id: 'R1', today: '2026-11-25' }, later)) as {
      date: string;
    };
    expect(replanned.date).toBe('2026-12-05');
    expect(await f.store.listBy('visit', 'J1')).toEqual([]);
    await f.run('rounds.remove-frequency', { _id: 'R1' });
    expect((await f.store.get<Round>('round', 'R1'))?.frequencyData).toBeUndefined();
    expect((await f.store.get<Job>('job', 'J1'))?.frequencyInterval).toBe(2);
  });
});

describe('rounds.delete, rounds.add-jobs, rounds.set-portal', () => {
  it('removes the round from all jobs and their visits (done and skipped too), then deletes it', async () => {
    const f = await scheduleFixture();
    await f.store.put('round', { _id: 'R2', description: 'Abbey', color: '#ff0000', schedules: [] });
    await f.job({ _id: 'J1', rounds: ['R1'] });
    await f.job({ _id: 'J2', rounds: ['R2', 'R1'] });
    await f.run('visits.reprice', { jobId: 'J1', isoDueDate: '2026-11-23', price: 30 });
    await f.run('visits.complete', { jobId: 'J1', isoDueDate: '2026-11-09' });
    await f.run('visits.skip', { jobId: 'J2', isoDueDate: '2026-11-16', reason: 'Rain' });
    expect(await f.run('rounds.delete', { _id: 'R1' })).toEqual({ jobs: 2 });
    expect(await f.store.get('round', 'R1')).toBeUndefined();
    expect((await f.store.get<Job>('job', 'J1'))?.rounds).toEqual([]);
    expect((await f.store.get<Job>('job', 'J2'))?.rounds).toEqual(['R2']);
    const visits = [
      ...(await f.store.listBy<VisitRecord>('visit', 'J1')),
      ...(await f.store.listBy<VisitRecord>('visit', 'J2')),
    ];
    expect(visits.map((o) => [o.isoDueDate, o.status, o.rounds])).toEqual([
      ['2026-11-09', 1, []],
      ['2026-11-23', 0, []],
      ['2026-11-16', 2, ['R2']],
    ]);
  });

  it('done and skipped visits kept by applying a schedule name no merged or deleted round', async () => {
    const f = await scheduleFixture();
    await f.store.put('round', { _id: 'R2', description: 'Abbey', color: '#ff0000', schedules: [] });
    await f.job({ _id: 'J1', rounds: ['R2'] });
    await f.run('visits.complete', { jobId: 'J1', isoDueDate: '2026-11-09' });
    await f.run('visits.skip', { jobId: 'J1', isoDueDate: '2026-11-16', reason: 'Rain' });
    const frequencyData = { type: 'Weeks', interval: 4, firstScheduledDate: '2026-11-03' };
    await f.run('rounds.set-frequency', { _id: 'R2', frequencyData, today: TODAY });
    await f.run('rounds.update', { _id: 'R1', changes: { description: 'abbey' } });
    const live = new Set((await f.store.list<Round>('round')).map((r) => r._id));
    const kept = await f.store.listBy<VisitRecord>('visit', 'J1');
    expect(kept.map((o) => o.status)).toEqual([1, 2]);
    expect(kept.flatMap((o) => o.rounds).every((r) => live.has(r))).toBe(true);
    await f.run('rounds.delete', { _id: 'R1' });
    expect((await f.store.listBy<VisitRecord>('visit', 'J1')).map((o) => o.rounds)).toEqual([[], []]);
  });

  it('adds an existing job: the round becomes its round', async () => {
    const f = await scheduleFixture();
    await f.store.put('round', { _id: 'R2', description: 'Abbey', color: '#ff0000', schedules: [] });
    await f.job({ _id: 'J1', rounds: ['R1'] });
    const creator = f.ctxOf(testActor({ roles: ['Creator'] }));
    expect(await f.run('rounds.add-jobs', { _id: 'R2', jobIds: ['J1'] }, creator)).toEqual({ added: 1 });
    expect((await f.store.get<Job>('job', 'J1'))?.rounds).toEqual(['R2']);
    expect((await rejection(f.run('rounds.add-jobs', { _id: 'R2', jobIds: ['nope'] }))).code).toBe(
      'jobs.not-found',
    );
  });

  it('sets the portal round on Ultimate only', async () => {
    const f = await scheduleFixture();
    const advanced = f.ctxOf(testActor({ level: 'Advanced' }));
    const e = await rejection(f.run('rounds.set-portal', { _id: 'R1', isPortalRound: true }, advanced));
    expect(e.code).toBe('access.level-required');
    await f.run('rounds.set-portal', { _id: 'R1', isPortalRound: true });
    expect((await f.store.get<Round>('round', 'R1'))?.isPortalRound).toBe(true);
  });
});

describe('roles (spec 000 section 6), enforced by the commands', () => {
  const ownerAdminOnly: [string, unknown][] = [
    ['rounds.create', { description: 'New' }],
    ['rounds.update', { _id: 'R1', changes: { color: '#000000' } }],
    ['rounds.delete', { _id: 'R1' }],
    [
      'rounds.set-frequency',
      { _id: 'R1', frequencyData: { type: 'Weeks', interval: 4, firstScheduledDate: TODAY } },
    ],
    ['rounds.remove-frequency', { _id: 'R1' }],
    ['rounds.replan', { _id: 'R1' }],
    ['rounds.set-portal', { _id: 'R1', isPortalRound: true }],
    ['rounds.reorder', { _id: 'R1', jobIds: ['J1'] }],
    ['rounds.optimise', { _id: 'R1' }],
  ];
  it.each(ownerAdminOnly)(
    '%s: refused to Creator, JobEditor, Planner and Worker; allowed to Admin',
    async (name, input) => {
      const f = await scheduleFixture();
      await f.job({ _id: 'J1' });
      const frequencyData = { type: 'Weeks', interval: 4, firstScheduledDate: TODAY };
      await f.store.put('round', {
        _id: 'R1',
        description: 'Mill Road',
        color: '#2563eb',
        schedules: [],
        frequencyData,
      });
      const before = f.writes();
      for (const role of ['Creator', 'JobEditor', 'Planner', 'Worker'] as const) {
        const e = await rejection(f.run(name, input, f.ctxOf(testActor({ roles: [role] }))));
        expect(e.code).toBe('access.role-required');
      }
      expect(f.writes()).toBe(before);
      const admin = f.ctxOf(testActor({ roles: ['Admin'], settings: WITH_ADDRESS.settings }));
      await f.run(name, input, admin);
    },
  );

  it('rounds.add-jobs: refused to Planner and Worker', async () => {
    const f = await scheduleFixture();
    await f.job({ _id: 'J1' });
    for (const role of ['Planner', 'Worker'] as const) {
      const e = await rejection(
        f.run('rounds.add-jobs', { _id: 'R1', jobIds: ['J1'] }, f.ctxOf(testActor({ roles: [role] }))),
      );
      expect(e.code).toBe('access.role-required');
    }
  });

  it('a round of another account is not found (each account is sealed)', async () => {
    const f = await scheduleFixture();
    expect((await rejection(f.run('rounds.delete', { _id: 'other-account-round' }))).code).toBe(
      'rounds.not-found',
    );
  });
});

describe('rounds.reorder and rounds.optimise', () => {
  async function threeJobs() {
    const f = await scheduleFixture(WITH_ADDRESS);
    // Same weekly schedule; west to east: J3 nearest the business at 0.12, then J1, then J2.
    await f.job({
      _id: 'J1',
      location: { addressDescription: '1 A', isVerified: true, lngLat: [0.16, 52.2] },
    });
    await f.job({
      _id: 'J2',
      location: { addressDescription: '2 B', isVerified: true, lngLat: [0.2, 52.2] },
    });
    await f.job({
      _id: 'J3',
      location: { addressDescription: '3 C', isVerified: true, lngLat: [0.13, 52.2] },
    });
    await f.job({ _id: 'J4', location: { addressDescription: '4 D', isVerified: false } });
    const order = async () => {
      const jobs = await f.store.list<Job>('job');
      const out = [];
      for (const j of jobs) {
        const item = representativeVisit(j, await f.store.listBy<VisitRecord>('visit', j._id), TODAY);
        out.push([j._id, item?.plannedOrder] as const);
      }
      return out.sort((a, b) => (a[1] ?? 0) - (b[1] ?? 0)).map(([id]) => id);
    };
    return { f, order };
  }

  it('reorders by the representative visits, and later visits keep the order', async () => {
    const { f, order } = await threeJobs();
    await f.run('rounds.reorder', { _id: 'R1', jobIds: ['J2', 'J3', 'J1', 'J4'], today: TODAY });
    expect(await order()).toEqual(['J2', 'J3', 'J1', 'J4']);
    // The visit a week later inherits it (stored nothing new).
    const j3 = await f.store.get<Job>('job', 'J3');
    const occ = await f.store.listBy<VisitRecord>('visit', 'J3');
    expect(occ.map((o) => o._id)).toEqual([visitId('J3', '2026-11-23')]);
    expect(representativeVisit(j3 as Job, occ, '2026-11-30')?.plannedOrder).toBe(1);
    const e = await rejection(f.run('rounds.reorder', { _id: 'R1', jobIds: ['J1', 'J1'], today: TODAY }));
    expect(e.code).toBe('rounds.reorder-duplicate-job');
    expect((await rejection(f.run('rounds.reorder', { _id: 'R1', jobIds: ['X'], today: TODAY }))).code).toBe(
      'rounds.job-not-in-round',
    );
  });

  it('optimises the drive from the business address and back, jobs with no location last', async () => {
    const { f, order } = await threeJobs();
    await f.run('rounds.reorder', { _id: 'R1', jobIds: ['J2', 'J3', 'J1', 'J4'], today: TODAY });
    const r = (await f.run('rounds.optimise', { _id: 'R1', today: TODAY })) as {
      jobIds: string[];
      beforeKm: number;
      afterKm: number;
      unlocated: number;
    };
    // A straight line east and back: either direction is as short.
    expect([
      ['J3', 'J1', 'J2', 'J4'],
      ['J2', 'J1', 'J3', 'J4'],
    ]).toContainEqual(r.jobIds);
    expect(r.afterKm).toBeLessThan(r.beforeKm);
    expect(r.unlocated).toBe(1);
    expect(await order()).toEqual(r.jobIds);
  });

  it('is refused with the prompt key when there is no business address, changing nothing', async () => {
    const f = await scheduleFixture();
    await f.job({ _id: 'J1' });
    const before = f.writes();
    expect((await rejection(f.run('rounds.optimise', { _id: 'R1' }))).code).toBe(
      'rounds.business-address-required',
    );
    expect(f.writes()).toBe(before);
  });
});
