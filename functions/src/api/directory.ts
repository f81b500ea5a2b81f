import { AppError, Id, Portal } from '@roundwise/core';
import { EntityRepository, PortalStore } from '@roundwise/db';
import { Hono } from 'hono';
import { z } from 'zod';
import { saveDirectory } from '../portal/save-directory.ts';
import { openSession, VIEW_AS_MINUTES } from '../portal/session.ts';
import { type Env, requireRoute, requireSession, validate } from './env.ts';
import { keyedCommand } from './keyed-command.ts';
import { portalAnalyticsRoutes } from './portal-analytics.ts';

/**
 * The business's portal listing (spec 002 section 7): `PUT /directory/secure/{accountEmail}` saves
 * the whole entry (Owner only, `portal.save-directory` under the caller's `Idempotency-Key`).
 * The address names the account by its owner's email, so it must be the signed-in owner's own.
 */
export const directoryRoutes = new Hono<Env>()
  .put(
    '/secure/:accountEmail',
    requireSession,
    requireRoute('portal-directory'),
    validate('param', z.object({ accountEmail: z.string().max(254) })),
    async (c) => {
      const { accountEmail } = c.req.valid('param');
      if (accountEmail.trim().toLowerCase() !== c.var.signed.me.user.email.toLowerCase()) {
        throw new AppError('forbidden', 'access.role-required', { roles: ['Owner'] });
      }
      const directory = await saveDirectory(c.var.deps, c.var.signed.actor, await c.req.json(), (input) =>
        keyedCommand(c, Portal.saveDirectory.name, input),
      );
      return c.json({ success: true as const, errors: [] as string[], directory });
    },
  )
  /**
   * Whether a URL handle is free for this account, asked as the owner types it (the setup wizard,
   * settings): free, or already this account's. The save claims it again, so a handle taken
   * between this answer and the save is still refused there (`portal.handle-taken`).
   */
  .get(
    '/handle/:handle',
    requireSession,
    requireRoute('portal-directory'),
    validate('param', z.object({ handle: z.string().max(100) })),
    async (c) => {
      const handle = Portal.Handle.safeParse(c.req.valid('param').handle);
      if (!handle.success) return c.json({ available: false, code: 'portal.handle-invalid' as const });
      const holder = await new PortalStore(c.var.deps.db).accountOf(handle.data);
      const available = !holder || holder === c.var.signed.actor.accountId;
      return c.json({ available, code: available ? undefined : ('portal.handle-taken' as const) });
    },
  )
  /**
   * "View as" (spec 002 section 7): a session of one customer for the staff member to open the
   * portal with. It reads only (`portal.view-only` on any change) and lasts an hour.
   */
  .get(
    '/session/:customerId',
    requireSession,
    requireRoute('portal-directory'),
    validate('param', z.object({ customerId: Id })),
    async (c) => {
      const { deps, signed } = c.var;
      if (!signed.actor.roles.some((r) => r === 'Owner' || r === 'Admin')) {
        throw new AppError('forbidden', 'access.role-required', { roles: ['Owner', 'Admin'] });
      }
      const { customerId } = c.req.valid('param');
      const repo = new EntityRepository(deps.db, signed.actor.accountId);
      if (!(await repo.get('customer', customerId))) throw new AppError('not-found', 'customers.not-found');
      const session = await openSession(
        deps,
        signed.actor.accountId,
        customerId,
        VIEW_AS_MINUTES,
        signed.actor.userId,
      );
      return c.json({ data: { session } });
    },
  )
  .route('/analytics', portalAnalyticsRoutes);
