import { monthsOf, openInvoices, type Period } from '../balance/reports.ts';
import { toPence } from '../expenses/schema.ts';
import type { LedgerEntry } from '../payments/schema.ts';

/** Customers gained (created) and lost (made inactive) by month. */
export interface CustomerMonth {
  month: string;
  gained: number;
  lost: number;
}

/**
 * A customer is gained in the month it was created and lost in the month it was made inactive.
 * The record keeps no day of leaving, so an inactive customer's last change stands for it (a
 * later edit of a former customer moves it; decision in docs/insights.md).
 */
export function customersByMonth(
  customers: readonly { createdDate: string; state?: string; _updatedAt?: string }[],
  period: Period,
): CustomerMonth[] {
  const rows = new Map(monthsOf(period).map((m) => [m, { month: m, gained: 0, lost: 0 }]));
  for (const c of customers) {
    const gained = rows.get(c.createdDate.slice(0, 7));
    if (gained) gained.gained++;
    if (c.state === 'inactive' && c._updatedAt) {
      const lost = rows.get(c._updatedAt.slice(0, 7));
      if (lost) lost.lost++;
    }
  }
  return [...rows.values()];
}

export interface JobMonth {
  month: string;
  done: number;
  skipped: number;
}

/** Visits done and skipped by the month they were planned for (status 1 done, 2 skipped). */
export function jobsByMonth(
  visits: readonly { status: number; isoPlannedDate: string }[],
  period: Period,
): JobMonth[] {
  const rows = new Map(monthsOf(period).map((m) => [m, { month: m, done: 0, skipped: 0 }]));
  for (const v of visits) {
    const row = rows.get(v.isoPlannedDate.slice(0, 7));
    if (!row) continue;
    if (v.status === 1) row.done++;
    else if (v.status === 2) row.skipped++;
  }
  return [...rows.values()];
}

export interface RoundRevenue {
  roundId: string;
  /** Pence invoiced in the period. */
  invoiced: number;
  /** Pence of those invoices paid by the day asked. */
  collected: number;
  /** collected / invoiced, 0 to 1 (1 when nothing was invoiced). */
  rate: number;
}

/**
 * Revenue and collection rate by round: the invoices of the period, placed by the rounds of the
 * visit they bill ('' for none), and how much of each is paid at `at` (payments pay the oldest
 * invoices first, as the aged debtors read them).
 */
export function revenueByRound(
  transactions: readonly (LedgerEntry & { occurrenceId?: string })[],
  visitRounds: ReadonlyMap<string, readonly string[]>,
  period: Period,
  at: string,
): RoundRevenue[] {
  const outstanding = new Map<string, number>();
  for (const { open } of openInvoices(transactions, at).values()) {
    for (const inv of open) outstanding.set(inv.id, inv.outstanding);
  }
  const rows = new Map<string, { invoiced: number; collected: number }>();
  for (const t of transactions) {
    if (t.transactionType !== 'Invoice' || t.date < period.from || t.date > period.to) continue;
    const amount = toPence(t.amount);
    if (amount <= 0 || t.voidedId) continue;
    const rounds = (t.occurrenceId && visitRounds.get(t.occurrenceId)) || [];
    for (const roundId of rounds.length ? rounds : ['']) {
      const row = rows.get(roundId) ?? { invoiced: 0, collected: 0 };
      row.invoiced += amount;
      row.collected += amount - (outstanding.get(t._id) ?? 0);
      rows.set(roundId, row);
    }
  }
  return [...rows].map(([roundId, r]) => ({
    roundId,
    ...r,
    rate: r.invoiced ? r.collected / r.invoiced : 1,
  }));
}
