import type { Actor, Credits } from '@roundwise/core';
import { readAccount } from '../commands/write-account.ts';
import type { Deps } from '../context.ts';
import { settlePurchase } from './purchase.ts';

type Payload = { accountId: string; purchaseId: string; actor: Actor };

/**
 * Charges a credit purchase (the `credits.charge` effect `credits.purchase` writes) and applies
 * the result with `credits.settle-purchase`. The billing provider is called with the effect's id
 * as its idempotency key, so a delivery repeated after a crash (before the charge, between the
 * charge and the credits, after both) charges once; the settle command runs once per purchase
 * (its commandId is derived from the purchase) and only over a pending purchase, so the credits
 * are added once.
 */
export async function chargePurchase(s: Deps, effectId: string, { accountId, purchaseId, actor }: Payload) {
  const store = readAccount(s, accountId);
  const purchase = await store.get<Credits.CreditPurchase>('creditPurchase', purchaseId);
  if (purchase?.status !== 'pending') return;
  const charge = await s.billing.chargeCredits({
    accountId,
    quantity: purchase.quantity,
    total: purchase.total,
    key: effectId,
  });
  const result =
    charge.status === 'paid'
      ? { status: 'paid' as const }
      : { status: 'failed' as const, error: (charge.error ?? 'credits.error-check-card').slice(0, 500) };
  // A settle that meets another write to the balance runs again inside the command runner; one
  // that still fails fails this delivery, and the outbox delivers it again.
  await settlePurchase(s, actor, purchaseId, result);
}

/** The `credits.charge` effect's handler (`functions/src/credits/area.ts`). */
export function chargeEffect(s: Deps, effect: { id: string; payload: unknown }) {
  return chargePurchase(s, effect.id, effect.payload as Payload);
}
