import { describe, expect, it } from 'vitest';
import type { Transaction } from '../payments/schema.ts';
import type { MemoryStore } from '../store/memory-store.ts';
import { rejection, testActor } from '../testing.ts';
import { NOW, scheduleFixture } from './fixture.ts';
import { type VisitRecord, VisitStatus } from './record.ts';
import { visitsBetween } from './visits.ts';

const visit = { jobId: 'J1', isoDueDate: '2026-11-16' };
const OCC = 'J1-20261116';

async function withJob(over = {}) {
  const f = await scheduleFixture();
  await f.job({ _id: 'J1', ...over });
  const invoices = async () =>
    (await f.store.listBy<Transaction>('transaction', 'C1')).filter((t) => t.transactionType === 'Invoice');
  const day = async (date: string) =>
    visitsBetween({
      jobs: await f.store.list('job'),
      visitRecords: await f.store.list<VisitRecord>('visit'),
      from: date,
      to: date,
    });
  return { ...f, invoices, day };
}

describe('visits.complete', () => {
  it('stores the visit as done and invoices its price to the customer, linked by occurrenceId', async () => {
    const f = await withJob();
    await f.run('visits.complete', visit);
    expect(await f.store.get('visit', OCC)).toMatchObject({
      status: VisitStatus.Done,
      isoDueDate: '2026-11-16',
      isoPlannedDate: '2026-11-16',
      completedDate: NOW.toISOString(),
      price: 20,
      customerId: 'C1',
    });
    expect(await f.invoices()).toEqual([
      expect.objectContaining({
        _id: `${OCC}-inv`,
        amount: 20,
        customerId: 'C1',
        occurrenceId: OCC,
        date: '2026-11-16',
        description: 'Window cleaning, 12 Mill Road',
      }),
    ]);
  });

  it('completing twice makes one invoice', async () => {
    const f = await withJob();
    await f.run('visits.complete', visit);
    await f.run('visits.complete', visit);
    expect(await f.invoices()).toHaveLength(1);
  });

  it('two devices completing the same visit offline write the same visit record and invoice ids', async () => {
    const a = await withJob();
    const b = await withJob();
    await a.run('visits.complete', visit);
    await b.run('visits.complete', visit);
    const ids = (s: MemoryStore) => s.changes.map((c) => `${c.type}:${c.entity._id}`).sort();
    expect(ids(a.store)).toEqual(ids(b.store));
  });

  it('a date that is not one of the job’s visits is refused and changes nothing', async () => {
    const f = await withJob();
    const before = f.writes();
    expect((await rejection(f.run('visits.complete', { jobId: 'J1', isoDueDate: '2026-11-17' }))).code).toBe(
      'visits.not-a-visit',
    );
    expect(
      (await rejection(f.run('visits.complete', { jobId: 'nope', isoDueDate: '2026-11-16' }))).code,
    ).toBe('jobs.not-found');
    expect((await rejection(f.run('visits.complete', { jobId: 'J1', isoDueDate: '16/11/2026' }))).code).toBe(
      'validation.date-invalid',
    );
    expect(f.writes()).toBe(before);
  });
});

describe('visits.undo', () => {
  it('puts a done visit back to not done, cancels its invoice with a reversal, and stores nothing', async () => {
    const f = await withJob();
    await f.run('visits.complete', visit);
    const result = (await f.run('visits.undo', visit)) as { voided: number };
    expect(result.voided).toBe(1);
    // Nothing else was set on the visit, so it is virtual again.
    expect(await f.store.get('visit', OCC)).toBeUndefined();
    expect((await f.day('2026-11-16'))[0]).toMatchObject({ status: VisitStatus.NotDone, stored: false });
    const all = await f.invoices();
    expect(all.reduce((sum, t) => sum + t.amount, 0)).toBe(0);
    expect(all.every((t) => t.voidedId)).toBe(true);
    // Completing again invoices again, under a new id.
    await f.run('visits.complete', visit);
    const standing = (await f.invoices()).filter((t) => !t.voidedId);
    expect(standing.map((t) => t._id)).toEqual([`${OCC}-inv2`]);
  });

  it('keeps the visit record when it still carries state (notes)', async () => {
    const f = await withJob();
    await f.run('visits.notes', { ...visit, notes: 'Side gate' });
    await f.run('visits.skip', { ...visit, reason: 'Rain' });
    await f.run('visits.undo', visit);
    const o = await f.store.get<VisitRecord>('visit', OCC);
    expect(o).toMatchObject({ status: VisitStatus.NotDone, notes: 'Side gate' });
    expect(o?.skipReason).toBeUndefined();
  });

  it('on a visit not done does nothing', async () => {
    const f = await withJob();
    const before = f.writes();
    await f.run('visits.undo', visit);
    expect(f.writes()).toBe(before);
  });
});

describe('visits.skip', () => {
  it('needs a reason (visits.enter-skip-reason) and changes nothing without one', async () => {
    const f = await withJob();
    const before = f.writes();
    expect((await rejection(f.run('visits.skip', { ...visit, reason: '   ' }))).code).toBe(
      'visits.enter-skip-reason',
    );
    expect(f.writes()).toBe(before);
  });

  it('stores the visit as skipped with its reason and makes no invoice', async () => {
    const f = await withJob();
    await f.run('visits.skip', { ...visit, reason: ' Customer away ' });
    expect(await f.store.get('visit', OCC)).toMatchObject({
      status: VisitStatus.Skipped,
      skipReason: 'Customer away',
    });
    expect(await f.invoices()).toEqual([]);
  });

  it('refuses a done visit until it is undone', async () => {
    const f = await withJob();
    await f.run('visits.complete', visit);
    expect((await rejection(f.run('visits.skip', { ...visit, reason: 'x' }))).code).toBe(
      'visits.undo-before-skipping',
    );
  });
});

describe('visits.reprice, move, notes, assign', () => {
  it('reprices one visit only; a done visit is re-invoiced at the new price', async () => {
    const f = await withJob();
    await f.run('visits.reprice', { ...visit, price: 25 });
    expect((await f.day('2026-11-16'))[0]).toMatchObject({ price: 25, stored: true });
    expect((await f.day('2026-11-23'))[0]).toMatchObject({ price: 20, stored: false });
    await f.run('visits.complete', visit);
    await f.run('visits.reprice', { ...visit, price: 30 });
    const standing = (await f.invoices()).filter((t) => !t.voidedId);
    expect(standing.map((t) => t.amount)).toEqual([30]);
    expect((await rejection(f.run('visits.reprice', { ...visit, price: -1 }))).code).toBe(
      'visits.price-not-negative',
    );
  });

  it('moves a visit to another day: it shows on the new day, not on its due date', async () => {
    const f = await withJob();
    await f.run('visits.move', { ...visit, isoPlannedDate: '2026-11-18' });
    expect(await f.day('2026-11-16')).toEqual([]);
    expect(await f.day('2026-11-18')).toEqual([
      expect.objectContaining({ isoDueDate: '2026-11-16', isoPlannedDate: '2026-11-18' }),
    ]);
    expect((await rejection(f.run('visits.move', { ...visit, isoPlannedDate: '2026-02-30' }))).code).toBe(
      'validation.date-invalid',
    );
    await f.run('visits.complete', visit);
    expect((await rejection(f.run('visits.move', { ...visit, isoPlannedDate: '2026-11-19' }))).code).toBe(
      'visits.done-cannot-move',
    );
  });

  it('moving back to the due date with nothing else set stores nothing', async () => {
    const f = await withJob();
    await f.run('visits.move', { ...visit, isoPlannedDate: '2026-11-18' });
    await f.run('visits.move', { ...visit, isoPlannedDate: '2026-11-16' });
    expect(await f.store.get('visit', OCC)).toBeUndefined();
  });

  it('sets and clears notes (trimmed)', async () => {
    const f = await withJob();
    await f.run('visits.notes', { ...visit, notes: '  Dog in garden ' });
    expect(await f.store.get('visit', OCC)).toMatchObject({ notes: 'Dog in garden' });
    await f.run('visits.notes', { ...visit, notes: '' });
    expect(await f.store.get('visit', OCC)).toBeUndefined();
  });

  it('assigns workers to one visit', async () => {
    const f = await withJob();
    await f.run('visits.assign', { ...visit, assignees: ['w1', 'w1', 'w2'] });
    expect(await f.store.get('visit', OCC)).toMatchObject({ assignees: ['w1', 'w2'] });
  });
});

describe('visits.reorder', () => {
  it('gives the day its new order and writes only the visits whose order changed', async () => {
    const f = await withJob();
    await f.job({ _id: 'J2' });
    await f.job({ _id: 'J3' });
    const ref = (jobId: string) => ({ jobId, isoDueDate: '2026-11-16' });
    // All three start at order 0; the new order J3, J1, J2 leaves J3 at 0.
    const result = (await f.run('visits.reorder', {
      isoPlannedDate: '2026-11-16',
      visits: [ref('J3'), ref('J1'), ref('J2')],
    })) as { written: number };
    expect(result.written).toBe(2);
    expect((await f.day('2026-11-16')).map((i) => i.jobId)).toEqual(['J3', 'J1', 'J2']);
    expect(await f.store.get('visit', 'J3-20261116')).toBeUndefined();
    // Later visits of each job keep the order.
    expect((await f.day('2026-11-23')).map((i) => i.jobId)).toEqual(['J3', 'J1', 'J2']);
  });

  it('refuses a visit not planned on that day, or listed twice, and changes nothing', async () => {
    const f = await withJob();
    await f.job({ _id: 'J2' });
    const before = f.writes();
    const bad = await rejection(
      f.run('visits.reorder', {
        isoPlannedDate: '2026-11-16',
        visits: [
          { jobId: 'J2', isoDueDate: '2026-11-16' },
          { jobId: 'J1', isoDueDate: '2026-11-23' },
        ],
      }),
    );
    expect(bad.code).toBe('visits.visit-not-on-day');
    const twice = await rejection(
      f.run('visits.reorder', { isoPlannedDate: '2026-11-16', visits: [visit, visit] }),
    );
    expect(twice.code).toBe('visits.reorder-duplicate-visit');
    expect(f.writes()).toBe(before);
  });
});

describe('who may act on visits', () => {
  const worker = testActor({ userId: 'w1', roles: ['Worker'], flags: ['multiUser'] });

  it('a Worker completes, skips, notes and undoes visits assigned to them', async () => {
    const f = await withJob({ assignees: ['w1'] });
    const as = f.ctxOf(worker);
    await f.run('visits.complete', visit, as);
    await f.run('visits.undo', visit, as);
    await f.run('visits.skip', { ...visit, reason: 'Locked gate' }, as);
    await f.run('visits.notes', { ...visit, notes: 'Call first' }, as);
    expect(await f.store.get('visit', OCC)).toMatchObject({
      status: VisitStatus.Skipped,
      notes: 'Call first',
    });
  });

  it('a Worker cannot act on a visit not assigned to them, and nothing changes', async () => {
    const f = await withJob({ assignees: ['w2'] });
    const as = f.ctxOf(worker);
    const before = f.writes();
    for (const [name, extra] of [
      ['visits.complete', {}],
      ['visits.skip', { reason: 'x' }],
      ['visits.notes', { notes: 'x' }],
      ['visits.undo', {}],
    ] as const) {
      const e = await rejection(f.run(name, { ...visit, ...extra }, as));
      expect([name, e.kind, e.code]).toEqual([name, 'forbidden', 'visits.not-assigned-to-you']);
    }
    expect(f.writes()).toBe(before);
  });

  it('a visit assigned to the worker on its own counts, even when the job is not', async () => {
    const f = await withJob({ assignees: [] });
    await f.run('visits.assign', { ...visit, assignees: ['w1'] });
    await f.run('visits.complete', visit, f.ctxOf(worker));
    expect(await f.store.get('visit', OCC)).toMatchObject({ status: VisitStatus.Done });
  });

  it('a Worker outside a multi-user account has no "my work"', async () => {
    const f = await withJob({ assignees: ['w1'] });
    const e = await rejection(f.run('visits.complete', visit, f.ctxOf({ ...worker, flags: [] })));
    expect(e.code).toBe('access.feature-required');
  });

  it.each([
    ['visits.reprice', { price: 1 }],
    ['visits.move', { isoPlannedDate: '2026-11-17' }],
    ['visits.assign', { assignees: ['w1'] }],
  ] as const)('planning (%s) is refused to a Worker even on their own visit', async (name, extra) => {
    const f = await withJob({ assignees: ['w1'] });
    expect((await rejection(f.run(name, { ...visit, ...extra }, f.ctxOf(worker)))).code).toBe(
      'access.role-required',
    );
  });

  it.each([['Creator'], ['JobEditor'], ['Canvasser'], ['Reporting']] as const)(
    'a %s cannot complete visits (schedule: Owner, Admin, Planner)',
    async (role) => {
      const f = await withJob();
      const e = await rejection(f.run('visits.complete', visit, f.ctxOf(testActor({ roles: [role] }))));
      expect(e.code).toBe('access.role-required');
    },
  );

  it('a Planner plans and completes any visit', async () => {
    const f = await withJob({ assignees: ['w2'] });
    const as = f.ctxOf(testActor({ roles: ['Planner'] }));
    await f.run('visits.reprice', { ...visit, price: 22 }, as);
    await f.run('visits.complete', visit, as);
    expect((await f.invoices())[0]?.amount).toBe(22);
  });
});
