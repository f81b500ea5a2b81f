import { describe, expect, it } from 'vitest';
import { rejection, testActor } from '../testing.ts';
import { scheduleFixture } from '../visits/fixture.ts';
import { type Expense, totalsByCategory, vatInGross } from './schema.ts';

async function books() {
  const f = await scheduleFixture();
  await f.run('suppliers.create', { _id: 'SU1', name: 'Fuel Co' });
  await f.run('expense-categories.create', { _id: 'EC1', description: 'Fuel' });
  await f.store.put('paymentAccount', { _id: 'PA1', name: 'Business current', subType: 'bank' });
  return f;
}

const base = { date: '2026-11-20', supplierId: 'SU1', expenseCategoryId: 'EC1', paymentAccountId: 'PA1' };

describe('expenses', () => {
  it('works the VAT out of a rate to the penny, or keeps the amount given', async () => {
    const f = await books();
    const byRate = (await f.run('expenses.create', {
      ...base,
      _id: 'E1',
      amount: 61.99,
      vatRate: 20,
    })) as Expense;
    expect(byRate.vatAmount).toBe(10.33); // 6199 * 20 / 120 = 1033.17
    const byAmount = (await f.run('expenses.create', {
      ...base,
      _id: 'E2',
      amount: 12,
      vatAmount: 0.57,
    })) as Expense;
    expect(byAmount.vatAmount).toBe(0.57);
    const none = (await f.run('expenses.create', { ...base, _id: 'E3', amount: 5 })) as Expense;
    expect(none).toMatchObject({ vatAmount: 0, vatReclaimable: true, attachmentIds: [], notes: '' });
  });

  it('a second send of one expense (same id) records it once', async () => {
    const f = await books();
    await f.run('expenses.create', { ...base, _id: 'E1', amount: 10 });
    const before = f.writes();
    await f.run('expenses.create', { ...base, _id: 'E1', amount: 10 });
    expect(f.writes()).toBe(before);
  });

  it.each([
    [{ amount: 0 }, 'expenses.amount-positive'],
    [{ amount: 10.001 }, 'expenses.amount-whole-pence'],
    [{ amount: 10, vatAmount: 10.01 }, 'expenses.vat-more-than-amount'],
    [{ amount: 10, vatRate: 120 }, 'expenses.vat-rate-invalid'],
    [{ amount: 10, vatAmount: -1 }, 'expenses.vat-invalid'],
    [{ amount: 10, date: '2026-02-30' }, 'validation.date-invalid'],
    [{ amount: 10, supplierId: 'gone' }, 'supplier.not-found'],
    [{ amount: 10, expenseCategoryId: 'gone' }, 'expense-category.not-found'],
    [{ amount: 10, paymentAccountId: 'gone' }, 'payments.account-not-found'],
  ])('%j is refused with %s, writing nothing', async (over, code) => {
    const f = await books();
    const before = f.writes();
    expect((await rejection(f.run('expenses.create', { ...base, ...over }))).code).toBe(code);
    expect(f.writes()).toBe(before);
  });

  it('a new rate on edit works the VAT out again; Core level, Owner and Admin only', async () => {
    const f = await books();
    await f.run('expenses.create', { ...base, _id: 'E1', amount: 120, vatRate: 20 });
    await f.run('expenses.update', { _id: 'E1', changes: { vatRate: 5 } });
    expect((await f.store.get<Expense>('expense', 'E1'))?.vatAmount).toBe(5.71);
    // The receipt's own VAT figure replaces the rate.
    await f.run('expenses.update', { _id: 'E1', changes: { vatAmount: 3 } });
    const byAmount = await f.store.get<Expense>('expense', 'E1');
    expect([byAmount?.vatAmount, byAmount?.vatRate]).toEqual([3, undefined]);
    const planner = f.ctxOf(testActor({ roles: ['Planner'] }));
    expect((await rejection(f.run('expenses.create', { ...base, amount: 1 }, planner))).code).toBe(
      'access.role-required',
    );
  });

  it('totals a month by category in pence', () => {
    const t = totalsByCategory([
      { expenseCategoryId: 'EC1', amount: 0.1, vatAmount: 0 },
      { expenseCategoryId: 'EC1', amount: 0.2, vatAmount: 0.03 },
      { amount: 5, vatAmount: 0 },
    ]);
    expect(t.get('EC1')).toEqual({ gross: 30, vat: 3, count: 2 });
    expect(t.get('')).toEqual({ gross: 500, vat: 0, count: 1 });
    expect(vatInGross(600, 20)).toBe(100);
  });
});
