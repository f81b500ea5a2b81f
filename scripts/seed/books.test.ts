import { Balance, Payments } from '@roundwise/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Dataset, generate } from './generate.ts';

/**
 * The books over the seed's year of the town (its invoices, payments, refunds and cancellations,
 * played through the app's own commands): every posting balances, the balance sheet balances at
 * every month end, and aged debtors equal the customers' balances.
 */
const TODAY = '2025-06-16';
let town: Dataset;
let postings: Balance.Posting[];
let ledgers: Map<string, Balance.Ledger>;

beforeAll(async () => {
  town = await generate('town', { accountId: '01JXAMPLEACC0UNT000000000B', today: TODAY });
  const e = town.entities as unknown as Record<string, never[]>;
  ledgers = Balance.deriveLedgers({
    customers: e.customer ?? [],
    suppliers: [],
    paymentAccounts: e.paymentAccount ?? [],
    categories: [],
  });
  postings = Balance.postAll(
    { transactions: e.transaction ?? [], expenses: [], journals: [], categories: [] },
    { vatRegistered: true, salesVatRate: 20 },
  );
}, 120_000);

describe("the books of the seed's year (town)", () => {
  it('has the seed year of transactions, and each posting sums to zero', () => {
    expect(postings.length).toBeGreaterThan(5000);
    expect(postings.filter((p) => Balance.imbalance(p) !== 0)).toEqual([]);
  });

  it('the balance sheet balances at every month end of the year', () => {
    for (let back = 0; back < 12; back++) {
      const d = new Date(Date.UTC(2025, 5 - back + 1, 0)).toISOString().slice(0, 10);
      const sheet = Balance.balanceSheet(postings, ledgers, d);
      expect(sheet.totalAssets, d).toBe(sheet.totalLiabilities + sheet.totalEquity);
    }
  });

  it("aged debtors equal the customers' balances", () => {
    const transactions = (town.entities as unknown as { transaction: Payments.Transaction[] }).transaction;
    const aged = new Map(Balance.agedDebtors(transactions, TODAY).map((a) => [a.customerId, a.total]));
    const balances = Payments.balancesByCustomer(transactions);
    expect(aged.size).toBeGreaterThan(10);
    for (const [customerId, balance] of balances) {
      expect(aged.get(customerId) ?? 0, customerId).toBe(Payments.toPence(balance));
    }
  });
});
