import { describe, expect, it } from 'vitest';
import { customerBalance } from './ledger.ts';
import { applyProviderUpdates, type ProviderUpdate, undoneReversalId } from './provider-update.ts';
import type { Transaction } from './schema.ts';

const NOW = new Date('2026-11-21T10:00:00Z');
const payment: Transaction = {
  _id: 'DD1',
  customerId: 'C1',
  amount: -20,
  currency: 'GBP',
  description: 'Direct Debit',
  date: '2026-11-10',
  createdDate: '2026-11-10T09:00:00.000Z',
  transactionType: 'AutomaticPayment',
  transactionSubType: 'simulated-direct-debit',
  status: 'pending',
  paymentDetails: { paymentProvider: 'simulated-direct-debit', invoiceIds: ['I1'], paymentHistory: [] },
};
const invoice: Transaction = {
  ...payment,
  _id: 'I1',
  amount: 20,
  transactionType: 'Invoice',
  status: 'complete',
};
const u = (version: number, status: ProviderUpdate['status'], id = `EV${version}`): ProviderUpdate => ({
  eventId: id,
  status,
  version,
  at: `2026-11-1${version}T10:00:00.000Z`,
});

describe('applyProviderUpdates', () => {
  it('follows the highest version, whatever order the events come in', () => {
    const r = applyProviderUpdates(payment, [u(4, 'paid_out'), u(2, 'submitted'), u(3, 'confirmed')], NOW);
    expect(r?.payment).toMatchObject({
      status: 'complete',
      paymentDetails: { providerStatus: 'paid_out', providerVersion: 4 },
    });
    expect(r?.payment.paymentDetails?.paymentHistory?.map((e) => e.action)).toEqual([
      'submitted',
      'confirmed',
      'paid_out',
    ]);
    expect(r?.reversal).toBeUndefined();
    // A late event of a lower version is history only.
    const late = applyProviderUpdates(r!.payment, [u(1, 'pending_submission')], NOW);
    expect(late?.payment.paymentDetails?.providerStatus).toBe('paid_out');
    expect(late?.payment.paymentDetails?.paymentHistory?.[0]?.action).toBe('pending_submission');
  });

  it('applies an event once: the same id, or the same version pulled, changes nothing', () => {
    const once = applyProviderUpdates(payment, [u(2, 'submitted')], NOW)!.payment;
    expect(applyProviderUpdates(once, [u(2, 'submitted')], NOW)).toBeUndefined();
    expect(applyProviderUpdates(once, [u(2, 'submitted', 'PM1@2')], NOW)).toBeUndefined();
  });

  it('undoes a payment that fails after payout once: the customer owes again', () => {
    const paid = applyProviderUpdates(payment, [u(4, 'paid_out')], NOW)!.payment;
    expect(customerBalance([invoice, paid])).toBe(0);
    const failed = applyProviderUpdates(paid, [u(5, 'failed')], NOW)!;
    expect(failed.payment.voidedId).toBe(undoneReversalId('DD1'));
    expect(failed.reversal).toMatchObject({ _id: undoneReversalId('DD1'), amount: 20, voidedId: 'DD1' });
    expect(customerBalance([invoice, failed.payment, failed.reversal!])).toBe(20);
    // A charge-back reported after the failure reverses nothing more.
    const again = applyProviderUpdates(failed.payment, [u(6, 'charged_back')], NOW)!;
    expect(again.reversal).toBeUndefined();
    expect(again.payment.paymentDetails?.providerStatus).toBe('charged_back');
  });
});
