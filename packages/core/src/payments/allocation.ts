import { fromPence, isStanding, toPence } from './ledger.ts';
import type { LedgerEntry } from './schema.ts';

/**
 * Which invoices a customer's payments have paid ("allocated to invoices oldest
 * first unless the user chooses"). A payment that names invoices (`paymentDetails.invoiceIds`)
 * pays those first, oldest first; whatever it has left, and every credit that names none
 * (a payment recorded without a choice, a credit transfer), less what was refunded, pays the
 * oldest invoices still open. Cancelled invoices and payments take no part.
 */

export interface OpenInvoice {
  invoiceId: string;
  date: string;
  /** The invoice's amount. */
  amount: number;
  /** What is still to pay on it. */
  outstanding: number;
}

const oldestFirst = (a: LedgerEntry, b: LedgerEntry) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0;

/** Every standing invoice of one customer with what is still to pay on it, oldest first. */
export function invoicesWithOutstanding(transactions: readonly LedgerEntry[]): OpenInvoice[] {
  const invoices = transactions
    .filter((t) => t.transactionType === 'Invoice' && isStanding(t))
    .sort(oldestFirst);
  const left = new Map(invoices.map((i) => [i._id, toPence(i.amount)]));
  // A refund takes back what its own payment paid (so the invoices it paid are owed again, as the
  // balance says); one whose payment is not here takes from the unnamed credit.
  const standingIds = new Set(transactions.filter(isStanding).map((t) => t._id));
  const refunded = new Map<string, number>();
  for (const t of transactions) {
    const paymentId = t.paymentDetails?.refundId;
    if (isStanding(t) && t.amount > 0 && paymentId && standingIds.has(paymentId)) {
      refunded.set(paymentId, (refunded.get(paymentId) ?? 0) + toPence(t.amount));
    }
  }
  let pool = 0;
  for (const t of [...transactions].sort(oldestFirst)) {
    if (t.transactionType === 'Invoice' || t.transactionType === 'Expense' || !isStanding(t)) continue;
    const paymentId = t.paymentDetails?.refundId;
    if (t.amount > 0 && paymentId && standingIds.has(paymentId)) continue;
    let credit = -toPence(t.amount) - (refunded.get(t._id) ?? 0);
    if (credit > 0) {
      const named = new Set(t.paymentDetails?.invoiceIds ?? []);
      for (const inv of invoices) {
        if (credit <= 0) break;
        if (!named.has(inv._id)) continue;
        const take = Math.min(credit, left.get(inv._id) ?? 0);
        left.set(inv._id, (left.get(inv._id) ?? 0) - take);
        credit -= take;
      }
    }
    // A refund (a debit) takes back from the unnamed credit.
    pool += credit;
  }
  for (const inv of invoices) {
    if (pool <= 0) break;
    const take = Math.min(pool, left.get(inv._id) ?? 0);
    left.set(inv._id, (left.get(inv._id) ?? 0) - take);
    pool -= take;
  }
  return invoices.map((i) => ({
    invoiceId: i._id,
    date: i.date,
    amount: i.amount,
    outstanding: fromPence(left.get(i._id) ?? 0),
  }));
}

export interface Allocation {
  /** The invoices the payment pays, in the order paid, with how much of it goes to each. */
  parts: { invoiceId: string; amount: number }[];
  /** What is left over: credit on the customer's account. */
  unallocated: number;
}

/**
 * How a new payment of `amount` (positive, the money received) is spread over the customer's open
 * invoices: the `chosen` ones only when the user chose (in the order they are oldest), otherwise
 * the oldest first.
 */
export function allocate(
  amount: number,
  open: readonly OpenInvoice[],
  chosen?: readonly string[],
): Allocation {
  const pick = chosen ? new Set(chosen) : undefined;
  let left = toPence(amount);
  const parts: Allocation['parts'] = [];
  for (const inv of open) {
    if (left <= 0) break;
    if (pick && !pick.has(inv.invoiceId)) continue;
    const take = Math.min(left, toPence(inv.outstanding));
    if (take <= 0) continue;
    parts.push({ invoiceId: inv.invoiceId, amount: fromPence(take) });
    left -= take;
  }
  return { parts, unallocated: fromPence(left) };
}
