import {
  type Actor,
  Credits,
  defineCommand,
  errorFromAnswer,
  Id,
  notFound,
  routeByName,
} from '@roundwise/core';
import { z } from 'zod';
import { runDefinedCommand } from '../commands/run-command.ts';
import { readAccount } from '../commands/write-account.ts';
import type { Deps } from '../context.ts';
import type { CreditCharge } from '../deps.ts';

/**
 * Buying message credits, the way money moves (docs/money.md): a command under the caller's
 * idempotency key writes the purchase and its charge's outbox effect in one commit; the effect
 * charges the card under a key derived from it; a second command applies the result, the credits
 * with `paid`. Both commands are server-only (no area lists them, so `POST /api/commands` cannot
 * run them): the purchase endpoint runs the first, the charge effect the second.
 */
const access = routeByName('email-settings');

export const purchaseCommand = defineCommand({
  name: 'credits.purchase',
  input: z.object({ purchaseId: Id, quantity: z.number().int() }),
  access,
  async run(ctx, { purchaseId, quantity }) {
    const total = Credits.purchaseCost(quantity, Credits.CREDIT_PRICE);
    const purchase = await ctx.store.put<Credits.CreditPurchase>('creditPurchase', {
      _id: purchaseId,
      quantity,
      total,
      status: 'pending',
      createdDate: ctx.now.toISOString(),
    });
    ctx.emit({
      type: Credits.CHARGE_EFFECT,
      payload: { accountId: ctx.actor.accountId, purchaseId, actor: { ...ctx.actor, settings: {} } },
    });
    return purchase;
  },
});

/**
 * The charge's result, applied once: a pending purchase becomes `paid` with its credits added in
 * the same write, or `failed` with nothing added. A settled purchase is left as it is.
 */
export const settleCommand = defineCommand({
  name: 'credits.settle-purchase',
  input: z.object({
    purchaseId: Id,
    status: z.enum(['paid', 'failed']),
    error: z.string().max(500).optional(),
  }),
  access,
  async run(ctx, { purchaseId, status, error }) {
    const purchase = await ctx.store.get<Credits.CreditPurchase>('creditPurchase', purchaseId);
    if (!purchase) throw notFound('general.not-found', { id: purchaseId });
    if (purchase.status !== 'pending') return purchase;
    if (status === 'paid') await Credits.addCredits(ctx.store, purchase.quantity);
    const { _version, _updatedAt, ...fields } = purchase as Credits.CreditPurchase & {
      _version?: number;
      _updatedAt?: string;
    };
    return ctx.store.put<Credits.CreditPurchase>('creditPurchase', {
      ...fields,
      status,
      ...(error ? { error } : {}),
      settledDate: ctx.now.toISOString(),
    });
  },
});

/** How long the purchase endpoint waits for the charge's result before answering it pending. */
const SETTLE_WAIT_MS = 20_000;

/**
 * `POST /api/customer/purchase-sms-credits` (spec 000 sections 4, 5, 7): runs `credits.purchase`
 * under the caller's `purchaseId` (a retried request is the same purchase: its command answers
 * from its record and nothing is charged again), then waits for the charge effect's result.
 * Answers `success`, the new balance as `credits`, and `error`.
 */
export async function purchaseCredits(s: Deps, actor: Actor, quantity: number, purchaseId: string) {
  const answer = await runDefinedCommand(s, actor, purchaseCommand, purchaseId, { purchaseId, quantity });
  if (answer.status !== 200) throw errorFromAnswer(answer.status, answer.body);
  const store = () => readAccount(s, actor.accountId);
  const deadline = Date.now() + SETTLE_WAIT_MS;
  for (let wait = 50; ; wait = Math.min(wait * 2, 500)) {
    const purchase = await store().get<Credits.CreditPurchase>('creditPurchase', purchaseId);
    if (purchase?.status === 'paid') {
      return { success: true, credits: (await Credits.readBalance(store())).balance, error: null };
    }
    if (purchase?.status === 'failed') {
      return { success: false, credits: null, error: purchase.error ?? 'credits.error-check-card' };
    }
    if (Date.now() > deadline) return { success: false, credits: null, error: 'credits.purchase-pending' };
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

export const settlePurchase = (s: Deps, actor: Actor, purchaseId: string, result: CreditCharge) =>
  runDefinedCommand(s, actor, settleCommand, `${purchaseId}-settle`, { purchaseId, ...result });
