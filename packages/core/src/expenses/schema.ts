import { z } from 'zod';
import { Id, IsoDate, Money } from '../entity.ts';
import { TrimmedText } from '../text.ts';

export const toPence = (amount: number) => Math.round(amount * 100);
export const fromPence = (pence: number) => pence / 100;
const wholePence = (n: number) => Math.abs(toPence(n) - n * 100) < 1e-6;

/** What was paid, VAT included: more than 0, in pounds and pence (as payments are). */
export const ExpenseAmount = z
  .number()
  .positive('expenses.amount-positive')
  .max(1_000_000, 'expenses.amount-too-large')
  .refine(wholePence, 'expenses.amount-whole-pence');

/** The VAT rates a UK business meets (standard, reduced, zero); any other rate may be typed. */
export const VAT_RATES = [20, 5, 0] as const;

/**
 * An expense (the route table's `expenses`; no document details it). Squeegee-like products record
 * a bill with its supplier, category, gross amount and VAT, and the account it was paid from.
 * `amount` is the gross; `vatAmount` the VAT in it, given or worked out from `vatRate`;
 * `vatReclaimable` false for a supplier's VAT the business cannot claim back (it is then a cost).
 * No payment account: the bill is still owed to the supplier (the balance's creditors).
 */
export const ExpenseFields = z.object({
  date: IsoDate,
  supplierId: Id.optional(),
  expenseCategoryId: Id.optional(),
  amount: ExpenseAmount,
  vatRate: z.number().min(0, 'expenses.vat-rate-invalid').max(100, 'expenses.vat-rate-invalid').optional(),
  vatAmount: Money.min(0, 'expenses.vat-invalid')
    .refine(wholePence, 'expenses.amount-whole-pence')
    .default(0),
  vatReclaimable: z.boolean().default(true),
  paymentAccountId: Id.optional(),
  /** Receipt photos (the attachments area's records). */
  attachmentIds: z.array(Id).max(10).default([]),
  notes: TrimmedText(255).default(''),
});

export const Expense = ExpenseFields.extend({ _id: Id, createdDate: z.string() });
export type Expense = z.infer<typeof Expense>;

/** The VAT in a gross amount at a rate, to the nearest penny (pence in, pence out). */
export const vatInGross = (grossPence: number, ratePercent: number) =>
  Math.round((grossPence * ratePercent) / (100 + ratePercent));

/** The VAT an expense carries in pence: its amount when given, else from its rate. */
export function expenseVatPence(e: { amount: number; vatAmount?: number; vatRate?: number }): number {
  if (e.vatAmount) return toPence(e.vatAmount);
  if (e.vatRate) return vatInGross(toPence(e.amount), e.vatRate);
  return 0;
}

/** `YYYY-MM` of a date: the expenses list groups by month. */
export const monthOf = (date: string) => date.slice(0, 7);

/** Totals in pence of a month's expenses by category id ('' for none), gross and VAT. */
export function totalsByCategory(
  expenses: readonly Pick<Expense, 'expenseCategoryId' | 'amount' | 'vatAmount'>[],
) {
  const totals = new Map<string, { gross: number; vat: number; count: number }>();
  for (const e of expenses) {
    const key = e.expenseCategoryId ?? '';
    const t = totals.get(key) ?? { gross: 0, vat: 0, count: 0 };
    t.gross += toPence(e.amount);
    t.vat += toPence(e.vatAmount);
    t.count++;
    totals.set(key, t);
  }
  return totals;
}
