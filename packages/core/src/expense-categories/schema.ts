import { z } from 'zod';
import { Id } from '../entity.ts';
import { RequiredText } from '../text.ts';

/**
 * Spec 001 section 3: "a tag of type expense category: _id, description, balanceLedgerId". The
 * description is its name. `balanceLedgerId` names the ledger its expenses post to (one of the
 * balance's ledgers); absent or null, the category is its own overheads ledger.
 */
export const ExpenseCategoryFields = z.object({
  description: RequiredText('expense-category.name-required', 100),
  balanceLedgerId: z.string().max(100).nullable().optional(),
});

export const ExpenseCategory = ExpenseCategoryFields.extend({ _id: Id });
export type ExpenseCategory = z.infer<typeof ExpenseCategory>;

/** Spec 001 section 5: unique among expense categories (we compare as suppliers do: trimmed, any case). */
export const sameCategoryName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
