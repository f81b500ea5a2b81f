import type { LedgerEntry } from './schema.ts';

/**
 * The ledger's sums, pure so the screens, the seed and the benchmarks share
 * them. Amounts are summed in pence (integers), so 0.1 + 0.2 is 0.30 and a balance of zero is
 * zero. Rules: an invoice is a debit (positive), a payment a credit (negative), a refund a debit
 * again; a cancelled transaction and its reversal name each other in `voidedId` and net to zero,
 * so a balance is the plain sum, and "standing" (counted in totals) means not cancelled.
 */

export const toPence = (amount: number) => Math.round(amount * 100);
export const fromPence = (pence: number) => pence / 100;

/** Not cancelled, and not the reversal of a cancelled one. */
export const isStanding = (t: Pick<LedgerEntry, 'voidedId'>) => !t.voidedId;

export const isPayment = (t: Pick<LedgerEntry, 'transactionType'>) =>
  t.transactionType === 'Payment' || t.transactionType === 'AutomaticPayment';

/** A refund: a payment-type debit recorded against a payment (`paymentDetails.refundId`). */
export const isRefund = (t: LedgerEntry) => isPayment(t) && t.amount > 0 && !!t.paymentDetails?.refundId;

/** Counted in a customer's balance: everything on their account but expenses (the business's own). */
const onCustomerAccount = (t: LedgerEntry) => t.transactionType !== 'Expense';

/** What one customer owes (positive) or holds in credit (negative), from their transactions. */
export function customerBalance(transactions: readonly LedgerEntry[]): number {
  let pence = 0;
  for (const t of transactions) if (onCustomerAccount(t)) pence += toPence(t.amount);
  return fromPence(pence);
}

/** Every customer's balance in one pass over the account's transactions (the `owing` screen). */
export function balancesByCustomer(transactions: readonly LedgerEntry[]): Map<string, number> {
  const pence = new Map<string, number>();
  for (const t of transactions) {
    if (!t.customerId || !onCustomerAccount(t)) continue;
    pence.set(t.customerId, (pence.get(t.customerId) ?? 0) + toPence(t.amount));
  }
  const balances = new Map<string, number>();
  for (const [id, p] of pence) balances.set(id, fromPence(p));
  return balances;
}

export interface AccountTotals {
  /** Standing invoices. */
  invoiced: number;
  /** Standing payments that completed (a positive figure). */
  received: number;
  /** Standing payments still pending with a provider (a positive figure). */
  pending: number;
  /** Standing refunds paid back (a positive figure). */
  refunded: number;
  /** Standing expenses (a positive figure). */
  expenses: number;
  /** What customers owe: the sum of the positive balances. */
  owing: number;
  /** What customers hold in credit: the sum of the negative balances, as a positive figure. */
  credit: number;
  /** Customers whose balance is above zero. */
  customersOwing: number;
}

/** An account's totals over its transactions (all of them, or a period's). */
export function accountTotals(transactions: readonly LedgerEntry[]): AccountTotals {
  let invoiced = 0;
  let received = 0;
  let pending = 0;
  let refunded = 0;
  let expenses = 0;
  for (const t of transactions) {
    if (!isStanding(t)) continue;
    const p = toPence(t.amount);
    if (t.transactionType === 'Invoice') invoiced += p;
    else if (t.transactionType === 'Expense') expenses += Math.abs(p);
    else if (isRefund(t)) refunded += p;
    else if (isPayment(t) && p < 0) {
      if (t.status === 'pending') pending -= p;
      else received -= p;
    }
  }
  let owing = 0;
  let credit = 0;
  let customersOwing = 0;
  for (const balance of balancesByCustomer(transactions).values()) {
    const p = toPence(balance);
    if (p > 0) {
      owing += p;
      customersOwing++;
    } else credit -= p;
  }
  return {
    invoiced: fromPence(invoiced),
    received: fromPence(received),
    pending: fromPence(pending),
    refunded: fromPence(refunded),
    expenses: fromPence(expenses),
    owing: fromPence(owing),
    credit: fromPence(credit),
    customersOwing,
  };
}
