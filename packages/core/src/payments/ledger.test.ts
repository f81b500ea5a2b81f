import { describe, expect, it } from 'vitest';
import { allocate, invoicesWithOutstanding } from './allocation.ts';
import { duplicatePayments } from './duplicates.ts';
import { invoiceStandings, paymentsOfInvoice } from './invoices.ts';
import { accountTotals, balancesByCustomer, customerBalance } from './ledger.ts';
import type { LedgerEntry } from './schema.ts';

const inv = (id: string, amount: number, date: string, customerId = 'c1'): LedgerEntry => ({
  _id: id,
  customerId,
  amount,
  date,
  transactionType: 'Invoice',
  status: 'complete',
});
const pay = (id: string, amount: number, date: string, over: Partial<LedgerEntry> = {}): LedgerEntry => ({
  _id: id,
  customerId: 'c1',
  amount: -amount,
  date,
  transactionType: 'Payment',
  transactionSubType: 'cash',
  status: 'complete',
  ...over,
});

describe('a customer balance', () => {
  it('sums invoices (debits) and payments (credits) in pence', () => {
    expect(customerBalance([inv('i1', 0.1, '2026-01-01'), inv('i2', 0.2, '2026-01-02')])).toBe(0.3);
    expect(customerBalance([inv('i1', 20, '2026-01-01'), pay('p1', 15, '2026-01-02')])).toBe(5);
    // Overpaid: credit, shown negative.
    expect(customerBalance([inv('i1', 20, '2026-01-01'), pay('p1', 25, '2026-01-02')])).toBe(-5);
  });

  it('nets a cancelled payment and its reversal to nothing', () => {
    const ts = [
      inv('i1', 20, '2026-01-01'),
      pay('p1', 20, '2026-01-02', { voidedId: 'r1' }),
      { ...pay('r1', -20, '2026-01-03'), voidedId: 'p1' },
    ];
    expect(customerBalance(ts)).toBe(20);
  });

  it('puts a refund back on what the customer owes, and leaves expenses out', () => {
    const ts = [
      inv('i1', 20, '2026-01-01'),
      pay('p1', 20, '2026-01-02', { paymentDetails: { refundId: 'f1' } }),
      pay('f1', -20, '2026-01-03', { paymentDetails: { refundId: 'p1' } }),
      { ...pay('e1', 50, '2026-01-03'), transactionType: 'Expense' as const },
    ];
    expect(customerBalance(ts)).toBe(20);
  });

  it('gives every customer their balance in one pass', () => {
    const ts = [
      inv('i1', 20, '2026-01-01'),
      inv('i2', 35.5, '2026-01-01', 'c2'),
      pay('p1', 20, '2026-01-02'),
    ];
    expect(Object.fromEntries(balancesByCustomer(ts))).toEqual({ c1: 0, c2: 35.5 });
  });
});

describe("an account's totals", () => {
  it('counts standing transactions only, and owing from the balances', () => {
    const ts = [
      inv('i1', 20, '2026-01-01'),
      inv('i2', 30, '2026-01-01', 'c2'),
      { ...inv('i3', 99, '2026-01-01', 'c2'), voidedId: 'i3-void' },
      { ...inv('i3-void', -99, '2026-01-02', 'c2'), voidedId: 'i3' },
      pay('p1', 25, '2026-01-02'),
      pay('p2', 10, '2026-01-02', {
        customerId: 'c2',
        transactionType: 'AutomaticPayment',
        status: 'pending',
      }),
      pay('p3', 5, '2026-01-02', { voidedId: 'r3' }),
      { ...pay('r3', -5, '2026-01-02'), voidedId: 'p3' },
      pay('f1', -2, '2026-01-03', { paymentDetails: { refundId: 'p1' } }),
      { _id: 'e1', amount: 12, date: '2026-01-04', transactionType: 'Expense' as const },
    ];
    expect(accountTotals(ts)).toEqual({
      invoiced: 50,
      received: 25,
      pending: 10,
      refunded: 2,
      expenses: 12,
      // c1: 20 - 25 + 2 = -3 (credit); c2: 30 - 10 = 20.
      owing: 20,
      credit: 3,
      customersOwing: 1,
    });
  });
});

describe('allocation to invoices (oldest first unless chosen)', () => {
  const invoices = [inv('old', 20, '2026-01-01'), inv('mid', 20, '2026-02-01'), inv('new', 20, '2026-03-01')];

  it('pays the oldest open invoices first, part paying the last', () => {
    const open = invoicesWithOutstanding(invoices);
    expect(allocate(30, open)).toEqual({
      parts: [
        { invoiceId: 'old', amount: 20 },
        { invoiceId: 'mid', amount: 10 },
      ],
      unallocated: 0,
    });
  });

  it('pays only the chosen invoices when the user chose, the rest is credit', () => {
    const open = invoicesWithOutstanding(invoices);
    expect(allocate(30, open, ['new'])).toEqual({
      parts: [{ invoiceId: 'new', amount: 20 }],
      unallocated: 10,
    });
  });

  it('reads what earlier payments paid: named invoices first, unnamed credit oldest first', () => {
    const ts = [
      ...invoices,
      pay('p1', 20, '2026-03-02', { paymentDetails: { invoiceIds: ['new'] } }),
      pay('p2', 5, '2026-03-03'),
    ];
    expect(invoicesWithOutstanding(ts).map((i) => [i.invoiceId, i.outstanding])).toEqual([
      ['old', 15],
      ['mid', 20],
      ['new', 0],
    ]);
    // A cancelled payment pays nothing.
    const voided = [
      ...invoices,
      pay('p1', 20, '2026-03-02', { voidedId: 'r1' }),
      { ...pay('r1', -20, '2026-03-02'), voidedId: 'p1' },
    ];
    expect(invoicesWithOutstanding(voided).map((i) => i.outstanding)).toEqual([20, 20, 20]);
  });

  it('owes again what a refund paid back, on the invoices its payment paid (as the balance says)', () => {
    const ts = [
      ...invoices,
      pay('p1', 20, '2026-03-02', { paymentDetails: { invoiceIds: ['new'], refundId: 'f1' } }),
      pay('f1', -5, '2026-03-03', { paymentDetails: { refundId: 'p1', invoiceIds: ['new'] } }),
      pay('p2', 25, '2026-03-04'),
    ];
    expect(invoicesWithOutstanding(ts).map((i) => [i.invoiceId, i.outstanding])).toEqual([
      ['old', 0],
      ['mid', 15],
      ['new', 5],
    ]);
    const owed = invoicesWithOutstanding(ts).reduce((s, i) => s + i.outstanding, 0);
    expect(owed).toBe(customerBalance(ts));
    // Once the refund is cancelled, the payment pays in full again.
    const undone = [
      ...ts.filter((t) => t._id !== 'f1'),
      pay('f1', -5, '2026-03-03', { paymentDetails: { refundId: 'p1' }, voidedId: 'f1-void' }),
      pay('f1-void', 5, '2026-03-05', { voidedId: 'f1' }),
    ];
    expect(invoicesWithOutstanding(undone).map((i) => i.outstanding)).toEqual([0, 15, 0]);
  });
});

describe('duplicate payments', () => {
  it('are standing payments of one customer, amount and method, at most a day apart', () => {
    const ts = [
      pay('a1', 20, '2026-01-01'),
      pay('a2', 20, '2026-01-02'), // the next day: a duplicate of a1
      pay('b1', 20, '2026-01-10'), // 8 days later: not
      pay('c1', 20, '2026-01-02', { transactionSubType: 'cheque' }), // another method: not
      pay('d1', 21, '2026-01-02'), // another amount: not
      pay('e1', 20, '2026-01-02', { customerId: 'c2' }), // another customer: not
      pay('f1', 15, '2026-02-01'),
      pay('f2', 15, '2026-02-01', { voidedId: 'fr' }), // cancelled: not
      pay('g1', -20, '2026-01-02', { paymentDetails: { refundId: 'a1' } }), // a refund: not
    ];
    expect(duplicatePayments(ts).map((t) => t._id)).toEqual(['a2', 'a1']);
  });
});

describe('invoice standings (the invoices screen)', () => {
  it('says which invoices are paid, part paid, unpaid or cancelled, as the customer account does', () => {
    const standings = invoiceStandings([
      inv('i1', 20, '2026-10-01'),
      inv('i2', 20, '2026-11-01'),
      inv('i3', 20, '2026-12-01'),
      { ...inv('i4', 20, '2026-12-02'), voidedId: 'i4-void' },
      { ...inv('i4-void', -20, '2026-12-03'), voidedId: 'i4', transactionType: 'Invoice' },
      pay('p1', 30, '2026-12-05'),
      inv('j1', 15, '2026-11-01', 'c2'),
    ]);
    expect(Object.fromEntries(standings)).toEqual({
      i1: { outstanding: 0, state: 'paid' },
      i2: { outstanding: 10, state: 'part-paid' },
      i3: { outstanding: 20, state: 'unpaid' },
      i4: { outstanding: 0, state: 'cancelled' },
      'i4-void': { outstanding: 0, state: 'cancelled' },
      j1: { outstanding: 15, state: 'unpaid' },
    });
  });

  it('lists the payments that name an invoice, without the reversals of cancelled ones', () => {
    const books = [
      inv('i1', 20, '2026-10-01'),
      pay('p1', 5, '2026-10-02', { paymentDetails: { invoiceIds: ['i1'] } }),
      pay('p2', 5, '2026-10-03', { paymentDetails: { invoiceIds: ['i1'] }, voidedId: 'p2-void' }),
      pay('p2-void', -5, '2026-10-04', { paymentDetails: { invoiceIds: ['i1'] }, voidedId: 'p2' }),
      pay('p3', 5, '2026-10-05'),
    ];
    expect(paymentsOfInvoice(books, 'i1').map((t) => t._id)).toEqual(['p2', 'p1']);
  });
});
