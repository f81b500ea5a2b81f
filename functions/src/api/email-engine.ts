import { AppError } from '@roundwise/core';
import { Hono } from 'hono';
import { findByExternalId } from '../notifications/queries.ts';
import { messagePage } from '../notifications/render.ts';
import { type Env, requireRoute, requireSession } from './env.ts';
import { PAGE_CSP } from './notifications.ts';

/** `GET /api/email-engine/{externalId}/content`: the email as sent, as HTML (spec 000 section 7). */
export const emailEngineRoutes = new Hono<Env>()
  .use(requireSession)
  .get('/:externalId/content', requireRoute('customers'), async (c) => {
    const n = await findByExternalId(c.var.deps, c.var.signed.actor.accountId, c.req.param('externalId'));
    if (n?.type !== 'Email') throw new AppError('not-found', 'notification.not-found');
    c.header('content-security-policy', PAGE_CSP);
    return c.html(messagePage(n, c.var.signed.me.account.businessName));
  });
