import { createMiddleware } from 'hono/factory';
import { enforceLimit } from '../auth/limits.ts';
import { clientAddress } from './edge.ts';
import type { Env } from './env.ts';

const MINUTE = 60_000;

/**
 * The public portal calls that anyone may make, each limited per client address (docs/portal.md,
 * "Limits"): a lead makes a customer, a quote and an alert, so a handful an hour; the address
 * check reads the rounds and their streets; a beacon is an `ADD` to a counter, and a page with a
 * layout sends one per widget shown (a dozen pages of ten widgets in 10 minutes; past that a view
 * goes uncounted, which only the counters notice). Across portals: one address spamming many
 * businesses is one caller.
 */
export const PUBLIC_LIMITS = {
  leads: { max: 10, windowMs: 60 * MINUTE },
  'address-check': { max: 60, windowMs: 10 * MINUTE },
  events: { max: 120, windowMs: 10 * MINUTE },
} as const;

/**
 * Counts one call of `call` from the client's address before anything is read or written; past its
 * limit, 429 `portal.rate-limited` (with `retry-after`). No address known (locally): no limit, as
 * for sign-in (docs/security.md, "Trusted proxy header").
 */
export const limitPerAddress = (call: keyof typeof PUBLIC_LIMITS) =>
  createMiddleware<Env>(async (c, next) => {
    const address = clientAddress(c);
    if (address) {
      const { max, windowMs } = PUBLIC_LIMITS[call];
      await enforceLimit(c.var.deps, `portal-${call}-ip:${address}`, windowMs, max, 'portal.rate-limited');
    }
    await next();
  });
