import { z } from 'zod';
import { Id } from '../entity.ts';

/**
 * An account's message credits (spec 000 "message credits"; the spec's `squeegeeCredits`): one
 * record, `_id` `balance`, written in the same transaction as what uses or adds credits, on
 * condition of the version read, so two sends can never spend the same credit.
 */
export const CreditBalance = z.object({
  _id: z.literal('balance'),
  balance: z.number().int().min(0),
  purchased: z.number().int().min(0),
  used: z.number().int().min(0),
  /** Emails received through the business's own mailbox so far, each charged once (`chargeInboundEmail`). */
  inboundEmails: z.number().int().min(0).optional(),
});
export type CreditBalance = z.infer<typeof CreditBalance>;

export const BALANCE_ID = 'balance' as const;

/**
 * Credits an account has before its first purchase, so a new business can try messaging: the
 * balance record is created from this on first use. Our decision (the spec names no free amount).
 */
export const STARTING_CREDITS = 100;

/** Spec 000 sections 5 and 9: a purchase is a whole number from 100 to under 50,000; default 1,000. */
export const PURCHASE_MIN = 100;
export const PURCHASE_MAX_EXCLUSIVE = 50_000;
export const PURCHASE_DEFAULT = 1_000;

/** Price of one credit before tax, and the tax (our figures; the pricing call answers them). */
export const CREDIT_PRICE = { amount: 0.04, taxPercentage: 0.2 } as const;

/** Spec 000 section 9: quantity x amount x (1 + taxPercentage), to 2 decimals. */
export function purchaseCost(quantity: number, pricing: { amount: number; taxPercentage: number }) {
  return Math.round(quantity * pricing.amount * (1 + pricing.taxPercentage) * 100) / 100;
}

/** Spec 002 section 9: the inbound-email charge, in credits per email (shown as emails per credit). */
export const INBOUND_EMAIL_CREDITS_CHARGE = 0.01;

/**
 * A credit purchase (docs/money.md): its `_id` is the idempotency key the caller sends, so a
 * retried request is the same purchase. Written `pending` by `credits.purchase` with the charge's
 * outbox effect; the effect's result is applied by `credits.settle-purchase`, which adds the
 * credits in the same write as `paid`. Never deleted: it is the purchase's record.
 */
export const CreditPurchase = z.object({
  _id: Id,
  quantity: z.number().int(),
  /** What the card is charged, tax included (`purchaseCost`). */
  total: z.number(),
  status: z.enum(['pending', 'paid', 'failed']),
  /** Why a failed purchase failed: the billing provider's message, or a message key. */
  error: z.string().max(500).optional(),
  createdDate: z.string(),
  settledDate: z.string().optional(),
});
export type CreditPurchase = z.infer<typeof CreditPurchase>;

/** The outbox effect that charges a purchase (functions/src/credits/charge-effect.ts). */
export const CHARGE_EFFECT = 'credits.charge';
