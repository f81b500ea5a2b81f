import { Payments } from '@roundwise/core';
import { generate } from '../seed/generate.ts';
import { type Figures, percentile, round, saveFigures } from './lib.ts';

/**
 * Budgets, computed in core, on the town data set (2,000 customers, 8,000 transactions):
 * - `payments.balances_town_ms`: every customer's balance (`balancesByCustomer`) plus the account's
 *   totals (`accountTotals`), what the owing screen computes; budget 50 ms;
 * - `pending.rank_2000_ms`: the pending view's ranking of the 2,000 customers for the
 *   direct-debit tab (`rankPending`, the Low ones included, so every customer is scored); budget 20 ms.
 * Each is the median of 50 runs after 10 warm-up runs (p95 beside it).
 * Run: `npx tsx scripts/bench/payments.ts`.
 */
const figures: Figures = {};
const put = (name: string, value: number, unit: string) => {
  figures[name] = { value: round(value), unit };
  console.log(`${name.padEnd(40)} ${round(value)} ${unit}`);
};

function time(fn: () => unknown): { median: number; p95: number } {
  for (let i = 0; i < 10; i++) fn();
  const runs: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    fn();
    runs.push(performance.now() - t);
  }
  return { median: percentile(runs, 50), p95: percentile(runs, 95) };
}

const today = '2026-11-18';
const town = await generate('town', { accountId: '01JXAMPLEACC0UNT000000000A', today });
const { customer: customers, transaction: transactions } = town.entities;
console.log(`town: ${customers.length} customers, ${transactions.length} transactions`);

const balances = time(() => {
  Payments.balancesByCustomer(transactions);
  Payments.accountTotals(transactions);
});
put('payments.balances_town_ms', balances.median, 'ms');
put('payments.balances_town_p95_ms', balances.p95, 'ms');

// Every customer pending (2,000 to rank): the town's own pending payments, plus one more each,
// 0 to 20 days old, and every seventh with a pending mandate.
const scored = customers.map((c, i) => ({
  _id: c._id,
  name: c.name,
  paymentProviderMetaData: i % 7 === 0 ? { status: 'pending' } : c.paymentProviderMetaData,
}));
const extra = customers.map((c, i) => ({
  _id: `bench-${i}`,
  customerId: c._id,
  amount: -(10 + (i % 40)),
  date: new Date(Date.parse(`${today}T00:00:00Z`) - (i % 21) * 86_400_000).toISOString().slice(0, 10),
  transactionType: 'AutomaticPayment' as const,
  transactionSubType: 'gocardless',
  status: 'pending' as const,
}));
const pending = [...transactions, ...extra];
const now = new Date(`${today}T12:00:00Z`);
let ranked = 0;
const rank = time(() => {
  ranked = Payments.rankPending(scored, pending, 'direct-debit', now, { showLowRiskCustomers: true }).length;
});
console.log(`ranked ${ranked} customers`);
put('pending.rank_2000_ms', rank.median, 'ms');
put('pending.rank_2000_p95_ms', rank.p95, 'ms');

await saveFigures(figures);
