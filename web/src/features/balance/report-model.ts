import './strings.ts';
import { Balance, type Expenses, type Payments } from '@roundwise/core';
import type { TFunction } from 'i18next';
import type { Books } from './use-books';

/** A cell: text, or pence (shown as money, exported as pounds). */
export type Cell = string | { pence: number };
export interface ReportTable {
  head: string[];
  rows: Cell[][];
  foot?: Cell[];
  /** A line under the table (the balance sheet's check, the VAT return's note). */
  note?: string;
}

export const REPORT_TYPES = [
  'profit-and-loss',
  'balance-sheet',
  'aged-debtors',
  'sales-by-round',
  'sales-by-service',
  'expenses-by-category',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const isReportType = (s: string): s is ReportType => (REPORT_TYPES as readonly string[]).includes(s);

/** What sales by round and by service read besides the books: who each invoice's visit was for. */
export interface WorkNames {
  visitRounds: ReadonlyMap<string, readonly string[]>;
  visitServices: ReadonlyMap<string, readonly string[]>;
  roundNames: ReadonlyMap<string, string>;
  serviceNames: ReadonlyMap<string, string>;
}

const monthName = (month: string, language: string) =>
  new Intl.DateTimeFormat(language, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/**
 * One report as a table, the same model drawn on screen, printed and exported as CSV, so the three
 * never disagree. Every figure is pence from core's reports (`Balance.*`).
 */
export function reportTable(
  type: ReportType,
  books: Books,
  period: Balance.Period,
  t: TFunction,
  language: string,
  work?: WorkNames,
): ReportTable {
  const name = (id: string) => Balance.ledgerOrRemoved(books.ledgers, id).name;
  switch (type) {
    case 'profit-and-loss': {
      const pnl = Balance.profitAndLossOf(books.pnlByDay, books.ledgers, period);
      const months = pnl.months.map((m) => monthName(m, language));
      const row = (label: string, values: number[], total: number): Cell[] => [
        label,
        ...values.map((pence) => ({ pence })),
        { pence: total },
      ];
      return {
        head: [t('balance.report-account'), ...months, t('balance.total')],
        rows: [
          ...pnl.income.map((r) => row(r.ledger.name, r.byMonth, r.total)),
          row(t('balance.total-income'), pnl.incomeByMonth, pnl.totalIncome),
          ...pnl.expenses.map((r) => row(r.ledger.name, r.byMonth, r.total)),
          row(t('balance.total-expenses'), pnl.expensesByMonth, pnl.totalExpenses),
        ],
        foot: row(t('balance.profit'), pnl.profitByMonth, pnl.profit),
      };
    }
    case 'balance-sheet': {
      const sheet = Balance.balanceSheet(books.postings, books.ledgers, period.to);
      const lines = (list: Balance.SheetLine[]): Cell[][] =>
        list.map((l) => [l.ledger.name, { pence: l.amount }]);
      return {
        head: [t('balance.report-account'), t('balance.amount')],
        rows: [
          [t('balance.assets'), ''],
          ...lines(sheet.assets),
          [t('balance.total-assets'), { pence: sheet.totalAssets }],
          [t('balance.liabilities'), ''],
          ...lines(sheet.liabilities),
          [t('balance.total-liabilities'), { pence: sheet.totalLiabilities }],
          [t('balance.equity'), ''],
          ...lines(sheet.equity),
          [t('balance.retained-profit'), { pence: sheet.retainedProfit }],
          [t('balance.total-equity'), { pence: sheet.totalEquity }],
        ],
        foot: [t('balance.liabilities-and-equity'), { pence: sheet.totalLiabilities + sheet.totalEquity }],
        note:
          sheet.totalAssets === sheet.totalLiabilities + sheet.totalEquity
            ? t('balance.sheet-balances')
            : t('balance.sheet-does-not-balance'),
      };
    }
    case 'aged-debtors': {
      const aged = Balance.agedDebtors(books.transactions as Payments.LedgerEntry[], period.to);
      const sum = (b: Balance.AgeBucket) => aged.reduce((s, a) => s + a.buckets[b], 0);
      return {
        head: [
          t('balance.customer'),
          ...Balance.AGE_BUCKETS.map((b) => t(`balance.age.${b}`)),
          t('balance.total'),
        ],
        rows: aged.map((a) => [
          name(Balance.debtorId(a.customerId)),
          ...Balance.AGE_BUCKETS.map((b) => ({ pence: a.buckets[b] })),
          { pence: a.total },
        ]),
        foot: [
          t('balance.total'),
          ...Balance.AGE_BUCKETS.map((b) => ({ pence: sum(b) })),
          { pence: aged.reduce((s, a) => s + a.total, 0) },
        ],
      };
    }
    case 'sales-by-round':
    case 'sales-by-service': {
      const byRound = type === 'sales-by-round';
      const keys = byRound ? work?.visitRounds : work?.visitServices;
      const names = byRound ? work?.roundNames : work?.serviceNames;
      const sales = Balance.salesBy(
        books.transactions as (Payments.LedgerEntry & { occurrenceId?: string })[],
        period,
        (inv) => (inv.occurrenceId && keys?.get(inv.occurrenceId)) || [],
      );
      const rows = [...sales].sort((a, b) => b[1] - a[1]);
      return {
        head: [byRound ? t('balance.round') : t('balance.service'), t('balance.sales')],
        rows: rows.map(([key, pence]) => [(key && names?.get(key)) || t('balance.none'), { pence }]),
        foot: byRound ? [t('balance.total'), { pence: rows.reduce((s, [, p]) => s + p, 0) }] : undefined,
        note: byRound ? undefined : t('balance.sales-by-service-note'),
      };
    }
    case 'expenses-by-category': {
      const rows = [...Balance.expensesByCategory(books.expenses as Expenses.Expense[], period)].sort(
        (a, b) => b[1].net - a[1].net,
      );
      const category = new Map(books.categories.map((c) => [c._id, c.description]));
      const total = (k: 'net' | 'vat' | 'gross') => ({ pence: rows.reduce((s, [, r]) => s + r[k], 0) });
      return {
        head: [t('balance.category'), t('balance.net'), t('balance.vat-reclaimed'), t('balance.gross')],
        rows: rows.map(([id, r]) => [
          category.get(id) ?? Balance.FIXED.uncategorised.name,
          { pence: r.net },
          { pence: r.vat },
          { pence: r.gross },
        ]),
        foot: [t('balance.total'), total('net'), total('vat'), total('gross')],
      };
    }
  }
}

/** The VAT return's boxes as a table (chart of accounts' VAT return tab, the balance's VAT returns). */
export function vatTable(books: Books, period: Balance.Period, t: TFunction): ReportTable {
  const v = Balance.vatReturn(books.postings, books.ledgers, period);
  return {
    head: [t('balance.vat-box'), t('balance.amount')],
    rows: [
      [t('balance.vat-box-1'), { pence: v.vatDueSales }],
      [t('balance.vat-box-4'), { pence: v.vatReclaimed }],
      [t('balance.vat-box-5'), { pence: v.netVat }],
      [t('balance.vat-box-6'), { pence: v.salesExVat }],
      [t('balance.vat-box-7'), { pence: v.purchasesExVat }],
    ],
    note: books.settings?.vatRegistered ? t('balance.vat-note') : t('balance.vat-not-registered'),
  };
}

/** The table as CSV: money as pounds with two decimals, exact from pence. */
export function tableCsv(table: ReportTable): string {
  const cell = (c: Cell) => (typeof c === 'string' ? c : Balance.penceText(c.pence));
  return Balance.toCsv([
    table.head,
    ...table.rows.map((r) => r.map(cell)),
    ...(table.foot ? [table.foot.map(cell)] : []),
  ]);
}
