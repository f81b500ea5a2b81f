import { FIXED, type Ledger, ledgerOrRemoved } from '../balance/ledgers.ts';
import { type BookSources, type Line, postJournal } from '../balance/postings.ts';
import { expenseVatPence, toPence } from '../expenses/schema.ts';
import type { NineBoxes, VatScheme } from './schema.ts';

export interface BoxOptions {
  scheme: VatScheme;
  /** The flat rate scheme's percentage of VAT-inclusive turnover. */
  flatRatePercent?: number;
  /** The rate the sales carry (the books' settings; prices are VAT inclusive). */
  salesVatRate: number;
}

/** The nine boxes in pence, before HMRC's units are applied (`toHmrc`). */
export interface BoxesPence {
  box1: number;
  box2: number;
  box3: number;
  box4: number;
  box5: number;
  box6: number;
  box7: number;
  box8: number;
  box9: number;
}

const fixed = new Map<string, Ledger>(Object.values(FIXED).map((l) => [l.id, l]));
const kindOf = (ledgerId: string) => ledgerOrRemoved(fixed, ledgerId).kind;
const vatIn = (gross: number, rate: number) => Math.round((gross * rate) / (100 + rate));
const inPeriod = (date: string, p: { start: string; end: string }) => date >= p.start && date <= p.end;

/**
 * The nine boxes of a period from the books (HMRC's VAT Notice 700/12, "How to fill in your VAT
 * return"); only the records dated in the period are posted, so a quarter costs its own records.
 * - Standard (accrual): box 1 is the VAT on sales invoiced (the VAT on sales ledger), box 4 the VAT
 *   reclaimed on purchases (VAT on purchases), box 6 sales before VAT (income ledgers), box 7
 *   purchases and other inputs before VAT (overheads).
 * - Cash accounting (Notice 731): VAT is due when the customer pays and reclaimed when the supplier
 *   is paid: box 1 is the VAT in the payments received, box 4 the reclaimable VAT of the expenses
 *   paid; boxes 6 and 7 are the same money less that VAT.
 * - Flat rate (Notice 733): box 1 is the flat rate of the VAT-inclusive turnover, box 4 nothing
 *   (the rate stands for the VAT on purchases), box 6 the turnover VAT included, box 7 purchases
 *   before VAT.
 * Boxes 2, 8 and 9 are trade in goods with the EU, which a UK round business outside Northern
 * Ireland has none of: 0. Box 3 is box 1 plus box 2; box 5 is the difference of boxes 3 and 4,
 * never negative (HMRC refuses a return where they do not agree).
 */
export function nineBoxesPence(
  s: BookSources,
  period: { start: string; end: string },
  o: BoxOptions,
): BoxesPence {
  let box1 = 0;
  let box4 = 0;
  let box6 = 0;
  let box7 = 0;
  const addLines = (lines: readonly Line[], sales: boolean, purchases: boolean) => {
    for (const l of lines) {
      if (l.ledgerId === FIXED.vatOutput.id) {
        if (sales) box1 -= l.pence;
      } else if (l.ledgerId === FIXED.vatInput.id) {
        if (purchases) box4 += l.pence;
      } else {
        const kind = kindOf(l.ledgerId);
        if (kind === 'income' && sales) box6 -= l.pence;
        else if (kind === 'expense' && purchases) box7 += l.pence;
      }
    }
  };

  if (o.scheme === 'cash') {
    for (const t of s.transactions) {
      if (!inPeriod(t.date, period) || !t.customerId || t.transactionType === 'Invoice') continue;
      if (t.status === 'pending') continue; // not received until the provider pays it out
      // Money from a customer credits their debtor: a payment is negative, a refund positive.
      const received = -toPence(t.amount);
      const vat = vatIn(received, o.salesVatRate);
      box1 += vat;
      box6 += received - vat;
    }
    for (const e of s.expenses) {
      if (!inPeriod(e.date, period) || !e.paymentAccountId) continue;
      const gross = toPence(e.amount);
      const vat = e.vatReclaimable ? expenseVatPence(e) : 0;
      box4 += vat;
      box7 += gross - vat;
    }
  } else {
    // The lines `postTransaction` and `postExpense` would give, summed without making them (the
    // city's quarter is 20,000 records): an invoice posts its VAT to VAT on sales and the rest to
    // sales; an older expense transaction posts to uncategorised overheads; every other customer
    // movement is between a debtor and a fund (neither in a box). An expense posts its cost less
    // reclaimable VAT to overheads and that VAT to VAT on purchases. The test holds this to the
    // books' own postings (`Balance.vatReturn`).
    const flat = o.scheme === 'flat-rate';
    for (const t of s.transactions) {
      if (t.date < period.start || t.date > period.end) continue;
      const p = toPence(t.amount);
      if (t.transactionType === 'Invoice') {
        if (flat) box6 += p;
        else {
          const vat = vatIn(p, o.salesVatRate);
          box1 += vat;
          box6 += p - vat;
        }
      } else if (t.transactionType === 'Expense' && !t.customerId) box7 += Math.abs(p);
    }
    for (const e of s.expenses) {
      if (e.date < period.start || e.date > period.end) continue;
      const vat = e.vatReclaimable ? expenseVatPence(e) : 0;
      box7 += toPence(e.amount) - vat;
      box4 += vat;
    }
    for (const j of s.journals) if (inPeriod(j.date, period)) addLines(postJournal(j).lines, !flat, true);
    if (flat) {
      // The flat rate stands for the VAT on purchases: none is reclaimed.
      box1 = Math.round((box6 * (o.flatRatePercent ?? 0)) / 100);
      box4 = 0;
    }
  }
  const box2 = 0;
  const box3 = box1 + box2;
  return { box1, box2, box3, box4, box5: Math.abs(box3 - box4), box6, box7, box8: 0, box9: 0 };
}

/** Pence as HMRC's units: boxes 1 to 5 pounds and pence, 6 to 9 whole pounds (pence left off). */
export function toHmrc(b: BoxesPence): NineBoxes {
  const pounds = (p: number) => p / 100;
  const whole = (p: number) => Math.trunc(p / 100);
  return {
    vatDueSales: pounds(b.box1),
    vatDueAcquisitions: pounds(b.box2),
    totalVatDue: pounds(b.box3),
    vatReclaimedCurrPeriod: pounds(b.box4),
    netVatDue: pounds(b.box5),
    totalValueSalesExVAT: whole(b.box6),
    totalValuePurchasesExVAT: whole(b.box7),
    totalValueGoodsSuppliedExVAT: whole(b.box8),
    totalAcquisitionsExVAT: whole(b.box9),
  };
}

/**
 * HMRC's cross-checks of a return's boxes (its API refuses one that fails them): box 3 is box 1
 * plus box 2, box 5 is the absolute difference of boxes 3 and 4, all in pence. The message key of
 * the first that fails, or undefined.
 */
export function boxesError(b: NineBoxes): string | undefined {
  const p = (n: number) => Math.round(n * 100);
  if (
    [b.vatDueSales, b.vatDueAcquisitions, b.totalVatDue, b.vatReclaimedCurrPeriod, b.netVatDue].some(
      (n) => Math.abs(p(n) - n * 100) > 1e-6,
    )
  )
    return 'vat.box-whole-pence';
  if (p(b.totalVatDue) !== p(b.vatDueSales) + p(b.vatDueAcquisitions)) return 'vat.box3-mismatch';
  if (p(b.netVatDue) !== Math.abs(p(b.totalVatDue) - p(b.vatReclaimedCurrPeriod))) return 'vat.box5-mismatch';
  return undefined;
}
