import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../payments/schema.ts';
import { deriveLedgers, FIXED } from './ledgers.ts';
import {
  balancesOf,
  imbalance,
  postAll,
  postExpense,
  postJournal,
  postTransaction,
  project,
} from './postings.ts';
import {
  agedDebtors,
  balanceSheet,
  expensesByCategory,
  profitAndLoss,
  profitAndLossOf,
  toCsv,
  vatReturn,
} from './reports.ts';

const tx = (
  over: Partial<LedgerEntry> & Pick<LedgerEntry, '_id' | 'amount' | 'transactionType'>,
): LedgerEntry => ({
  date: '2026-11-02',
  customerId: 'C1',
  ...over,
});

const registered = { vatRegistered: true, salesVatRate: 20 };
const notRegistered = { vatRegistered: false, salesVatRate: 20 };

/** Every kind of product record that moves money, as the ledger stores it (spec 000 section 3). */
const TRANSACTIONS: [string, LedgerEntry][] = [
  ['invoice', tx({ _id: 'i1', amount: 20, transactionType: 'Invoice' })],
  ['invoice with odd pence', tx({ _id: 'i2', amount: 33.33, transactionType: 'Invoice' })],
  [
    'cancelled invoice (reversal)',
    tx({ _id: 'i1r', amount: -20, transactionType: 'Invoice', voidedId: 'i1' }),
  ],
  ['cash payment', tx({ _id: 'p1', amount: -20, transactionType: 'Payment', transactionSubType: 'cash' })],
  [
    'cancelled payment (reversal)',
    tx({ _id: 'p1r', amount: 20, transactionType: 'Payment', voidedId: 'p1' }),
  ],
  ['refund', tx({ _id: 'r1', amount: 5, transactionType: 'Payment', paymentDetails: { refundId: 'p1' } })],
  [
    'pending direct debit',
    tx({ _id: 'dd', amount: -15, transactionType: 'AutomaticPayment', status: 'pending' }),
  ],
  ['transfer', tx({ _id: 't1', amount: -7.5, transactionType: 'Transfer' })],
  ['older expense transaction', { _id: 'x1', amount: -9.99, date: '2026-11-02', transactionType: 'Expense' }],
];

describe('every product record that moves money posts lines that sum to zero', () => {
  it.each(
    TRANSACTIONS.flatMap(([name, t]) => [[name, t, registered] as const, [name, t, notRegistered] as const]),
  )('%s (%j)', (_name, t, o) => {
    const p = postTransaction(t, o);
    expect(imbalance(p)).toBe(0);
    expect(p.lines.every((l) => Number.isInteger(l.pence))).toBe(true);
  });

  const expense = {
    _id: 'e1',
    date: '2026-11-03',
    amount: 61.99,
    vatAmount: 10.33,
    vatReclaimable: true,
    supplierId: 'SU1',
    expenseCategoryId: 'EC1',
    paymentAccountId: 'PA1',
    notes: '',
  };
  it.each([
    ['expense paid, VAT reclaimable', expense],
    ['expense paid, VAT not reclaimable', { ...expense, vatReclaimable: false }],
    ['expense not paid yet (a bill)', { ...expense, paymentAccountId: undefined }],
    [
      'expense with no supplier or category',
      { ...expense, supplierId: undefined, expenseCategoryId: undefined },
    ],
    ['expense whose category was removed', { ...expense, expenseCategoryId: 'gone' }],
  ])('%s', (_name, e) => {
    expect(imbalance(postExpense(e, new Map([['EC1', { _id: 'EC1' }]])))).toBe(0);
  });

  it('a journal entry posts its own lines in pence', () => {
    const p = postJournal({
      _id: 'j1',
      date: '2026-11-01',
      description: 'Van bought with capital',
      lines: [
        { ledgerId: 'overhead:EC1', amount: 0.1 },
        { ledgerId: 'overhead:EC1', amount: 0.2 },
        { ledgerId: FIXED.capital.id, amount: -0.3 },
      ],
    });
    expect(p.lines.map((l) => l.pence)).toEqual([10, 20, -30]);
    expect(imbalance(p)).toBe(0);
  });

  it('an invoice of a VAT registered business: sale net of VAT, VAT owed; a paid expense clears its supplier', () => {
    expect(
      postTransaction(tx({ _id: 'i', amount: 33.33, transactionType: 'Invoice' }), registered).lines,
    ).toEqual([
      { ledgerId: 'debtor:C1', pence: 3333 },
      { ledgerId: 'sales', pence: -2777 },
      { ledgerId: 'vat:output', pence: -556 }, // 3333 * 20 / 120 = 555.5, to the nearest penny
    ]);
    const b = balancesOf([postExpense(expense, new Map())]);
    expect(b.get('creditor:SU1')).toBe(0);
    expect(b.get('fund:PA1')).toBe(-6199);
    expect(b.get('vat:input')).toBe(1033);
    expect(b.get('overhead:EC1')).toBe(5166);
  });
});

/** A year of a small business, made the way the seed makes its history: the books must hold. */
function year() {
  const transactions: LedgerEntry[] = [];
  const expenses = [];
  let n = 0;
  for (let m = 1; m <= 12; m++) {
    const month = String(m).padStart(2, '0');
    for (let c = 1; c <= 9; c++) {
      const date = `2026-${month}-${String(c * 3).padStart(2, '0')}`;
      const amount = 12 + c * 1.37;
      transactions.push(
        tx({
          _id: `i${++n}`,
          customerId: `C${c}`,
          date,
          amount: Math.round(amount * 100) / 100,
          transactionType: 'Invoice',
        }),
      );
      // Customers 1-6 pay each invoice in full the same month; 7 pays half; 8 and 9 never pay.
      if (c <= 6)
        transactions.push(
          tx({
            _id: `p${++n}`,
            customerId: `C${c}`,
            date,
            amount: -Math.round(amount * 100) / 100,
            transactionType: 'Payment',
            transactionSubType: 'cash',
          }),
        );
      if (c === 7)
        transactions.push(
          tx({
            _id: `p${++n}`,
            customerId: 'C7',
            date,
            amount: -Math.round(amount * 50) / 100,
            transactionType: 'Payment',
          }),
        );
    }
    expenses.push({
      _id: `e${m}`,
      date: `2026-${month}-15`,
      amount: 45.67,
      vatAmount: 7.61,
      vatReclaimable: m % 2 === 0,
      supplierId: 'SU1',
      expenseCategoryId: m % 3 === 0 ? 'EC2' : 'EC1',
      paymentAccountId: m === 12 ? undefined : 'PA1',
      notes: '',
    });
  }
  const journals = [
    {
      _id: 'j1',
      date: '2026-01-01',
      description: 'Capital',
      lines: [
        { ledgerId: 'fund:PA1', amount: 1000 },
        { ledgerId: 'equity:capital', amount: -1000 },
      ],
    },
  ];
  const categories = [
    { _id: 'EC1', description: 'Fuel' },
    { _id: 'EC2', description: 'Insurance' },
  ];
  const ledgers = deriveLedgers({
    customers: Array.from({ length: 9 }, (_, i) => ({ _id: `C${i + 1}`, name: `Customer ${i + 1}` })),
    suppliers: [{ _id: 'SU1', name: 'Fuel Co' }],
    paymentAccounts: [{ _id: 'PA1', name: 'Current', subType: 'bank' as const }],
    categories,
  });
  const sources = { transactions, expenses, journals, categories };
  const postings = postAll(sources, registered);
  return { transactions, expenses, postings, ledgers, projection: project(sources, registered, ledgers) };
}

describe('the books for a year', () => {
  const { transactions, expenses, postings, ledgers, projection } = year();
  const period = { from: '2026-01-01', to: '2026-12-31' };

  it('the trial balance is zero and the balance sheet balances at every month end', () => {
    expect([...balancesOf(postings).values()].reduce((a, b) => a + b, 0)).toBe(0);
    for (const at of ['2026-01-31', '2026-06-30', '2026-12-31']) {
      const sheet = balanceSheet(postings, ledgers, at);
      expect(sheet.totalAssets, at).toBe(sheet.totalLiabilities + sheet.totalEquity);
    }
  });

  it("aged debtors equal the customers' balances (the ledger's plain sum)", () => {
    const aged = agedDebtors(transactions, '2026-12-31');
    const plain = new Map<string, number>();
    for (const t of transactions)
      plain.set(t.customerId!, (plain.get(t.customerId!) ?? 0) + Math.round(t.amount * 100));
    for (const a of aged) expect(a.total, a.customerId).toBe(plain.get(a.customerId));
    expect(aged.map((a) => a.customerId).sort()).toEqual(['C7', 'C8', 'C9']);
    const c9 = aged.find((a) => a.customerId === 'C9')!;
    // Invoices on the 27th: December's is current, November's 34 days old, October's 65, the rest older.
    expect(c9.buckets).toEqual({ current: 2433, '31-60': 2433, '61-90': 2433, 'over-90': 9 * 2433 });
    // The debtors on the balance sheet are the same sum.
    const sheet = balanceSheet(postings, ledgers, '2026-12-31');
    expect(sheet.assets.find((l) => l.ledger.id === 'debtors')?.amount).toBe(
      aged.reduce((s, a) => s + a.total, 0),
    );
  });

  it('profit and loss: income is sales before VAT, costs the overheads; the year profit is the retained profit', () => {
    const pnl = profitAndLoss(postings, ledgers, period);
    expect(pnl.months).toHaveLength(12);
    expect(pnl.income.map((r) => r.ledger.name)).toEqual(['Sales']);
    expect(pnl.expenses.map((r) => r.ledger.name)).toEqual(['Fuel', 'Insurance']);
    // Six months reclaim 7.61 of VAT on 45.67, six do not.
    expect(pnl.totalExpenses).toBe(6 * 3806 + 6 * 4567);
    expect(pnl.profit).toBe(balanceSheet(postings, ledgers, '2026-12-31').retainedProfit);
  });

  it('the VAT return and the expenses by category agree with the postings', () => {
    const vat = vatReturn(postings, ledgers, period);
    expect(vat.vatReclaimed).toBe(6 * 761);
    expect(vat.netVat).toBe(vat.vatDueSales - vat.vatReclaimed);
    const byCategory = expensesByCategory(expenses, period);
    expect(byCategory.get('EC2')).toEqual({
      gross: 4 * 4567,
      vat: 2 * 761,
      net: 4 * 4567 - 2 * 761,
      count: 4,
    });
    const pnl = profitAndLoss(postings, ledgers, period);
    expect(pnl.expenses.find((r) => r.ledger.id === 'overhead:EC2')?.total).toBe(byCategory.get('EC2')?.net);
  });

  it("the projection (one pass, no postings) gives the postings' balances, group totals and profit and loss", () => {
    expect(projection.balances).toEqual(balancesOf(postings));
    const groups = new Map<string, number>();
    for (const [id, pence] of balancesOf(postings)) {
      const { group } = ledgers.get(id)!;
      groups.set(group, (groups.get(group) ?? 0) + pence);
    }
    expect(projection.groupTotals).toEqual(groups);
    expect(projection.groupTotals.get('debtors')).toBeGreaterThan(0);
    for (const p of [period, { from: '2026-03-15', to: '2026-08-03' }]) {
      const pnl = profitAndLossOf(projection.pnlByDay, ledgers, p);
      expect(pnl, p.from).toEqual(profitAndLoss(postings, ledgers, p));
      expect(pnl.profit).not.toBe(0);
    }
  });

  it('an unpaid bill stays with the creditors', () => {
    const sheet = balanceSheet(postings, ledgers, '2026-12-31');
    expect(sheet.liabilities.find((l) => l.ledger.id === 'creditors')?.amount).toBe(4567);
  });
});

describe('CSV export', () => {
  it('quotes what needs it and keeps formulas from running', () => {
    expect(
      toCsv([
        ['Ledger', 'Amount'],
        ['Fuel, oil', '-12.50'],
        ['=HYPERLINK("x")', 3],
        ['Say "hi"', ''],
      ]),
    ).toBe('Ledger,Amount\r\n"Fuel, oil",-12.50\r\n"\'=HYPERLINK(""x"")",3\r\n"Say ""hi""",\r\n');
  });
});
