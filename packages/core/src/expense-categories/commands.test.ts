import { describe, expect, it } from 'vitest';
import { rejection } from '../testing.ts';
import { scheduleFixture } from '../visits/fixture.ts';
import type { ExpenseCategory } from './schema.ts';

/** Spec 001 section 5: name required; unique; a duplicate names the name; edit excludes itself. */
describe('expense categories', () => {
  it('adds, renames, links a ledger and removes', async () => {
    const f = await scheduleFixture();
    await f.run('expense-categories.create', { _id: 'EC1', description: ' Fuel ' });
    await f.run('expense-categories.update', {
      _id: 'EC1',
      changes: { description: 'Fuel and oil', balanceLedgerId: 'overhead:motor' },
    });
    expect(await f.store.get<ExpenseCategory>('expenseCategory', 'EC1')).toMatchObject({
      description: 'Fuel and oil',
      balanceLedgerId: 'overhead:motor',
    });
    await f.run('expense-categories.delete', { _id: 'EC1' });
    expect(await f.store.get('expenseCategory', 'EC1')).toBeUndefined();
  });

  it.each([
    ['expense-categories.create', { description: '  ' }, 'expense-category.name-required', expect.anything()],
    ['expense-categories.create', { description: 'FUEL' }, 'expense-category.duplicate', { name: 'FUEL' }],
    [
      'expense-categories.update',
      { _id: 'EC2', changes: { description: 'fuel ' } },
      'expense-category.duplicate',
      { name: 'fuel' },
    ],
    ['expense-categories.delete', { _id: 'nope' }, 'expense-category.not-found', { id: 'nope' }],
  ])('%s %j: %s', async (name, input, code, params) => {
    const f = await scheduleFixture();
    await f.run('expense-categories.create', { _id: 'EC1', description: 'Fuel' });
    await f.run('expense-categories.create', { _id: 'EC2', description: 'Insurance' });
    const before = f.writes();
    const e = await rejection(f.run(name, input));
    expect([e.code, e.params]).toEqual([code, params]);
    expect(f.writes()).toBe(before);
  });
});
