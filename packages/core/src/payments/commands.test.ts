import { describe, expect, it } from 'vitest';
import { rejection, testActor } from '../testing.ts';
import { scheduleFixture } from '../visits/fixture.ts';
import { customerBalance } from './ledger.ts';
import type { Transaction } from './schema.ts';

/** A customer (C1) with three invoices of 20: October, November, December. */
async function books() {
  const f = await scheduleFixture();
  for (const [id, date] of [
    ['I1', '2026-10-05'],
    ['I2', '2026-11-02'],
    ['I3', '2026-12-07'],
  ] as const) {
    await f.store.put<Transaction>('transaction', {
      _id: id,
      customerId: 'C1',
      amount: 20,
      currency: 'GBP',
      description: 'Window cleaning',
      date,
      createdDate: '2026-10-01T00:00:00.000Z',
      transactionType: 'Invoice',
      status: 'complete',
    });
  }
  const all = () => f.store.listBy<Transaction>('transaction', 'C1');
  const get = (id: string) => f.store.get<Transaction>('transaction', id);
  const record = (over: Record<string, unknown> = {}) =>
    f.run('payments.record', {
      customerId: 'C1',
      amount: 30,
      method: 'cash',
      date: '2026-11-21',
      ...over,
    }) as Promise<Transaction>;
  return { ...f, all, get, record };
}

describe('payments.record', () => {
  it('records a credit that pays the oldest invoices first, part paying the next', async () => {
    const b = await books();
    const p = await b.record({ _id: 'P1' });
    expect(p).toMatchObject({
      _id: 'P1',
      amount: -30,
      transactionType: 'Payment',
      transactionSubType: 'cash',
      description: 'Cash',
      status: 'complete',
      paymentDetails: { invoiceIds: ['I1', 'I2'] },
    });
    expect(p.paymentDetails?.paymentHistory?.[0]).toMatchObject({ action: 'created' });
    expect(customerBalance(await b.all())).toBe(30);
  });

  it('pays the invoices the user chose', async () => {
    const b = await books();
    const p = await b.record({ amount: 20, method: 'cheque', invoiceIds: ['I3'] });
    expect(p.paymentDetails?.invoiceIds).toEqual(['I3']);
  });

  it("is in the business's currency", async () => {
    const b = await books();
    const euro = b.ctxOf(testActor({ settings: { currency: 'EUR' } }));
    const p = (await b.run(
      'payments.record',
      { customerId: 'C1', amount: 5, method: 'cash', date: '2026-11-21' },
      euro,
    )) as Transaction;
    expect(p.currency).toBe('EUR');
  });

  it('is one payment however often it is sent (the device made its id)', async () => {
    const b = await books();
    await b.record({ _id: 'P1' });
    const writes = b.writes();
    await b.record({ _id: 'P1' });
    expect(b.writes()).toBe(writes);
    expect((await b.all()).filter((t) => t.transactionType === 'Payment')).toHaveLength(1);
  });

  it.each([
    [{ amount: 0 }, 'payments.amount-positive'],
    [{ amount: -5 }, 'payments.amount-positive'],
    [{ amount: 10.005 }, 'payments.amount-whole-pence'],
    [{ amount: 2_000_000 }, 'payments.amount-too-large'],
    [{ customerId: 'nobody' }, 'customers.not-found'],
    [{ invoiceIds: ['elsewhere'] }, 'payments.invoice-not-found'],
  ])('refuses %j with %s and writes nothing', async (over, code) => {
    const b = await books();
    const before = b.writes();
    expect((await rejection(b.record(over))).code).toBe(code);
    expect(b.writes()).toBe(before);
  });

  it('is for the roles that handle money on the round, not a Canvasser', async () => {
    const b = await books();
    const worker = b.ctxOf(testActor({ roles: ['Worker'] }));
    await b.run(
      'payments.record',
      { customerId: 'C1', amount: 5, method: 'cash', date: '2026-11-21' },
      worker,
    );
    const canvasser = b.ctxOf(testActor({ roles: ['Canvasser'] }));
    const e = await rejection(
      b.run(
        'payments.record',
        { customerId: 'C1', amount: 5, method: 'cash', date: '2026-11-21' },
        canvasser,
      ),
    );
    expect(e.code).toBe('access.role-required');
  });
});

describe('payments.cancel', () => {
  it('voids a payment with a reversal that names it, so the customer owes again', async () => {
    const b = await books();
    await b.record({ _id: 'P1' });
    expect(await b.run('payments.cancel', { _id: 'P1', reason: 'Wrong customer' })).toEqual({
      cancelled: 'P1',
      reversalId: 'P1-void',
    });
    expect(await b.get('P1')).toMatchObject({ voidedId: 'P1-void' });
    expect(await b.get('P1-void')).toMatchObject({
      voidedId: 'P1',
      amount: 30,
      description: 'Cancelled: Cash',
    });
    expect((await b.get('P1'))?.paymentDetails?.paymentHistory?.at(-1)).toMatchObject({
      action: 'cancelled',
      details: { description: 'Wrong customer' },
    });
    expect(customerBalance(await b.all())).toBe(60);
    // Cancelled twice (a second device): nothing more happens.
    const writes = b.writes();
    await b.run('payments.cancel', { _id: 'P1' });
    expect(b.writes()).toBe(writes);
  });

  it('is refused for a payment not found (payments.no-payment-found) or refunded (payments.payment-already-refunded)', async () => {
    const b = await books();
    await b.record({ _id: 'P1' });
    await b.run('payments.refund', { paymentId: 'P1', _id: 'F1', date: '2026-11-22' });
    const before = b.writes();
    expect((await rejection(b.run('payments.cancel', { _id: 'nope' }))).code).toBe(
      'payments.no-payment-found',
    );
    expect((await rejection(b.run('payments.cancel', { _id: 'I1' }))).code).toBe('payments.no-payment-found');
    expect((await rejection(b.run('payments.cancel', { _id: 'P1' }))).code).toBe(
      'payments.payment-already-refunded',
    );
    expect(b.writes()).toBe(before);
  });

  it('cancelling the refund frees the payment to be cancelled', async () => {
    const b = await books();
    await b.record({ _id: 'P1' });
    await b.run('payments.refund', { paymentId: 'P1', _id: 'F1', date: '2026-11-22' });
    await b.run('payments.cancel', { _id: 'F1' });
    expect((await b.get('P1'))?.paymentDetails?.refundId).toBeUndefined();
    await b.run('payments.cancel', { _id: 'P1' });
    expect(customerBalance(await b.all())).toBe(60);
  });

  it('is for Owner and Admin', async () => {
    const b = await books();
    await b.record({ _id: 'P1' });
    const worker = b.ctxOf(testActor({ roles: ['Worker'] }));
    expect((await rejection(b.run('payments.cancel', { _id: 'P1' }, worker))).code).toBe(
      'access.role-required',
    );
  });
});

describe('payments.refund', () => {
  it('records a refund against the payment, once, up to what was paid', async () => {
    const b = await books();
    await b.record({ _id: 'P1' });
    const refund = (await b.run('payments.refund', {
      paymentId: 'P1',
      _id: 'F1',
      amount: 10,
      date: '2026-11-22',
      reason: 'Missed a window',
    })) as Transaction;
    expect(refund).toMatchObject({
      amount: 10,
      transactionType: 'Payment',
      description: 'Refund: Missed a window',
      paymentDetails: { refundId: 'P1' },
    });
    expect((await b.get('P1'))?.paymentDetails).toMatchObject({ refundId: 'F1' });
    expect(customerBalance(await b.all())).toBe(40);
    const again = await rejection(b.run('payments.refund', { paymentId: 'P1', date: '2026-11-22' }));
    expect(again.code).toBe('payments.payment-already-refunded');
  });

  it.each([
    [{ paymentId: 'nope' }, 'payments.no-payment-found'],
    [{ paymentId: 'I1' }, 'payments.no-payment-found'],
    [{ paymentId: 'P1', amount: 30.01 }, 'payments.refund-more-than-paid'],
  ])('refuses %j with %s', async (over, code) => {
    const b = await books();
    await b.record({ _id: 'P1' });
    const before = b.writes();
    expect((await rejection(b.run('payments.refund', { date: '2026-11-22', ...over }))).code).toBe(code);
    expect(b.writes()).toBe(before);
  });

  it('refuses a cancelled payment and a provider payment', async () => {
    const b = await books();
    await b.record({ _id: 'P1' });
    await b.run('payments.cancel', { _id: 'P1' });
    expect((await rejection(b.run('payments.refund', { paymentId: 'P1', date: '2026-11-22' }))).code).toBe(
      'payments.payment-cancelled',
    );
    await b.store.put<Transaction>('transaction', {
      _id: 'DD1',
      customerId: 'C1',
      amount: -20,
      currency: 'GBP',
      description: 'Direct Debit',
      date: '2026-11-10',
      createdDate: '2026-11-10T00:00:00.000Z',
      transactionType: 'AutomaticPayment',
      transactionSubType: 'gocardless',
      status: 'complete',
    });
    expect((await rejection(b.run('payments.refund', { paymentId: 'DD1', date: '2026-11-22' }))).code).toBe(
      'payments.refund-through-provider',
    );
  });
});
