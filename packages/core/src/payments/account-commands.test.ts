import { describe, expect, it } from 'vitest';
import { rejection, testActor } from '../testing.ts';
import { scheduleFixture } from '../visits/fixture.ts';
import type { PaymentAccount } from './account-schema.ts';

describe('payment accounts (spec 000 section 3: name, sub type)', () => {
  it('creates, edits and deletes an account', async () => {
    const f = await scheduleFixture();
    await f.run('payments.create-account', { _id: 'PA1', name: '  Barclays current ', subType: 'bank' });
    expect(await f.store.get<PaymentAccount>('paymentAccount', 'PA1')).toMatchObject({
      name: 'Barclays current',
      subType: 'bank',
    });
    await f.run('payments.update-account', { _id: 'PA1', changes: { name: 'Cash tin', subType: 'cash' } });
    await f.run('payments.update-account', { _id: 'PA1', changes: { openingBalance: 120.5 } });
    expect(await f.store.get<PaymentAccount>('paymentAccount', 'PA1')).toMatchObject({
      name: 'Cash tin',
      subType: 'cash',
      openingBalance: 120.5,
    });
    await f.run('payments.delete-account', { _id: 'PA1' });
    expect(await f.store.get('paymentAccount', 'PA1')).toBeUndefined();
  });

  it('is one account when the same create arrives twice (an offline replay)', async () => {
    const f = await scheduleFixture();
    await f.run('payments.create-account', { _id: 'PA1', name: 'Bank' });
    const writes = f.writes();
    await f.run('payments.create-account', { _id: 'PA1', name: 'Bank' });
    expect(f.writes()).toBe(writes);
    expect(await f.store.list('paymentAccount')).toHaveLength(1);
  });

  it('refuses a blank name, a name taken (any case) and an unknown sub type, writing nothing', async () => {
    const f = await scheduleFixture();
    await f.run('payments.create-account', { _id: 'PA1', name: 'Bank' });
    await f.run('payments.create-account', { _id: 'PA2', name: 'Cash' });
    const writes = f.writes();
    expect((await rejection(f.run('payments.create-account', { name: '   ' }))).code).toBe(
      'payments.account-name-required',
    );
    expect((await rejection(f.run('payments.create-account', { name: ' bank ' }))).code).toBe(
      'payments.account-name-taken',
    );
    expect(
      (await rejection(f.run('payments.update-account', { _id: 'PA2', changes: { name: 'BANK' } }))).code,
    ).toBe('payments.account-name-taken');
    expect((await rejection(f.run('payments.create-account', { name: 'Tin', subType: 'jar' }))).code).toBe(
      'general.validation-failed',
    );
    expect((await rejection(f.run('payments.delete-account', { _id: 'nope' }))).code).toBe(
      'payments.account-not-found',
    );
    expect(f.writes()).toBe(writes);
    // Renaming to its own name in another case is not a clash.
    await f.run('payments.update-account', { _id: 'PA1', changes: { name: 'BANK' } });
  });

  it('is for Owner and Admin only', async () => {
    const f = await scheduleFixture();
    const worker = f.ctxOf(testActor({ roles: ['Worker'] }));
    const creator = f.ctxOf(testActor({ roles: ['Creator'] }));
    expect((await rejection(f.run('payments.create-account', { name: 'Tin' }, worker))).code).toBe(
      'access.role-required',
    );
    expect((await rejection(f.run('payments.create-account', { name: 'Tin' }, creator))).code).toBe(
      'access.role-required',
    );
    await f.run('payments.create-account', { name: 'Tin' }, f.ctxOf(testActor({ roles: ['Admin'] })));
  });
});
