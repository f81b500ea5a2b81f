import { Balance, type Payments } from '@roundwise/core';
import { generate } from '../seed/generate.ts';
import { type Figures, percentile, round, saveFigures } from './lib.ts';

/**
 * Balance benchmarks, in memory, no database and no browser (what `useBooks` and the reports
 * compute on the device; the paint in Chromium is `web-balance.ts`):
 * - `balance.books_town_ms`: the town (8,000 transactions, a year of expenses and journals):
 *   ledgers derived, the projection and the year's profit and loss (what the dashboard reads), p50
 *   of 20;
 * - `balance.pnl_compute_town_ms`: the profit and loss by month of that year alone, p50 of 20;
 * - `balance.rebuild_city_ms`: the city (80,000 transactions): the whole ledger rebuilt (the
 *   ledgers and the projection: every ledger's balance, the groups, the P&L ledgers by day), p50 of 5;
 * - `balance.postings_city_ms`: the city's postings listed (what a report or a fund's movements
 *   make the first time they are opened), p50 of 5.
 * Run: `npx tsx scripts/bench/balance.ts`.
 */
const figures: Figures = {};
const put = (name: string, value: number, unit: string) => {
  figures[name] = { value: round(value, 3), unit };
  console.log(`${name.padEnd(28)} ${round(value, 3)} ${unit}`);
};
const today = '2026-11-21';
const year = Balance.financialYear(today, 4);

function sources(entities: Record<string, unknown[]>): Balance.BookSources {
  return {
    transactions: entities.transaction as Payments.Transaction[],
    expenses: entities.expense as never,
    journals: entities.journalEntry as never,
    categories: entities.expenseCategory as never,
  };
}

/** What `useBooks` works out on the device: the ledgers and the projection (balances, groups, P&L days). */
function books(entities: Record<string, unknown[]>) {
  const ledgers = Balance.deriveLedgers({
    customers: entities.customer as never,
    suppliers: entities.supplier as never,
    paymentAccounts: entities.paymentAccount as never,
    categories: entities.expenseCategory as never,
  });
  const options = entities.balanceSettings![0] as Balance.PostingOptions;
  return { ledgers, ...Balance.project(sources(entities), options, ledgers) };
}

function timed(runs: number, warm: number, f: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < runs + warm; i++) {
    const t0 = performance.now();
    f();
    if (i >= warm) times.push(performance.now() - t0);
  }
  return percentile(times, 50);
}

const town = (await generate('town', { accountId: 'bench', today })).entities as unknown as Record<
  string,
  unknown[]
>;
console.log(
  `town: ${town.transaction?.length} transactions, ${town.expense?.length} expenses, ${town.customer?.length} customers`,
);
put(
  'balance.books_town_ms',
  timed(20, 5, () => {
    const b = books(town);
    Balance.profitAndLossOf(b.pnlByDay, b.ledgers, year);
  }),
  'ms',
);
const built = books(town);
put(
  'balance.pnl_compute_town_ms',
  timed(20, 5, () => Balance.profitAndLossOf(built.pnlByDay, built.ledgers, year)),
  'ms',
);

const city = (await generate('city', { accountId: 'bench', today })).entities as unknown as Record<
  string,
  unknown[]
>;
console.log(
  `city: ${city.transaction?.length} transactions, ${city.expense?.length} expenses, ${city.customer?.length} customers`,
);
put(
  'balance.rebuild_city_ms',
  timed(5, 1, () => books(city)),
  'ms',
);
put(
  'balance.postings_city_ms',
  timed(5, 1, () => Balance.postAll(sources(city), city.balanceSettings![0] as Balance.PostingOptions)),
  'ms',
);
await saveFigures(figures);
