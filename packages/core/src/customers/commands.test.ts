import { describe, expect, it } from 'vitest';
import { rejection, testActor } from '../testing.ts';
import { scheduleFixture } from '../visits/fixture.ts';

describe('customers.delete (cascade)', () => {
  it('deletes the customer, their jobs and those jobs’ stored visits; invoices stay in the ledger', async () => {
    const f = await scheduleFixture();
    await f.job({ _id: 'J1' });
    await f.job({ _id: 'J2', frequencyType: 'OneOff', date: '2026-12-01' });
    await f.run('visits.complete', { jobId: 'J1', isoDueDate: '2026-11-16' });
    await f.run('visits.skip', { jobId: 'J1', isoDueDate: '2026-11-23', reason: 'Away' });
    expect(await f.run('customers.delete', { _id: 'C1' })).toEqual({
      deleted: { customers: 1, jobs: 2, visitRecords: 2 },
    });
    expect(await f.store.list('job')).toEqual([]);
    expect(await f.store.list('visit')).toEqual([]);
    expect(await f.store.listBy('transaction', 'C1')).toHaveLength(1);
  });

  it('is refused to a Worker and changes nothing', async () => {
    const f = await scheduleFixture(testActor({ roles: ['Worker'], flags: ['multiUser'] }));
    await f.job({ _id: 'J1' });
    const before = f.writes();
    expect((await rejection(f.run('customers.delete', { _id: 'C1' }))).code).toBe('access.role-required');
    expect(f.writes()).toBe(before);
  });
});
