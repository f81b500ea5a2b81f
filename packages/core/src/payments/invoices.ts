import { invoicesWithOutstanding } from './allocation.ts';
import { isPayment, isStanding, toPence } from './ledger.ts';
import type { LedgerEntry } from './schema.ts';

/** An invoice as the invoices screen lists it: paid, part paid, unpaid or cancelled. */
export type InvoiceState = 'paid' | 'part-paid' | 'unpaid' | 'cancelled';

export interface InvoiceStanding {
  outstanding: number;
  state: InvoiceState;
}

/**
 * What is still to pay on every invoice of the account, read as `invoicesWithOutstanding` reads
 * one customer's (so the invoices screen and the customer's account agree), in one pass per
 * customer. A cancelled invoice owes nothing.
 */
export function invoiceStandings(transactions: readonly LedgerEntry[]): Map<string, InvoiceStanding> {
  const byCustomer = new Map<string, LedgerEntry[]>();
  const out = new Map<string, InvoiceStanding>();
  for (const t of transactions) {
    if (t.transactionType === 'Invoice' && !isStanding(t))
      out.set(t._id, { outstanding: 0, state: 'cancelled' });
    if (!t.customerId) continue;
    const list = byCustomer.get(t.customerId);
    if (list) list.push(t);
    else byCustomer.set(t.customerId, [t]);
  }
  for (const list of byCustomer.values()) {
    if (!list.some((t) => t.transactionType === 'Invoice')) continue;
    for (const inv of invoicesWithOutstanding(list)) {
      const state =
        toPence(inv.outstanding) <= 0
          ? 'paid'
          : toPence(inv.outstanding) < toPence(inv.amount)
            ? 'part-paid'
            : 'unpaid';
      out.set(inv.invoiceId, { outstanding: inv.outstanding, state });
    }
  }
  return out;
}

/** The payments (and refunds) that name an invoice, newest first: the invoice's detail lists them. */
export function paymentsOfInvoice<T extends LedgerEntry>(transactions: readonly T[], invoiceId: string): T[] {
  return transactions
    .filter(
      (t) => isPayment(t) && t.paymentDetails?.invoiceIds?.includes(invoiceId) && !t._id.endsWith('-void'),
    )
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}
