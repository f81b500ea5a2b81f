import { Hono } from 'hono';
import { statusForItem } from '../notifications/queries.ts';
import { type Env, requireRoute, requireSession } from './env.ts';

/** `GET /api/notification_status_for_transaction/{id}` (spec 000 section 7). */
export const notificationStatusForTransactionRoutes = new Hono<Env>()
  .use(requireSession)
  .get('/:id', requireRoute('customers'), async (c) => {
    const data = await statusForItem(c.var.deps, c.var.signed.actor.accountId, c.req.param('id'));
    return c.json({ success: true, data });
  });
