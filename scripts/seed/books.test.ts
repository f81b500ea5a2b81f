import { Balance, type Expenses, Payments } from '@roundwise/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Dataset, generate } from './generate.ts';

/**
 * The books over the seed's year of the town (its invoices, payments, refunds and cancellations,
 * its expenses and journals, played through the app's own commands): every posting balances, the
 * balance sheet balances at every month end, and aged debtors equal the customers' balances.
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
    suppliers: e.supplier ?? [],
    paymentAccounts: e.paymentAccount ?? [],
    categories: e.expenseCategory ?? [],
  });
  postings = postAll(e);
}, 120_000);

/** Every posting of a data set's records, under its balance settings. */
function postAll(e: Record<string, never[]>): Balance.Posting[] {
  const settings = e.balanceSettings?.[0] as unknown as Balance.BalanceSettings;
  return Balance.postAll(
    {
      transactions: e.transaction ?? [],
      expenses: e.expense ?? [],
      journals: e.journalEntry ?? [],
      categories: e.expenseCategory ?? [],
    },
    settings,
  );
}

describe("the demo's books (what a new user first sees)", () => {
  it('hold money in the bank and the cash tin, and balance', async () => {
    const demo = await generate('demo', { accountId: '01JXAMPLEACC0UNT000000000D', today: TODAY });
    const e = demo.entities as unknown as Record<string, never[]>;
    const books = postAll(e);
    const balances = Balance.balancesOf(books);
    for (const account of e.paymentAccount as { _id: string; name: string }[]) {
      expect(balances.get(`fund:${account._id}`) ?? 0, account.name).toBeGreaterThan(0);
    }
    expect(books.filter((p) => Balance.imbalance(p) !== 0)).toEqual([]);
  }, 60_000);
});

describe("the books of the seed's year (town)", () => {
  it('has the seed year of transactions, and each posting sums to zero', () => {
    expect(postings.length).toBeGreaterThan(5000);
    expect(postings.filter((p) => Balance.imbalance(p) !== 0)).toEqual([]);
  });

  it('holds books a new user recognises: set up, suppliers, categories, expenses with VAT and receipts', () => {
    const e = town.entities;
    expect(e.balanceSettings).toMatchObject([
      { setupComplete: true, vatRegistered: true, yearStartMonth: 4 },
    ]);
    expect(e.supplier.length).toBeGreaterThanOrEqual(5);
    expect(e.expenseCategory.length).toBeGreaterThanOrEqual(5);
    const expenses = e.expense as unknown as Expenses.Expense[];
    expect(expenses.length).toBeGreaterThan(300);
    // VAT at a rate, the receipt's own amount, and VAT that cannot be claimed back.
    expect(expenses.some((x) => x.vatRate === 20 && x.vatAmount > 0 && x.vatReclaimable)).toBe(true);
    expect(expenses.some((x) => x.vatRate === undefined && x.vatAmount > 0)).toBe(true);
    expect(expenses.some((x) => !x.vatReclaimable)).toBe(true);
    // Bills not paid yet stay with the creditors.
    expect(expenses.some((x) => !x.paymentAccountId)).toBe(true);
    const receipts = new Map(e.attachment.map((a) => [a._id, a]));
    const withReceipt = expenses.filter((x) => x.attachmentIds.length > 0);
    expect(withReceipt.length).toBeGreaterThan(5);
    for (const x of withReceipt) expect(receipts.get(x.attachmentIds[0]!)?.related).toEqual([x._id]);
    // Every payment names the account it was paid into.
    const accounts = new Set(e.paymentAccount.map((a) => a._id));
    const paid = (e.transaction as Payments.Transaction[]).filter((t) => t.amount < 0 && !t.voidedId);
    expect(paid.every((t) => accounts.has(t.paymentAccountId ?? ''))).toBe(true);
    // Expenses and journals post: overheads, VAT on purchases, creditors and drawings all move.
    const moved = new Set(postings.flatMap((p) => p.lines.map((l) => ledgers.get(l.ledgerId)?.group)));
    for (const group of ['overheads', 'vat', 'creditors', 'equity', 'funds']) expect(moved).toContain(group);
  });

  it('the balance sheet balances at every month end of the year', () => {
    for (let back = 0; back < 12; back++) {
      const d = new Date(Date.UTC(2025, 5 - back + 1, 0)).toISOString().slice(0, 10);
      const sheet = Balance.balanceSheet(postings, ledgers, d);
      expect(sheet.totalAssets, d).toBe(sheet.totalLiabilities + sheet.totalEquity);
    }
  });

  it('never overdraws: the money held is positive at every month end and today, the drawings taken', () => {
    const held = (at: string) => {
      const balances = Balance.balancesOf(postings, at);
      let pence = 0;
      for (const [id, l] of ledgers) if (l.group === 'funds') pence += balances.get(id) ?? 0;
      return pence;
    };
    for (let back = 0; back < 12; back++) {
      const d = new Date(Date.UTC(2025, 5 - back + 1, 0)).toISOString().slice(0, 10);
      expect(held(d), d).toBeGreaterThan(0);
    }
    expect(held(TODAY)).toBeGreaterThan(0);
    const drawn = Balance.balancesOf(postings).get('equity:drawings') ?? 0;
    expect(drawn).toBeGreaterThan(0);
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
