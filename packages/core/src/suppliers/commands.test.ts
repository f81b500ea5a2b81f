import { describe, expect, it } from 'vitest';
import { rejection, testActor } from '../testing.ts';
import { scheduleFixture } from '../visits/fixture.ts';
import type { Supplier } from './schema.ts';

/** Spec 002 section 5: name required, unique case-insensitively after trimming, itself excluded. */
describe('suppliers', () => {
  it('adds a supplier with its name and notes trimmed, edits and removes it', async () => {
    const f = await scheduleFixture();
    const s = (await f.run('suppliers.create', {
      _id: 'SU1',
      name: '  Ladders Direct ',
      notes: ' Trade account 4411 \n',
      contacts: [{ name: ' Bob ', phone: '01632 960123' }],
    })) as Supplier;
    expect(s).toMatchObject({
      name: 'Ladders Direct',
      notes: 'Trade account 4411',
      contacts: [{ name: 'Bob', email: '' }],
    });
    await f.run('suppliers.update', { _id: 'SU1', changes: { name: 'LADDERS DIRECT' } });
    expect((await f.store.get<Supplier>('supplier', 'SU1'))?.name).toBe('LADDERS DIRECT');
    await f.run('suppliers.delete', { _id: 'SU1' });
    expect(await f.store.get('supplier', 'SU1')).toBeUndefined();
  });

  it.each([
    ['suppliers.create', { name: ' \u200b ' }, 'supplier-form.name-required'],
    ['suppliers.create', { name: ' ladders direct ' }, 'supplier.duplicate'],
    ['suppliers.update', { _id: 'SU2', changes: { name: 'LADDERS DIRECT' } }, 'supplier.duplicate'],
    ['suppliers.update', { _id: 'SU1', changes: { name: '' } }, 'supplier-form.name-required'],
    ['suppliers.update', { _id: 'nope', changes: { name: 'X' } }, 'supplier.not-found'],
    ['suppliers.create', { name: 'Long notes', notes: 'x'.repeat(256) }, 'general.validation-failed'],
  ])('%s %j is refused with %s and writes nothing', async (name, input, code) => {
    const f = await scheduleFixture();
    await f.run('suppliers.create', { _id: 'SU1', name: 'Ladders Direct' });
    await f.run('suppliers.create', { _id: 'SU2', name: 'Squeegee World' });
    const before = f.writes();
    expect((await rejection(f.run(name, input))).code).toBe(code);
    expect(f.writes()).toBe(before);
  });

  it('keeps its own name on edit (the duplicate rule excludes itself)', async () => {
    const f = await scheduleFixture();
    await f.run('suppliers.create', { _id: 'SU1', name: 'Ladders Direct' });
    await f.run('suppliers.update', { _id: 'SU1', changes: { name: ' ladders direct', notes: 'n' } });
    expect((await f.store.get<Supplier>('supplier', 'SU1'))?.name).toBe('ladders direct');
  });

  it('is the Owner and Admin who keep suppliers', async () => {
    const f = await scheduleFixture();
    const worker = f.ctxOf(testActor({ roles: ['Worker'] }));
    expect((await rejection(f.run('suppliers.create', { name: 'A' }, worker))).code).toBe(
      'access.role-required',
    );
  });
});
