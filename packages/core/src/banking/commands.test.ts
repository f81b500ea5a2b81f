import { describe, expect, it } from 'vitest';
import { postAll } from '../balance/postings.ts';
import { rejection, testActor } from '../testing.ts';
import { scheduleFixture } from '../visits/fixture.ts';
import { matcher } from './match.ts';
import type { BankConnection, BankLine, IncomingLine } from './schema.ts';

async function books(level: 'Advanced' | 'Ultimate' = 'Ultimate') {
  const f = await scheduleFixture(testActor({ level }));
  await f.store.put('balanceSettings', {
    _id: 'balance',
    yearStartMonth: 4,
    vatRegistered: false,
    setupComplete: true,
  });
  await f.run('suppliers.create', { _id: 'SU1', name: 'Screwfix' });
  await f.store.put('paymentAccount', { _id: 'PA1', name: 'Business current', subType: 'bank' });
  return f;
}

const lines = (...l: Partial<IncomingLine>[]) =>
  l.map((x) => ({
    status: 'booked',
    date: '2026-11-10',
    amount: -10,
    payee: 'Shell',
    description: '',
    ...x,
  }));

async function heldLines(f: Awaited<ReturnType<typeof books>>) {
  return (await f.store.listBy<BankLine>('bankLine', 'PA1')).sort((a, b) => a.date.localeCompare(b.date));
}

describe('banking commands', () => {
  it('imports each line once, pending then booked then a file, and says what it did', async () => {
    const f = await books();
    const imp = (l: unknown[], source = 'bank') =>
      f.run('banking.import', { paymentAccountId: 'PA1', source, lines: l });
    expect(await imp(lines({ status: 'pending', providerId: 'p1' }))).toEqual({
      added: 1,
      replaced: 0,
      skipped: 0,
    });
    expect(await imp(lines({ providerId: 'b1', date: '2026-11-11' }))).toEqual({
      added: 0,
      replaced: 1,
      skipped: 0,
    });
    expect(await imp(lines({ payee: 'SHELL 0042', date: '2026-11-11' }), 'csv')).toEqual({
      added: 0,
      replaced: 0,
      skipped: 1,
    });
    expect(await heldLines(f)).toMatchObject([{ status: 'booked', date: '2026-11-11' }]);
  });

  it('reconciles a payout against the three card payments in it, which then sit in that account', async () => {
    const f = await books();
    for (const [id, amount, date] of [
      ['T1', 20, '2026-11-03'],
      ['T2', 15.5, '2026-11-04'],
      ['T3', 30, '2026-11-05'],
    ] as const) {
      await f.run('payments.record', { _id: id, customerId: 'C1', amount, method: 'card', date });
    }
    await f.run('banking.import', {
      paymentAccountId: 'PA1',
      source: 'csv',
      lines: lines({ amount: 65.5, payee: 'STRIPE PAYOUT', date: '2026-11-06' }),
    });
    const [line] = await heldLines(f);
    const m = matcher({
      transactions: await f.store.list('transaction'),
      expenses: [],
      suppliers: [],
      lines: [line as BankLine],
    });
    const suggestion = m.suggest(line as BankLine);
    expect(suggestion).toEqual({ kind: 'payments', ids: ['T1', 'T2', 'T3'], provider: 'card' });
    await f.run('banking.reconcile', {
      _id: line?._id,
      match: { kind: 'payments', ids: ['T1', 'T2', 'T3'] },
    });
    const moved = await f.store.list<{ paymentAccountId?: string }>('transaction');
    expect(moved.map((t) => t.paymentAccountId)).toEqual(['PA1', 'PA1', 'PA1']);
    // One payment is one line's only.
    await f.run('banking.import', {
      paymentAccountId: 'PA1',
      source: 'csv',
      lines: lines({ amount: 20, payee: 'X', date: '2026-11-03' }),
    });
    const other = (await heldLines(f)).find((l) => !l.match);
    const e = await rejection(
      f.run('banking.reconcile', { _id: other?._id, match: { kind: 'payments', ids: ['T1'] } }),
    );
    expect(e.code).toBe('banking.record-reconciled');
  });

  it('refuses a match whose amounts differ, changing nothing', async () => {
    const f = await books();
    await f.run('payments.record', {
      _id: 'T1',
      customerId: 'C1',
      amount: 20,
      method: 'card',
      date: '2026-11-03',
    });
    await f.run('banking.import', { paymentAccountId: 'PA1', source: 'csv', lines: lines({ amount: 25 }) });
    const [line] = await heldLines(f);
    const before = f.writes();
    const e = await rejection(
      f.run('banking.reconcile', { _id: line?._id, match: { kind: 'payments', ids: ['T1'] } }),
    );
    expect(e.code).toBe('banking.match-amount-differs');
    expect(f.writes()).toBe(before);
  });

  it('an unmatched payment out becomes an expense of the account in one step, posted, and its payee is learned', async () => {
    const f = await books();
    await f.run('banking.import', {
      paymentAccountId: 'PA1',
      source: 'csv',
      lines: lines(
        { amount: -42, payee: 'SCREWFIX 881 LEEDS' },
        { amount: -18, payee: 'Screwfix Leeds', date: '2026-11-20' },
      ),
    });
    const [first, second] = await heldLines(f);
    await f.run('banking.to-expense', { _id: first?._id, supplierId: 'SU1' });
    const expense = await f.store.get<{ amount: number; paymentAccountId: string }>(
      'expense',
      `${first?._id}-exp`,
    );
    expect(expense).toMatchObject({ amount: 42, paymentAccountId: 'PA1' });
    const postings = postAll(
      { transactions: [], expenses: [expense as never], journals: [], categories: [] },
      { vatRegistered: false, salesVatRate: 20 },
    );
    expect(postings.flatMap((p) => p.lines)).toContainEqual({ ledgerId: 'fund:PA1', pence: -4200 });
    const m = matcher({
      transactions: [],
      expenses: await f.store.list('expense'),
      suppliers: [],
      lines: await heldLines(f),
    });
    expect(m.suggest(second as BankLine)).toEqual({ kind: 'supplier', supplierId: 'SU1' });
  });

  it('any line becomes a journal entry against a chosen ledger', async () => {
    const f = await books();
    await f.run('banking.import', {
      paymentAccountId: 'PA1',
      source: 'csv',
      lines: lines({ amount: 500, payee: 'Owner capital' }),
    });
    const [line] = await heldLines(f);
    await f.run('banking.to-journal', { _id: line?._id, ledgerId: 'equity:capital' });
    const journal = await f.store.get<{ lines: unknown[] }>('journalEntry', `${line?._id}-jnl`);
    expect(journal?.lines).toEqual([
      { ledgerId: 'fund:PA1', amount: 500 },
      { ledgerId: 'equity:capital', amount: -500 },
    ]);
    expect((await heldLines(f))[0]?.match).toEqual({ kind: 'journal', ids: [`${line?._id}-jnl`] });
  });

  it('a second bank needs Ultimate; reconnecting the same bank renews its 90 days', async () => {
    const f = await books('Advanced');
    const bank = (institutionId: string) => ({
      provider: 'local',
      providerConnectionId: `c-${institutionId}`,
      institutionId,
      institutionName: institutionId,
      accounts: [{ providerAccountId: 'acc1', name: 'Current' }],
    });
    await f.run('banking.connect', bank('monzo'));
    await f.run('banking.connect', bank('monzo'));
    const [c] = await f.store.list<BankConnection>('bankConnection');
    expect(c).toMatchObject({ status: 'active', consentExpiresAt: '2027-02-19' });
    expect((await f.store.list('paymentAccount')).length).toBe(2);
    const e = await rejection(f.run('banking.connect', bank('barclays')));
    expect(e.code).toBe('connected-services.further-bank-ultimate');
  });

  it("is the Owner's and Admin's, at Advanced", async () => {
    const f = await books();
    const worker = f.ctxOf(testActor({ roles: ['Worker'] }));
    const e = await rejection(
      f.run('banking.import', { paymentAccountId: 'PA1', source: 'csv', lines: [] }, worker),
    );
    expect(e.code).toBe('access.role-required');
    const core = f.ctxOf(testActor({ level: 'Core' }));
    expect(
      (await rejection(f.run('banking.import', { paymentAccountId: 'PA1', source: 'csv', lines: [] }, core)))
        .code,
    ).toBe('access.level-required');
  });
});
