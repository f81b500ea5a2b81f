import { AppError, assertAccess } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import { Hono } from 'hono';
import { z } from 'zod';
import { errorFields, log } from '../log.ts';
import { SIGNATURE_HEADER, verifySignature } from '../notifications/webhook.ts';
import { setConnection } from '../payments/connections.ts';
import { linkKeyOf, linksOf } from '../payments/links/link-keys.ts';
import { providerNamed } from '../payments/provider-effects.ts';
import { pullAccount } from '../payments/pull-status.ts';
import { applyWebhook, PaymentWebhook } from '../payments/webhook.ts';
import { type Env, requireSession, validate } from './env.ts';

/** 'Sync payments' (spec 000 section 6): Owner and Admin, Advanced or above. */
const SYNC_ACCESS = { roles: ['Owner', 'Admin'], minLevel: 'Advanced' } as const;
const MANAGE_ACCESS = { roles: ['Owner', 'Admin'] } as const;
/** Who may hand a customer their payment links: whoever manages customers' details. */
const LINK_ACCESS = { roles: ['Owner', 'Admin', 'Creator'] } as const;
const Kind = z.enum(['direct-debit', 'card']);

/**
 * Payment providers (docs/api.md, "Payment providers"): each provider's signed webhook, the
 * 'Sync payments' pull, the connections and a customer's payment links.
 */
export const paymentsRoutes = new Hono<Env>()
  .post('/webhook/:provider', async (c) => {
    const provider = providerNamed(c.var.deps, c.req.param('provider'));
    const raw = await c.req.text();
    if (!provider || !verifySignature(provider.webhookSecret, raw, c.req.header(SIGNATURE_HEADER))) {
      throw new AppError('unauthenticated', 'payments.webhook-signature-invalid');
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      throw new AppError('validation', 'general.validation-failed', { issues: ['body: not JSON'] });
    }
    const parsed = PaymentWebhook.safeParse(body);
    if (!parsed.success) {
      throw new AppError('validation', 'general.validation-failed', {
        issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
      });
    }
    return c.json(await applyWebhook(c.var.deps, provider, parsed.data));
  })
  .use(requireSession)
  .post('/sync', async (c) => {
    const { actor } = c.var.signed;
    assertAccess(SYNC_ACCESS, actor);
    const connected = (await c.var.deps.auth.getAccount(actor.accountId))?.settings.paymentConnections ?? {};
    if (Object.keys(connected).length === 0)
      throw new AppError('validation', 'pending.no-connected-providers');
    try {
      return c.json({ providers: await pullAccount(c.var.deps, actor.accountId, connected) });
    } catch (error) {
      if (error instanceof AppError) throw error;
      log({ type: 'error', job: 'payments.sync', accountId: actor.accountId, ...errorFields(error) });
      throw new AppError('unavailable', 'payments.provider-unavailable');
    }
  })
  .get('/connections', async (c) => {
    const { actor } = c.var.signed;
    const account = await c.var.deps.auth.getAccount(actor.accountId);
    return c.json({
      available: c.var.deps.paymentProviders.map((p) => ({ kind: p.kind, provider: p.name })),
      connections: account?.settings.paymentConnections ?? {},
    });
  })
  .put('/connections/:kind', validate('json', z.object({ connected: z.boolean() })), async (c) => {
    assertAccess(MANAGE_ACCESS, c.var.signed.actor);
    const kind = Kind.safeParse(c.req.param('kind'));
    if (!kind.success) throw new AppError('not-found', 'general.not-found');
    const { connected } = c.req.valid('json');
    return c.json({
      connections: await setConnection(c.var.deps, c.var.signed.actor.accountId, kind.data, connected),
    });
  })
  .post('/links/:customerId', async (c) => {
    const { actor } = c.var.signed;
    assertAccess(LINK_ACCESS, actor);
    const customerId = c.req.param('customerId');
    const customer = await new EntityRepository(c.var.deps.db, actor.accountId).get('customer', customerId);
    if (!customer) throw new AppError('not-found', 'customers.not-found', { id: customerId });
    const key = await linkKeyOf(c.var.deps, actor.accountId, customerId);
    return c.json(linksOf(c.var.deps, key));
  });
