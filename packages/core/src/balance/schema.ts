import { z } from 'zod';
import { Id, IsoDate, Money } from '../entity.ts';
import { RequiredText } from '../text.ts';

/** The one settings record of an account's balance (its id is always `SETTINGS_ID`). */
export const SETTINGS_ID = 'balance';

/**
 * What setting up the balance asks (spec 001 section 2.7: every screen but setup waits for it):
 * the first month of the financial year, whether the business is VAT registered and at what
 * rate its sales carry. Every record the account holds posts, whenever it was made, so the
 * debtors the books open with are the customers' balances.
 */
export const BalanceSettingsFields = z.object({
  yearStartMonth: z.number().int().min(1, 'balance.year-start-invalid').max(12, 'balance.year-start-invalid'),
  vatRegistered: z.boolean().default(false),
  vatNumber: z.string().trim().max(20).default(''),
  /** The rate the sales carry when VAT registered (prices are VAT inclusive), percent. */
  salesVatRate: z.number().min(0).max(100).default(20),
});
export const BalanceSettings = BalanceSettingsFields.extend({ _id: Id, setupComplete: z.boolean() });
export type BalanceSettings = z.infer<typeof BalanceSettings>;

/** One line of a journal entry: debit positive, credit negative, in pounds and whole pence. */
export const JournalLine = z.object({
  ledgerId: z.string().min(1).max(100),
  amount: Money.refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'balance.amount-whole-pence'),
});
export type JournalLine = z.infer<typeof JournalLine>;

/**
 * A journal entry made by hand (the balance's transactions screen). Never edited: a mistake is
 * put right by reversing it (`reversalOf`/`reversedBy` name each other), so the books keep both.
 */
export const JournalEntryFields = z.object({
  date: IsoDate,
  description: RequiredText('balance.description-required', 200),
  lines: z.array(JournalLine).min(2, 'balance.journal-two-lines').max(50),
});
export const JournalEntry = JournalEntryFields.extend({
  _id: Id,
  createdDate: z.string(),
  reversalOf: Id.optional(),
  reversedBy: Id.optional(),
});
export type JournalEntry = z.infer<typeof JournalEntry>;
