import { AppError, EmailEngine } from '@roundwise/core';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { accountView, connectMailbox, disconnectMailbox, touchMailbox } from '../email-engine/mailbox.ts';
import { verifyAccount } from '../email-engine/verify.ts';
import { findByExternalId } from '../notifications/queries.ts';
import { messagePage } from '../notifications/render.ts';
import { type Env, requireRoute, requireSession, validate } from './env.ts';
import { PAGE_CSP } from './notifications.ts';

/** Spec 002 section 6: two-way email needs the `twoWayEmail` feature; disconnecting never does. */
const requireTwoWay = createMiddleware<Env>(async (c, next) => {
  if (!c.var.signed.actor.flags.includes('twoWayEmail'))
    throw new AppError('forbidden', 'access.feature-required', { features: ['twoWayEmail'] });
  await next();
});

/**
 * The business's own mailbox (spec 002 section 7, `/api/email-engine/*`), our engine behind it
 * (`email-engine/`), for who may open the email settings; and `GET /{externalId}/content`, the
 * email as sent, as HTML (spec 000 section 7).
 */
export const emailEngineRoutes = new Hono<Env>()
  .use(requireSession)
  .get('/account', requireRoute('email-settings'), async (c) =>
    c.json(accountView(await c.var.deps.mailboxes.get(c.var.signed.actor.accountId))),
  )
  // Both protocols are verified again here; only then is the account two-way.
  .post(
    '/account',
    requireRoute('email-settings'),
    requireTwoWay,
    validate('json', EmailEngine.MailServers),
    async (c) => {
      const result = await connectMailbox(c.var.deps, c.var.signed.actor.accountId, c.req.valid('json'));
      // A refusal carries its code as every 4xx does, beside each protocol's answer.
      if (!result.connected)
        return c.json({ ...result, code: result.error ?? 'email-engine.connection-failed', url: null }, 400);
      return c.json({ ...result, url: null }, 200);
    },
  )
  .delete('/account', requireRoute('email-settings'), async (c) => {
    await disconnectMailbox(c.var.deps, c.var.signed.actor.accountId);
    return c.json({ success: true });
  })
  .put('/account/reconnect', requireRoute('email-settings'), async (c) => {
    const reconnect = await touchMailbox(c.var.deps, c.var.signed.actor.accountId, 'reconnect');
    if (!reconnect) throw new AppError('not-found', 'email-engine.not-connected');
    return c.json({ reconnect });
  })
  .put('/account/sync', requireRoute('email-settings'), async (c) => {
    const sync = await touchMailbox(c.var.deps, c.var.signed.actor.accountId, 'sync');
    if (!sync) throw new AppError('not-found', 'email-engine.not-connected');
    return c.json({ sync });
  })
  .post(
    '/verify-account',
    requireRoute('email-settings'),
    requireTwoWay,
    validate('json', EmailEngine.MailServers),
    async (c) => c.json(await verifyAccount(c.var.deps, c.req.valid('json'))),
  )
  .get('/await-connected', requireRoute('email-settings'), async (c) => {
    const mailbox = await c.var.deps.mailboxes.get(c.var.signed.actor.accountId);
    return c.json({ connected: mailbox?.state === 'connected' });
  })
  .get(
    '/get-auto-mail-server-config',
    requireRoute('email-settings'),
    validate('query', z.object({ email: z.string().max(320) })),
    (c) => {
      const { email } = c.req.valid('query');
      // The local runtime's own mail domain: its servers, on their loopback ports.
      const local = c.var.deps.localMailServers?.autoConfig;
      if (local && email.trim().toLowerCase().endsWith(`@${local.domain}`))
        return c.json({ smtp: local.smtp, imap: local.imap });
      const config = EmailEngine.autoConfig(email);
      if (!config) throw new AppError('validation', 'validation.valid-email-required');
      return c.json(config);
    },
  )
  .get('/:externalId/content', requireRoute('customers'), async (c) => {
    const n = await findByExternalId(c.var.deps, c.var.signed.actor.accountId, c.req.param('externalId'));
    if (n?.type !== 'Email') throw new AppError('not-found', 'notification.not-found');
    c.header('content-security-policy', PAGE_CSP);
    return c.html(messagePage(n, c.var.signed.me.account.businessName));
  });
