import { AppError, Credits, Id } from '@roundwise/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { readAccount } from '../commands/write-account.ts';
import { purchaseCredits } from '../credits/purchase.ts';
import { type Env, requireRoute, requireSession, validate } from './env.ts';

/**
 * Spec 000 section 5: a credit quantity is a whole number, at least 100 and below 50,000, else
 * `enter.{token}`: `enter.whole-number`, `enter.at-least` (`min`), `enter.less-than` (`max`).
 */
export function creditQuantity(raw: unknown): number {
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw new AppError('validation', 'enter.whole-number');
  if (n < Credits.PURCHASE_MIN)
    throw new AppError('validation', 'enter.at-least', { min: Credits.PURCHASE_MIN });
  if (n >= Credits.PURCHASE_MAX_EXCLUSIVE) {
    throw new AppError('validation', 'enter.less-than', { max: Credits.PURCHASE_MAX_EXCLUSIVE });
  }
  return n;
}

/** Message credits: `/api/customer/...` as spec 000 section 7 names them. */
export const customerRoutes = new Hono<Env>()
  .use(requireSession)
  .get(
    '/squeegee-credit-pricing',
    requireRoute('inbox'),
    validate('query', z.object({ quantity: z.string().max(20).optional() })),
    async (c) => {
      const quantity = creditQuantity(c.req.valid('query').quantity);
      const { amount, taxPercentage } = Credits.CREDIT_PRICE;
      return c.json({
        amount,
        taxPercentage,
        quantity,
        total: Credits.purchaseCost(quantity, Credits.CREDIT_PRICE),
      });
    },
  )
  // The balance (spec 002 section 7, "a credits lookup returns available credits (squeegeeCredits)").
  .get('/squeegee-credits', requireRoute('inbox'), async (c) => {
    const store = readAccount(c.var.deps, c.var.signed.actor.accountId);
    return c.json({ squeegeeCredits: (await Credits.readBalance(store)).balance });
  })
  .post(
    '/purchase-sms-credits',
    requireRoute('email-settings'),
    // `purchaseId`: the caller's idempotency key, made once per purchase attempt and sent again
    // with every retry of it (docs/money.md).
    validate('json', z.object({ amount: z.unknown(), purchaseId: Id })),
    async (c) => {
      const { amount, purchaseId } = c.req.valid('json');
      const quantity = creditQuantity(amount);
      return c.json(await purchaseCredits(c.var.deps, c.var.signed.actor, quantity, purchaseId));
    },
  );
