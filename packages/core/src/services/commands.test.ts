import { describe, expect, it } from 'vitest';
import { rejection, testActor } from '../testing.ts';
import { scheduleFixture } from '../visits/fixture.ts';

describe('services', () => {
  it('creates and edits a service (name, description, default price, default duration)', async () => {
    const f = await scheduleFixture();
    await f.run('services.create', { _id: 'S2', name: ' Gutters ', defaultPrice: 45, defaultDuration: 60 });
    await f.run('services.update', { _id: 'S2', changes: { description: 'Clear and flush' } });
    expect(await f.store.get('service', 'S2')).toMatchObject({
      name: 'Gutters',
      description: 'Clear and flush',
      defaultPrice: 45,
      defaultDuration: 60,
    });
    expect((await rejection(f.run('services.create', { name: '  ' }))).code).toBe('services.enter-name');
  });

  it('deleting a service jobs use is refused with their count, then detached from them on request', async () => {
    const f = await scheduleFixture();
    await f.job({ _id: 'J1', services: ['S1'] });
    await f.job({ _id: 'J2', services: [] });
    const before = f.writes();
    const e = await rejection(f.run('services.delete', { _id: 'S1' }));
    expect([e.code, e.params]).toEqual(['services.in-use', { count: 1 }]);
    expect(f.writes()).toBe(before);
    expect(await f.run('services.delete', { _id: 'S1', detach: true })).toMatchObject({
      detachedFromJobs: 1,
    });
    expect(await f.store.get('service', 'S1')).toBeUndefined();
    expect(await f.store.get('job', 'J1')).toMatchObject({ services: [] });
  });

  it('a service no job uses is deleted at once; only Owner and Admin may', async () => {
    const f = await scheduleFixture(testActor({ roles: ['Creator'] }));
    expect((await rejection(f.run('services.delete', { _id: 'S1' }))).code).toBe('access.role-required');
    const owner = f.ctxOf(testActor());
    await f.run('services.delete', { _id: 'S1' }, owner);
    expect(await f.store.get('service', 'S1')).toBeUndefined();
  });
});
