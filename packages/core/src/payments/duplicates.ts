import { isPayment, isStanding, toPence } from './ledger.ts';
import type { LedgerEntry } from './schema.ts';

/**
 * What counts as a duplicate payment (the spec has a duplicates list but no
 * rule): two payments that both stand (neither cancelled), from the same customer, for the same
 * amount, by the same method or provider (`transactionSubType`), dated at most
 * `DUPLICATE_WINDOW_DAYS` apart. That catches the usual mistakes (a cash payment entered twice,
 * a bank transfer recorded by hand and imported, a card charged again the next morning) while two
 * equal monthly payments a month apart are not duplicates. Refunds are not payments here.
 */
export const DUPLICATE_WINDOW_DAYS = 1;

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Math.floor(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / DAY_MS);

/** Every payment that has a duplicate, newest first (the duplicates list shows each of them). */
export function duplicatePayments<T extends LedgerEntry>(transactions: readonly T[]): T[] {
  const groups = new Map<string, T[]>();
  for (const t of transactions) {
    if (!isPayment(t) || !isStanding(t) || t.amount >= 0 || !t.customerId) continue;
    const key = `${t.customerId}|${toPence(t.amount)}|${t.transactionSubType ?? ''}`;
    const group = groups.get(key);
    if (group) group.push(t);
    else groups.set(key, [t]);
  }
  const found: T[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    group.sort((a, b) => dayNumber(a.date) - dayNumber(b.date));
    for (let i = 0; i < group.length; i++) {
      const day = dayNumber(group[i]!.date);
      const near =
        (i > 0 && day - dayNumber(group[i - 1]!.date) <= DUPLICATE_WINDOW_DAYS) ||
        (i + 1 < group.length && dayNumber(group[i + 1]!.date) - day <= DUPLICATE_WINDOW_DAYS);
      if (near) found.push(group[i]!);
    }
  }
  return found.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a._id < b._id ? 1 : -1));
}
