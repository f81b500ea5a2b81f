import { describe, expect, it } from 'vitest';
import type { PaymentRow } from './day-groups.ts';
import { paymentDayGroups } from './day-groups.ts';

const pay = (id: string, amount: number, date: string, over: Partial<PaymentRow> = {}): PaymentRow => ({
  _id: id,
  customerId: 'c1',
  amount: -amount,
  date,
  createdDate: `${date}T09:00:00.000Z`,
  transactionType: 'Payment',
  transactionSubType: 'cash',
  status: 'complete',
  description: 'Cash',
  ...over,
});

const books: PaymentRow[] = [
  pay('p1', 20, '2026-11-02', { paymentAccountId: 'bank' }),
  pay('p2', 15, '2026-11-02', { customerId: 'c2', transactionSubType: 'cheque', description: 'Cheque 104' }),
  pay('p3', 30, '2026-11-05', { paymentAccountId: 'bank', voidedId: 'p3-void' }),
  pay('p3-void', -30, '2026-11-06', {
    paymentAccountId: 'bank',
    voidedId: 'p3',
    description: 'Cancelled: Cash',
  }),
  pay('r1', -5, '2026-11-06', {
    customerId: 'c2',
    paymentDetails: { refundId: 'p2' },
    description: 'Refund: Cheque 104',
  }),
  pay('a1', 40, '2026-11-07', {
    transactionType: 'AutomaticPayment',
    transactionSubType: 'gocardless',
    status: 'pending',
  }),
  {
    _id: 'i1',
    customerId: 'c1',
    amount: 20,
    date: '2026-11-01',
    transactionType: 'Invoice',
    status: 'complete',
  },
];

describe('the payments list in day groups (spec 000 section 2.7)', () => {
  it('groups payments by day, newest day first, with the day total and the balance at its end', () => {
    const groups = paymentDayGroups(books, { openingBalance: 100 });
    expect(groups.map((g) => [g.date, g.items.map((t) => t._id), g.total, g.balance])).toEqual([
      ['2026-11-07', ['a1'], 40, 170],
      // The reversal of a cancelled payment and a refund are money out.
      ['2026-11-06', ['r1', 'p3-void'], -35, 130],
      ['2026-11-05', ['p3'], 30, 165],
      ['2026-11-02', ['p2', 'p1'], 35, 135],
    ]);
  });

  it('hides cancelled payments and their reversals without changing the balances', () => {
    const groups = paymentDayGroups(books, { hideCancelled: true });
    expect(groups.map((g) => [g.date, g.items.map((t) => t._id), g.balance])).toEqual([
      ['2026-11-07', ['a1'], 70],
      ['2026-11-06', ['r1'], 30],
      ['2026-11-02', ['p2', 'p1'], 35],
    ]);
  });

  it("shows one payment account's payments, its balance counting only them", () => {
    const groups = paymentDayGroups(books, { paymentAccountId: 'bank', openingBalance: 10 });
    expect(groups.map((g) => [g.date, g.items.map((t) => t._id), g.total, g.balance])).toEqual([
      ['2026-11-06', ['p3-void'], -30, 30],
      ['2026-11-05', ['p3'], 30, 60],
      ['2026-11-02', ['p1'], 20, 30],
    ]);
  });

  it('filters by method and status, and searches name, description and amount; balances stay whole', () => {
    const name = (id: string) => ({ c1: 'Ann Smith', c2: 'Bob Jones' })[id];
    expect(paymentDayGroups(books, { method: 'cheque' }).flatMap((g) => g.items.map((t) => t._id))).toEqual([
      'p2',
    ]);
    expect(paymentDayGroups(books, { status: 'pending' }).flatMap((g) => g.items.map((t) => t._id))).toEqual([
      'a1',
    ]);
    const bob = paymentDayGroups(books, { text: 'bob 104', customerName: name });
    expect(bob.map((g) => [g.date, g.items.map((t) => t._id), g.balance])).toEqual([
      ['2026-11-06', ['r1'], 30],
      ['2026-11-02', ['p2'], 35],
    ]);
    expect(paymentDayGroups(books, { text: '40.00' }).flatMap((g) => g.items.map((t) => t._id))).toEqual([
      'a1',
    ]);
    expect(paymentDayGroups(books, { text: 'nobody', customerName: name })).toEqual([]);
  });
});
