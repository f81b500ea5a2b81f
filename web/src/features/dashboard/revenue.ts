import { type Payments, Schedule } from '@roundwise/core';

type Transaction = Pick<Payments.Transaction, 'transactionType' | 'amount' | 'date'>;

/**
 * Invoiced revenue per day from `from` to `to` (inclusive): the sum of `Invoice` transactions by
 * their date. A cancelled invoice's reversal is an Invoice of the opposite amount, so the pair
 * nets to zero (on the day of each).
 */
export function revenueByDay(
  transactions: readonly Transaction[],
  from: string,
  to: string,
): Map<string, number> {
  const out = new Map<string, number>();
  for (let d = from; d <= to; d = Schedule.addDays(d, 1)) out.set(d, 0);
  for (const tx of transactions) {
    if (tx.transactionType !== 'Invoice') continue;
    const day = tx.date.slice(0, 10);
    const sum = out.get(day);
    if (sum !== undefined) out.set(day, Math.round((sum + tx.amount) * 100) / 100);
  }
  return out;
}

/** The first and last day of the month of `iso`. */
export function monthOf(iso: string): { from: string; to: string } {
  const { year, month } = Schedule.partsOf(iso);
  const from = `${iso.slice(0, 8)}01`;
  return { from, to: Schedule.addDays(from, Schedule.daysInMonth(year, month) - 1) };
}
