import { fromPence, isPayment, isStanding, toPence } from './ledger.ts';
import type { LedgerEntry } from './schema.ts';

/** How many days with payments the payments screen shows at first and adds on each 'Load more'. */
export const DAYS_PER_PAGE = 14;

/** What the payments list reads of a transaction. */
export type PaymentRow = LedgerEntry & { description?: string; paymentAccountId?: string };

export interface PaymentListQuery {
  /** One payment account's payments; all payments when absent. */
  paymentAccountId?: string;
  /** Leave cancelled payments and their reversals out (the pair nets to zero, balances unchanged). */
  hideCancelled?: boolean;
  /** Only this method or provider (`transactionSubType`). */
  method?: string;
  /** Only pending, or only completed, payments. */
  status?: 'pending' | 'complete';
  /** Words that must each appear in the customer's name, the description or the amount. */
  text?: string;
  /** The customer's name, for the search. */
  customerName?: (customerId: string) => string | undefined;
  /** The account's balance before its first payment (the screen's optional opening balance). */
  openingBalance?: number;
}

export interface DayGroup<T> {
  /** `YYYY-MM-DD` (the first 10 characters of the date, as spec 000 section 2.6 groups by). */
  date: string;
  /** Newest first. */
  items: T[];
  /** Money received that day, in pounds: payments less refunds (a cancelled pair adds nothing). */
  total: number;
  /** The account's balance at the end of the day: the opening balance and every payment to then. */
  balance: number;
}

const received = (t: LedgerEntry) => -toPence(t.amount);

/** The words of a search, lower case; none is no search. */
export const searchWords = (text: string | undefined) =>
  (text ?? '').toLowerCase().split(/\s+/).filter(Boolean);

/**
 * The payments screen's list (spec 000 section 2.7): the payment account's payments (or all),
 * filtered, in day groups, newest day first, each with the day's total and the balance at its end.
 * The balance counts every payment of the account whatever the filters, so a search never changes
 * what the account held on a day. Refunds and the reversals of cancelled payments are payments
 * here (money out); invoices, transfers and expenses are not.
 */
export function paymentDayGroups<T extends PaymentRow>(
  transactions: readonly T[],
  query: PaymentListQuery = {},
): DayGroup<T>[] {
  const inAccount = transactions.filter(
    (t) =>
      isPayment(t) && (query.paymentAccountId === undefined || t.paymentAccountId === query.paymentAccountId),
  );
  const words = searchWords(query.text);
  const shown = inAccount.filter(
    (t) =>
      (!query.hideCancelled || isStanding(t)) &&
      (query.method === undefined || t.transactionSubType === query.method) &&
      (query.status === undefined || (t.status ?? 'complete') === query.status) &&
      (words.length === 0 || matches(t, words, query.customerName)),
  );
  const byDay = new Map<string, T[]>();
  for (const t of shown) {
    const day = t.date.slice(0, 10);
    const list = byDay.get(day);
    if (list) list.push(t);
    else byDay.set(day, [t]);
  }
  // The balance at the end of each day: the account's payments summed in date order.
  const perDay = new Map<string, number>();
  for (const t of inAccount) {
    const day = t.date.slice(0, 10);
    perDay.set(day, (perDay.get(day) ?? 0) + received(t));
  }
  const balanceAt = new Map<string, number>();
  let running = toPence(query.openingBalance ?? 0);
  for (const day of [...perDay.keys()].sort()) {
    running += perDay.get(day) ?? 0;
    balanceAt.set(day, running);
  }
  const groups: DayGroup<T>[] = [];
  for (const [date, items] of byDay) {
    items.sort((a, b) => newestFirst(a, b));
    let total = 0;
    for (const t of items) total += received(t);
    groups.push({ date, items, total: fromPence(total), balance: fromPence(balanceAt.get(date) ?? 0) });
  }
  return groups.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

function newestFirst(a: PaymentRow, b: PaymentRow): number {
  const ka = a.createdDate ?? a.date;
  const kb = b.createdDate ?? b.date;
  return ka < kb ? 1 : ka > kb ? -1 : a._id < b._id ? 1 : -1;
}

function matches(t: PaymentRow, words: string[], customerName?: (id: string) => string | undefined): boolean {
  const pounds = Math.abs(t.amount).toFixed(2);
  const hay = [
    t.customerId ? (customerName?.(t.customerId) ?? '') : '',
    t.description ?? '',
    t.transactionSubType ?? '',
    pounds,
  ]
    .join(' ')
    .toLowerCase();
  return words.every((w) => hay.includes(w));
}
