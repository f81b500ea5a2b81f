import { AppError } from '@roundwise/core';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { findPortal, publicView } from '../portal/find-portal.ts';
import type { Env } from './env.ts';

/**
 * The customer's side of the portal, `/api/portal/{handle}/...` (docs/portal.md): called by the
 * widgets on the business's own site (another origin: CORS without credentials, a session sent as
 * a bearer token) and by the portal origin's own page and frames (its cookie). `requireOwnOrigin`
 * leaves these paths to the rules here: nothing public changes anything of a business's but
 * through its commands, and a cookie is taken for a change only from the portal's own origin
 * (`portal/session.ts`).
 */
export const portalRoutes = new Hono<Env>()
  .use(
    cors({
      origin: (origin) => origin,
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowHeaders: ['content-type', 'authorization', 'idempotency-key'],
      maxAge: 600,
    }),
  )
  /** The published portal: its listing, theme, layout and widget settings (404 unknown or unpublished). */
  .get('/:handle', async (c) => {
    const found = await findPortal(c.var.deps, c.req.param('handle'));
    if (found.kind === 'unknown') throw new AppError('not-found', 'portal.not-found');
    if (found.kind === 'unpublished') throw new AppError('not-found', 'portal.unpublished');
    return c.json(publicView(found));
  });

/** The portal API as a typed `hc` client sees it (mounted at `/api/portal`). */
export type PortalApi = typeof portalRoutes;
