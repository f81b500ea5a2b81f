import type { Expense } from '../expenses/schema.ts';
import type { Transaction } from '../payments/schema.ts';
import type { Supplier } from '../suppliers/schema.ts';
import { addDays, type BankLine, daysApart, toPence } from './schema.ts';

/** A payout lands a few days after the payments in it; a single payment or bill within this. */
export const PAYOUT_DAYS = 7;
export const SAME_DAYS = 3;

/** Payment methods whose money reaches the bank one by one (not a provider's payout). */
const DIRECT = new Set(['cash', 'cheque', 'bank-transfer']);

export type Suggestion =
  | { kind: 'payments'; ids: string[]; provider?: string }
  | { kind: 'invoice'; ids: [string]; customerId: string }
  | { kind: 'expense'; ids: [string] }
  | { kind: 'supplier'; supplierId: string; expenseCategoryId?: string };

/** What the books hold that a line may be: read once for a whole statement. */
export interface MatchSources {
  transactions: readonly Transaction[];
  expenses: readonly Expense[];
  suppliers: readonly Supplier[];
  /** Lines already reconciled: their records are taken, and their payees teach suppliers. */
  lines: readonly BankLine[];
}

/**
 * The matcher of a statement: an index of the books by amount, built once (10,000 lines are
 * matched in one pass, `bank.import_10k_ms`), asked per line for what it most likely is.
 */
export function matcher(s: MatchSources) {
  const taken = new Set<string>();
  for (const l of s.lines) for (const id of l.match?.ids ?? []) taken.add(id);
  const voided = new Set(s.transactions.filter((t) => t.voidedId).map((t) => t._id));
  const live = s.transactions.filter((t) => !voided.has(t._id) && !taken.has(t._id));

  // Money in by pence: one payment, or an open invoice paid by transfer.
  const paymentsByPence = group(
    live.filter((t) => t.transactionType !== 'Invoice' && t.amount < 0),
    (t) => -toPence(t.amount),
  );
  const invoicesByPence = group(
    live.filter((t) => t.transactionType === 'Invoice' && t.customerId),
    (t) => toPence(t.amount),
  );
  // A provider's payments by day, for a payout: the run of days before it whose payments add up.
  const providerPayments = live
    .filter(
      (t) =>
        t.transactionType !== 'Invoice' &&
        t.amount < 0 &&
        t.status !== 'pending' &&
        !DIRECT.has(t.transactionSubType ?? 'cash'),
    )
    .sort((a, b) => a.date.localeCompare(b.date));
  const expensesByPence = group(
    s.expenses.filter((e) => !taken.has(e._id)),
    (e) => toPence(e.amount),
  );
  // Payees learned: a line confirmed as a supplier's expense names that supplier next time.
  const expenseById = new Map(s.expenses.map((e) => [e._id, e]));
  const learned = new Map<string, { supplierId: string; expenseCategoryId?: string }>();
  for (const l of s.lines) {
    if (l.match?.kind !== 'expense' || !l.payeeKey) continue;
    const e = expenseById.get(l.match.ids[0] ?? '');
    if (e?.supplierId)
      learned.set(l.payeeKey, { supplierId: e.supplierId, expenseCategoryId: e.expenseCategoryId });
  }
  const supplierByName = new Map(s.suppliers.map((sup) => [sup.name.trim().toLowerCase(), sup._id]));
  const used = new Set<string>();

  const near = <T extends { _id: string; date: string }>(list: readonly T[] | undefined, date: string) =>
    list?.find((t) => !used.has(t._id) && daysApart(t.date, date) <= SAME_DAYS);

  return {
    /**
     * The best suggestion for a line, or undefined. Each record is suggested for one line only, so
     * a statement never offers one payment twice.
     */
    suggest(line: BankLine): Suggestion | undefined {
      if (line.match) return undefined;
      const pence = toPence(line.amount);
      if (pence > 0) {
        const payment = near(paymentsByPence.get(pence), line.date);
        if (payment) {
          used.add(payment._id);
          return { kind: 'payments', ids: [payment._id] };
        }
        const payout = payoutOf(providerPayments, line.date, pence, used);
        if (payout) {
          for (const t of payout) used.add(t._id);
          return { kind: 'payments', ids: payout.map((t) => t._id), provider: payout[0]?.transactionSubType };
        }
        const invoice = invoicesByPence.get(pence)?.find((t) => !used.has(t._id));
        if (invoice?.customerId) {
          used.add(invoice._id);
          return { kind: 'invoice', ids: [invoice._id], customerId: invoice.customerId };
        }
        return undefined;
      }
      const expense = near(expensesByPence.get(-pence), line.date);
      if (expense) {
        used.add(expense._id);
        return { kind: 'expense', ids: [expense._id] };
      }
      const known = learned.get(line.payeeKey);
      if (known) return { kind: 'supplier', ...known };
      const byName = supplierByName.get(line.payeeKey);
      return byName ? { kind: 'supplier', supplierId: byName } : undefined;
    },
  };
}

/**
 * The provider payments a payout is: a run of consecutive payments (by date) of one provider, in
 * the `PAYOUT_DAYS` up to the payout's day, adding up to it to the penny. Payments are all more
 * than 0, so a sliding window finds a run in one pass.
 */
export function payoutOf(
  payments: readonly Transaction[],
  date: string,
  pence: number,
  used: ReadonlySet<string> = new Set(),
): Transaction[] | undefined {
  const from = addDays(date, -PAYOUT_DAYS);
  const byProvider = new Map<string, Transaction[]>();
  for (const t of payments) {
    if (t.date < from || t.date > date || used.has(t._id)) continue;
    const key = t.transactionSubType ?? '';
    const list = byProvider.get(key);
    if (list) list.push(t);
    else byProvider.set(key, [t]);
  }
  for (const run of byProvider.values()) {
    let start = 0;
    let sum = 0;
    for (let end = 0; end < run.length; end++) {
      sum += -toPence(run[end]?.amount ?? 0);
      while (sum > pence && start <= end) sum -= -toPence(run[start++]?.amount ?? 0);
      if (sum === pence && end - start >= 1) return run.slice(start, end + 1);
    }
  }
  return undefined;
}

function group<T>(list: readonly T[], key: (t: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const t of list) {
    const k = key(t);
    const l = map.get(k);
    if (l) l.push(t);
    else map.set(k, [t]);
  }
  return map;
}
