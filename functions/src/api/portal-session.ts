import { AppError } from '@roundwise/core';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { type FoundPortal, findPortal } from '../portal/find-portal.ts';
import { callerOf, type PortalCaller } from '../portal/session.ts';
import { requestOrigin } from './edge.ts';
import type { Env } from './env.ts';

/** The portal's routes: the API's variables, the published portal, and a signed-in customer. */
export type PortalEnv = {
  Variables: Env['Variables'] & { portal: FoundPortal & { kind: 'found' }; customer: PortalCaller };
};

/** The cookie of one portal's session (one per handle: a customer may use two businesses' portals). */
export const portalCookie = (handle: string) => `rw_portal_${handle}`;

/** 404 unless the handle names a published portal; sets `portal`. */
export const publishedPortal = createMiddleware<PortalEnv>(async (c, next) => {
  const found = await findPortal(c.var.deps, c.req.param('handle') ?? '');
  if (found.kind === 'unknown') throw new AppError('not-found', 'portal.not-found');
  if (found.kind === 'unpublished') throw new AppError('not-found', 'portal.unpublished');
  c.set('portal', found);
  await next();
});

const SAFE = /^(GET|HEAD|OPTIONS)$/;

/** The session a request carries: a bearer token (a widget or frame holding it), else this portal's cookie. */
export function sessionToken(c: Context<PortalEnv>): { token: string; fromCookie: boolean } | undefined {
  const bearer = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(c.req.header('authorization') ?? '')?.[1];
  if (bearer) return { token: bearer, fromCookie: false };
  const cookie = getCookie(c, portalCookie(c.var.portal.directory.uniqueUrl));
  return cookie ? { token: cookie, fromCookie: true } : undefined;
}

/**
 * A signed-in customer of this portal (after `publishedPortal`): 401 `portal.session-required`
 * without a live session of this account. A cookie, which the browser sends whichever page asks,
 * is taken for a change only from the portal's own origin (another site's page cannot act as the
 * customer); a bearer token is the caller's own. A staff "view as" session reads only.
 */
export const portalSession = createMiddleware<PortalEnv>(async (c, next) => {
  const carried = sessionToken(c);
  if (carried?.fromCookie && !SAFE.test(c.req.method)) {
    const origin = c.req.header('origin');
    const own = [new URL(c.var.deps.publicUrl).origin, requestOrigin(c as never)];
    if (origin !== undefined && !own.includes(origin))
      throw new AppError('forbidden', 'general.origin-refused');
  }
  const caller = carried ? await callerOf(c.var.deps, c.var.portal, carried.token) : undefined;
  if (!caller) throw new AppError('unauthenticated', 'portal.session-required');
  if (caller.viewAs && !SAFE.test(c.req.method)) throw new AppError('forbidden', 'portal.view-only');
  c.set('customer', caller);
  await next();
});
