import { type Actor, Credits, defineCommand, newId, routeByName } from '@roundwise/core';
import { z } from 'zod';
import { runDefinedCommand } from '../commands/run-command.ts';
import type { Deps } from '../context.ts';

/**
 * Adds purchased credits. Server-only (no area lists it, so `POST /api/commands` cannot run it):
 * the purchase endpoint runs it under the purchase's id once the charge is paid, so the credits
 * are added once per purchase however often it is repeated.
 */
const addPurchasedCredits = defineCommand({
  name: 'credits.add-purchased',
  input: z.object({ quantity: z.number().int().min(1) }),
  access: routeByName('email-settings'),
  async run(ctx, { quantity }) {
    return Credits.addCredits(ctx.store, quantity);
  },
});

/**
 * `POST /api/customer/purchase-sms-credits` (spec 000 sections 4, 5, 7): charges the purchase
 * through the billing adapter under a new purchase id (its idempotency key), then adds the
 * credits under the same id. Answers `success`, the new balance as `credits`, and `error`.
 */
export async function purchaseCredits(s: Deps, actor: Actor, quantity: number) {
  const purchaseId = newId();
  const total = Credits.purchaseCost(quantity, Credits.CREDIT_PRICE);
  const charge = await s.billing.chargeCredits({
    accountId: actor.accountId,
    quantity,
    total,
    key: purchaseId,
  });
  if (charge.status !== 'paid') {
    return { success: false, credits: null, error: charge.error ?? 'credits.error-check-card' };
  }
  const answer = await runDefinedCommand(s, actor, addPurchasedCredits, purchaseId, { quantity });
  const result = (answer.body as { result?: Credits.CreditBalance }).result;
  return { success: answer.status === 200, credits: result?.balance ?? null, error: null };
}
