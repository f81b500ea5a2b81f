import { AppError, Notifications } from '@roundwise/core';

const { contentOf } = Notifications;

import { Hono } from 'hono';
import { z } from 'zod';
import { readPublicMessage } from '../notifications/public-link.ts';
import {
  getNotification,
  listNotifications,
  oldestNotification,
  PAGE_SIZE,
  unreadCount,
} from '../notifications/queries.ts';
import { messagePage } from '../notifications/render.ts';
import {
  applyProviderEvents,
  ProviderEvents,
  SIGNATURE_HEADER,
  verifySignature,
} from '../notifications/webhook.ts';
import { type Env, requireRoute, requireSession, validate } from './env.ts';
import { keyedCommand } from './keyed-command.ts';

/** Query flags arrive as text: `true`/`1` are true. */
const Flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');
const Page = {
  take: z.coerce.number().int().min(1).max(200).default(PAGE_SIZE),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
};

/** A page of HTML of our own: inline styles only, never framed by another site, no scripts. */
export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/** Spec 000 section 7 and spec 002 section 7, the notification calls, at their exact paths. */
export const notificationRoutes = new Hono<Env>()
  // Provider callbacks: signed, not signed in (docs/api.md, "Messaging").
  .post('/webhook', async (c) => {
    const raw = await c.req.text();
    if (!verifySignature(c.var.deps.webhookSecret, raw, c.req.header(SIGNATURE_HEADER))) {
      throw new AppError('unauthenticated', 'notification.webhook-signature-invalid');
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      throw new AppError('validation', 'general.validation-failed', { issues: ['body: not JSON'] });
    }
    const parsed = ProviderEvents.safeParse(body);
    if (!parsed.success)
      throw new AppError('validation', 'general.validation-failed', {
        issues: parsed.error.issues.map((i) => i.message),
      });
    return c.json(await applyProviderEvents(c.var.deps, parsed.data));
  })
  .use(requireSession)
  .get(
    '/conversation',
    requireRoute('customers'),
    validate('query', z.object({ ...Page, customerId: z.string().min(1).max(64) })),
    async (c) => {
      const q = c.req.valid('query');
      const { page } = await listNotifications(c.var.deps, c.var.signed.actor.accountId, q);
      return c.json({ success: true, notifications: page, error: null });
    },
  )
  .get(
    '/oldest',
    requireRoute('customers'),
    validate('query', z.object({ customerId: z.string().min(1).max(64).optional() })),
    async (c) => {
      const { customerId } = c.req.valid('query');
      const oldest = await oldestNotification(c.var.deps, c.var.signed.actor.accountId, customerId);
      return c.json({ success: true, notification: oldest, error: null });
    },
  )
  .get('/unread_count', requireRoute('inbox'), async (c) =>
    c.json({ count: await unreadCount(c.var.deps, c.var.signed.actor.accountId, undefined) }),
  )
  .get('/unread_count/:id', requireRoute('inbox'), async (c) => {
    const id = c.req.param('id');
    const { accountId } = c.var.signed.actor;
    // The id is a customer's (their thread's badge), or the account's (the inbox badge).
    const count = await unreadCount(c.var.deps, accountId, id !== accountId ? id : undefined);
    return c.json({ count });
  })
  .get('/get/:id', requireRoute('inbox'), async (c) => {
    const n = await getNotification(c.var.deps, c.var.signed.actor.accountId, c.req.param('id'));
    if (!n) throw new AppError('not-found', 'customers.unable-to-view-deleted');
    return c.json({ success: true, notification: n, error: null });
  })
  .get('/view/:id', requireRoute('inbox'), async (c) => {
    const n = await getNotification(c.var.deps, c.var.signed.actor.accountId, c.req.param('id'));
    if (!n) throw new AppError('not-found', 'customers.unable-to-view-deleted');
    c.header('content-security-policy', PAGE_CSP);
    return c.html(messagePage(n, c.var.signed.me.account.businessName));
  })
  .post(
    '/mark_as_read',
    requireRoute('inbox'),
    validate('json', z.object({ notificationIds: z.array(z.string().min(1).max(64)).min(1).max(500) })),
    async (c) => {
      await keyedCommand(c, 'notifications.mark-read', c.req.valid('json'));
      return c.json({ success: true });
    },
  )
  .put(
    '/schedule/cancel',
    requireRoute('inbox'),
    validate('json', z.object({ notifications: z.array(z.string().min(1).max(64)).min(1).max(500) })),
    async (c) => {
      await keyedCommand(c, 'notifications.cancel', { ids: c.req.valid('json').notifications });
      return c.json({ success: true });
    },
  )
  .get(
    '/',
    requireRoute('inbox'),
    validate(
      'query',
      z.object({
        ...Page,
        customerId: z.string().min(1).max(64).optional(),
        relatedItemId: z.string().min(1).max(64).optional(),
        unreadOnly: Flag,
        outbound: Flag,
        inbound: Flag,
        scheduled: Flag,
      }),
    ),
    async (c) => {
      const { page } = await listNotifications(
        c.var.deps,
        c.var.signed.actor.accountId,
        c.req.valid('query'),
      );
      return c.json({ success: true, notifications: page, error: null });
    },
  );

/**
 * `GET /api/go/m/{token}`: the public message link's content, for the page at `/go/m/{token}`
 * (not signed in; the token is the message's, docs/public-links.md). JSON `{ businessName, type, subject, content,
 * createdDate }`, or, asked for HTML, the message as a page. Unknown or not yet sent: 404.
 */
export const publicMessageRoutes = new Hono<Env>().get('/:id', async (c) => {
  const found = await readPublicMessage(c.var.deps, c.req.param('id'));
  if (!found) throw new AppError('not-found', 'notification.not-found');
  const { notification: n, businessName } = found;
  if (c.req.header('accept')?.includes('text/html')) {
    c.header('content-security-policy', PAGE_CSP);
    return c.html(messagePage(n, businessName));
  }
  return c.json({
    businessName,
    type: n.type,
    subject: n.subject ?? null,
    content: contentOf(n),
    createdDate: n.createdDate,
  });
});
