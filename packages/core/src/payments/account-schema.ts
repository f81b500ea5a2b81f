import { z } from 'zod';
import { Id, Money } from '../entity.ts';
import { RequiredText } from '../text.ts';

/**
 * Where money is paid into (spec 000 section 3: "Payment account: _id, name, subType"). The spec
 * names no sub types; these are the places a round business keeps its takings: a bank account,
 * the cash tin, the card terminal's settlement, anything else.
 */
export const PaymentAccountSubType = z.enum(['bank', 'cash', 'card', 'other']);
export type PaymentAccountSubType = z.infer<typeof PaymentAccountSubType>;

export const PaymentAccountFields = z.object({
  name: RequiredText('payments.account-name-required', 100),
  subType: PaymentAccountSubType.default('bank'),
  /** What the account held before its first payment here (the payments screen's opening balance). */
  openingBalance: Money.optional(),
});

export const PaymentAccount = PaymentAccountFields.extend({ _id: Id });
export type PaymentAccount = z.infer<typeof PaymentAccount>;

/** Two accounts are one name when they differ only in case and the spaces around them. */
export const sameAccountName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
