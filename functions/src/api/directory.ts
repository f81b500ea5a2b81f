import { AppError, Portal } from '@roundwise/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { saveDirectory } from '../portal/save-directory.ts';
import { type Env, requireRoute, requireSession, validate } from './env.ts';
import { keyedCommand } from './keyed-command.ts';

/**
 * The business's portal listing (spec 002 section 7): `PUT /directory/secure/{accountEmail}` saves
 * the whole entry (Owner only, `portal.save-directory` under the caller's `Idempotency-Key`).
 * The address names the account by its owner's email, so it must be the signed-in owner's own.
 */
export const directoryRoutes = new Hono<Env>().put(
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
);
