import type { Expense } from '../expenses/schema.ts';
import { toPence } from '../expenses/schema.ts';
import type { LedgerEntry } from '../payments/schema.ts';
import { type Ledger, type LedgerKind, ledgerOrRemoved } from './ledgers.ts';
import type { PnlByDay, Posting } from './postings.ts';

/** A period of whole days, both ends included (`YYYY-MM-DD`). */
export interface Period {
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The months a period touches, `YYYY-MM`, in order. */
export function monthsOf({ from, to }: Period): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const end = to.slice(0, 7);
  for (let guard = 0; guard < 1200; guard++) {
    const key = `${y}-${pad(m)}`;
    if (key > end) break;
    out.push(key);
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

/** The financial year holding a day, starting in `startMonth` (1-12). */
export function financialYear(day: string, startMonth: number): Period {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  const startYear = m >= startMonth ? y : y - 1;
  const endMonth = startMonth === 1 ? 12 : startMonth - 1;
  const endYear = startMonth === 1 ? startYear : startYear + 1;
  const lastDay = new Date(Date.UTC(endYear, endMonth, 0)).getUTCDate();
  return { from: `${startYear}-${pad(startMonth)}-01`, to: `${endYear}-${pad(endMonth)}-${pad(lastDay)}` };
}

const inPeriod = (date: string, p: Period) => date >= p.from && date <= p.to;

export interface PnlRow {
  ledger: Ledger;
  /** Pence by month (income as a positive number, expenses too). */
  byMonth: number[];
  total: number;
}

export interface ProfitAndLoss {
  months: string[];
  income: PnlRow[];
  expenses: PnlRow[];
  incomeByMonth: number[];
  expensesByMonth: number[];
  profitByMonth: number[];
  totalIncome: number;
  totalExpenses: number;
  profit: number;
}

/** Profit and loss by month: income and expense ledgers' movements in the period, in pence. */
export function profitAndLoss(
  postings: readonly Posting[],
  ledgers: Map<string, Ledger>,
  period: Period,
): ProfitAndLoss {
  const byDay: PnlByDay = new Map();
  for (const p of postings) {
    if (!inPeriod(p.date, period)) continue;
    for (const l of p.lines) {
      const { kind } = ledgerOrRemoved(ledgers, l.ledgerId);
      if (kind !== 'income' && kind !== 'expense') continue;
      let days = byDay.get(l.ledgerId);
      if (!days) {
        days = new Map();
        byDay.set(l.ledgerId, days);
      }
      days.set(p.date, (days.get(p.date) ?? 0) + l.pence);
    }
  }
  return profitAndLossOf(byDay, ledgers, period);
}

/**
 * Profit and loss by month from the income and expense ledgers' movements by day (`project`'s
 * `pnlByDay`): a few hundred days a ledger, whatever the number of records.
 */
export function profitAndLossOf(
  byDay: PnlByDay,
  ledgers: Map<string, Ledger>,
  period: Period,
): ProfitAndLoss {
  const months = monthsOf(period);
  const index = new Map(months.map((m, i) => [m, i]));
  const rows: PnlRow[] = [];
  for (const [id, days] of byDay) {
    const ledger = ledgerOrRemoved(ledgers, id);
    if (ledger.kind !== 'income' && ledger.kind !== 'expense') continue;
    const row: PnlRow = { ledger, byMonth: months.map(() => 0), total: 0 };
    let moved = false;
    for (const [day, pence] of days) {
      if (!inPeriod(day, period)) continue;
      const i = index.get(day.slice(0, 7));
      if (i === undefined) continue;
      const amount = ledger.kind === 'income' ? -pence : pence;
      row.byMonth[i]! += amount;
      row.total += amount;
      moved = true;
    }
    if (moved) rows.push(row);
  }
  const byName = (a: PnlRow, b: PnlRow) => a.ledger.name.localeCompare(b.ledger.name);
  const income = rows.filter((r) => r.ledger.kind === 'income').sort(byName);
  const expenses = rows.filter((r) => r.ledger.kind === 'expense').sort(byName);
  const sum = (list: PnlRow[]) => months.map((_, i) => list.reduce((s, r) => s + r.byMonth[i]!, 0));
  const incomeByMonth = sum(income);
  const expensesByMonth = sum(expenses);
  const totalIncome = incomeByMonth.reduce((a, b) => a + b, 0);
  const totalExpenses = expensesByMonth.reduce((a, b) => a + b, 0);
  return {
    months,
    income,
    expenses,
    incomeByMonth,
    expensesByMonth,
    profitByMonth: months.map((_, i) => incomeByMonth[i]! - expensesByMonth[i]!),
    totalIncome,
    totalExpenses,
    profit: totalIncome - totalExpenses,
  };
}

export interface SheetLine {
  ledger: Ledger;
  /** Pence, as the side shows it: an asset's debit, a liability's or equity's credit, positive. */
  amount: number;
}

export interface BalanceSheet {
  at: string;
  assets: SheetLine[];
  liabilities: SheetLine[];
  equity: SheetLine[];
  /** Income less expenses to date: the equity the profit and loss adds. */
  retainedProfit: number;
  totalAssets: number;
  totalLiabilities: number;
  totalEquity: number;
}

/**
 * The balance sheet at a day: every ledger's balance to then. Debtor ledgers are summed into one
 * line per group (thousands of customers), other ledgers shown one by one. Assets equal
 * liabilities plus equity whenever every posting balances (the table tests hold it to that).
 */
export function balanceSheet(
  postings: readonly Posting[],
  ledgers: Map<string, Ledger>,
  at: string,
): BalanceSheet {
  const totals = new Map<string, number>();
  for (const p of postings) {
    if (p.date > at) continue;
    for (const l of p.lines) totals.set(l.ledgerId, (totals.get(l.ledgerId) ?? 0) + l.pence);
  }
  const sides: Record<LedgerKind, Map<string, SheetLine>> = {
    asset: new Map(),
    liability: new Map(),
    equity: new Map(),
    income: new Map(),
    expense: new Map(),
  };
  let retainedProfit = 0;
  for (const [id, pence] of totals) {
    const ledger = ledgerOrRemoved(ledgers, id);
    if (ledger.kind === 'income' || ledger.kind === 'expense') {
      retainedProfit -= pence;
      continue;
    }
    const rollUp = ledger.group === 'debtors' || ledger.group === 'creditors';
    const key = rollUp ? ledger.group : id;
    const shown: Ledger = rollUp
      ? {
          id: ledger.group,
          name: ledger.group === 'debtors' ? 'Debtors' : 'Creditors',
          kind: ledger.kind,
          group: ledger.group,
        }
      : ledger;
    const side = sides[ledger.kind];
    const line = side.get(key) ?? { ledger: shown, amount: 0 };
    line.amount += ledger.kind === 'asset' ? pence : -pence;
    side.set(key, line);
  }
  const list = (m: Map<string, SheetLine>) =>
    [...m.values()].filter((l) => l.amount !== 0).sort((a, b) => a.ledger.name.localeCompare(b.ledger.name));
  const assets = list(sides.asset);
  const liabilities = list(sides.liability);
  const equity = list(sides.equity);
  const sum = (l: SheetLine[]) => l.reduce((s, x) => s + x.amount, 0);
  return {
    at,
    assets,
    liabilities,
    equity,
    retainedProfit,
    totalAssets: sum(assets),
    totalLiabilities: sum(liabilities),
    totalEquity: sum(equity) + retainedProfit,
  };
}

export const AGE_BUCKETS = ['current', '31-60', '61-90', 'over-90'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];

export interface AgedDebtor {
  customerId: string;
  /** Pence owed by age of the invoices still open (a credit balance: negative, in current). */
  buckets: Record<AgeBucket, number>;
  total: number;
}

const dayNumber = (d: string) =>
  Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;

function bucketOf(invoiceDate: string, at: string): AgeBucket {
  const age = dayNumber(at) - dayNumber(invoiceDate);
  if (age <= 30) return 'current';
  if (age <= 60) return '31-60';
  if (age <= 90) return '61-90';
  return 'over-90';
}

/**
 * Aged debtors at a day: each customer's balance, what is owed placed by the age of the invoices
 * still open. Every credit (payments, cancellations) pays the oldest invoices first, so each
 * customer's buckets add up to their balance (the ledger's plain sum, `Payments.customerBalance`).
 */
export function agedDebtors(transactions: readonly LedgerEntry[], at: string): AgedDebtor[] {
  const out: AgedDebtor[] = [];
  for (const [customerId, { open, credit }] of openInvoices(transactions, at)) {
    const buckets: Record<AgeBucket, number> = { current: 0, '31-60': 0, '61-90': 0, 'over-90': 0 };
    for (const inv of open) buckets[bucketOf(inv.date, at)] += inv.outstanding;
    buckets.current -= credit;
    const total = AGE_BUCKETS.reduce((s, b) => s + buckets[b], 0);
    if (total !== 0) out.push({ customerId, buckets, total });
  }
  return out.sort((a, b) => b.total - a.total);
}

const byDate = (a: { date: string }, b: { date: string }) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);

/**
 * Each customer's debits still open at a day, oldest paid first by every credit (payments,
 * cancellations, credit notes), in pence; `credit` is what is left over when all are paid. The
 * open amounts less the credit are the customer's balance.
 */
export function openInvoices(transactions: readonly LedgerEntry[], at: string) {
  const byCustomer = new Map<string, LedgerEntry[]>();
  for (const t of transactions) {
    // A cancelled pair (both name each other in voidedId) nets to zero: neither pays nor is owed.
    if (!t.customerId || t.transactionType === 'Expense' || t.voidedId || t.date > at) continue;
    const list = byCustomer.get(t.customerId) ?? [];
    list.push(t);
    byCustomer.set(t.customerId, list);
  }
  const out = new Map<
    string,
    { open: { id: string; date: string; outstanding: number }[]; credit: number }
  >();
  for (const [customerId, list] of byCustomer) {
    const debits = list.filter((t) => toPence(t.amount) > 0).sort(byDate);
    let credit = -list.filter((t) => toPence(t.amount) < 0).reduce((s, t) => s + toPence(t.amount), 0);
    const open: { id: string; date: string; outstanding: number }[] = [];
    for (const d of debits) {
      const amount = toPence(d.amount);
      const paid = Math.min(credit, amount);
      credit -= paid;
      if (amount > paid) open.push({ id: d._id, date: d.date, outstanding: amount - paid });
    }
    out.set(customerId, { open, credit });
  }
  return out;
}

/**
 * Sales in a period grouped by what `keysOf` says an invoice is for (its visit's round or
 * services); an invoice for two services counts for both, so the groups may add to more than the
 * sales. Cancelled invoices net out with their reversals. Pence by key.
 */
export function salesBy(
  transactions: readonly (LedgerEntry & { occurrenceId?: string })[],
  period: Period,
  keysOf: (t: LedgerEntry & { occurrenceId?: string }) => readonly string[],
): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of transactions) {
    if (t.transactionType !== 'Invoice' || !inPeriod(t.date, period)) continue;
    const keys = keysOf(t);
    for (const key of keys.length ? keys : ['']) out.set(key, (out.get(key) ?? 0) + toPence(t.amount));
  }
  return out;
}

/** Expenses in a period by category id ('' for none): pence of cost (less VAT claimed back), VAT, gross. */
export function expensesByCategory(
  expenses: readonly Pick<
    Expense,
    'date' | 'amount' | 'vatAmount' | 'vatReclaimable' | 'expenseCategoryId'
  >[],
  period: Period,
) {
  const out = new Map<string, { net: number; vat: number; gross: number; count: number }>();
  for (const e of expenses) {
    if (!inPeriod(e.date, period)) continue;
    const key = e.expenseCategoryId ?? '';
    const row = out.get(key) ?? { net: 0, vat: 0, gross: 0, count: 0 };
    const gross = toPence(e.amount);
    const vat = e.vatReclaimable ? toPence(e.vatAmount) : 0;
    row.gross += gross;
    row.vat += vat;
    row.net += gross - vat;
    row.count++;
    out.set(key, row);
  }
  return out;
}

export interface VatReturn {
  /** Box 1: VAT due on sales. */
  vatDueSales: number;
  /** Box 4: VAT reclaimed on purchases. */
  vatReclaimed: number;
  /** Box 5: to pay (positive) or to reclaim (negative). */
  netVat: number;
  /** Box 6: sales before VAT. */
  salesExVat: number;
  /** Box 7: purchases before VAT. */
  purchasesExVat: number;
}

/** The VAT return's boxes for a period, in pence, from the postings (a UK return's five sums). */
export function vatReturn(
  postings: readonly Posting[],
  ledgers: Map<string, Ledger>,
  period: Period,
): VatReturn {
  let vatDueSales = 0;
  let vatReclaimed = 0;
  let salesExVat = 0;
  let purchasesExVat = 0;
  for (const p of postings) {
    if (!inPeriod(p.date, period)) continue;
    for (const l of p.lines) {
      if (l.ledgerId === 'vat:output') vatDueSales -= l.pence;
      else if (l.ledgerId === 'vat:input') vatReclaimed += l.pence;
      else {
        const kind = ledgerOrRemoved(ledgers, l.ledgerId).kind;
        if (kind === 'income') salesExVat -= l.pence;
        else if (kind === 'expense') purchasesExVat += l.pence;
      }
    }
  }
  return { vatDueSales, vatReclaimed, netVat: vatDueSales - vatReclaimed, salesExVat, purchasesExVat };
}

/** Pence as pounds for a CSV cell: `1234` is `12.34`, `-5` is `-0.05` (no float drift). */
export function penceText(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${pad(abs % 100)}`;
}

/**
 * Rows as CSV (RFC 4180: commas, quotes and line breaks quoted). A cell a spreadsheet would run
 * as a formula (`=`, `+`, `-`, `@` at the start of text) is prefixed with `'`; numbers are not text.
 */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  const cell = (v: string | number) => {
    if (typeof v === 'number') return String(v);
    const safe = /^[=+\-@\t\r]/.test(v) && !/^-?\d+(\.\d+)?$/.test(v) ? `'${v}` : v;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}
