import { AppError, Portal, Visits } from '@roundwise/core';
import { Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { cors } from 'hono/cors';
import { z } from 'zod';
import { findPortal, publicView } from '../portal/find-portal.ts';
import { FRAME_STYLE_HASH, framePage } from '../portal/frame-page.ts';
import { endSession, requestCode, SESSION_DAYS, signIn } from '../portal/session.ts';
import { portalFrameCsp } from '../security-headers.ts';
import { clientAddress } from './edge.ts';
import { validate } from './env.ts';
import { bookingRoutes } from './portal-booking.ts';
import { portalMeRoutes } from './portal-me.ts';
import { portalPageRoutes } from './portal-page.ts';
import {
  type PortalEnv,
  portalCookie,
  portalSession,
  publishedPortal,
  sessionToken,
} from './portal-session.ts';

/** The session cookie: sent in the business's page's frames too (third-party), in that page's partition only. */
const COOKIE = {
  httpOnly: true,
  secure: true,
  sameSite: 'None',
  partitioned: true,
  path: '/',
} as const;

/** An unknown portal or widget, in a frame: a blank page, the host keeps its layout. */
const notFoundFrame =
  '<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Not found</title></head><body></body></html>';

/** How many published ratings a widget shows, newest first; cached 5 minutes (a publish shows by then). */
const RatingsQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) });
const RATINGS_MAX_AGE = 300;
/**
 * The published portal's data is the same for every caller (no session, nothing of a customer's),
 * so a browser or CloudFront may keep it a minute: a host page's next load asks nothing. A publish
 * shows within that minute. CORS answers `Vary: Origin`, so no cache hands one site's answer to another.
 */
const PORTAL_MAX_AGE = 60;

const Contact = z.object({ contact: z.string().trim().min(1, 'portal.contact-invalid').max(254) });

/**
 * The customer's session (docs/portal.md): a code to a contact the business holds, exchanged for a
 * session of that customer on this portal, as a cookie of the portal's origin and in the answer's
 * body (a frame whose cookies are blocked keeps it in memory and sends it as a bearer token).
 */
const sessionRoutes = new Hono<PortalEnv>()
  .use(publishedPortal)
  .post('/code', validate('json', Contact), async (c) => {
    await requestCode(c.var.deps, c.var.portal, c.req.valid('json').contact, clientAddress(c as never));
    return c.json({ sent: true as const }, 202);
  })
  .post('/', validate('json', Contact.extend({ code: z.string().trim().max(12) })), async (c) => {
    const session = await signIn(c.var.deps, c.var.portal, c.req.valid('json'), clientAddress(c as never));
    setCookie(c, portalCookie(c.var.portal.directory.uniqueUrl), session.token, {
      ...COOKIE,
      maxAge: SESSION_DAYS * 86_400,
    });
    return c.json({ session });
  })
  .get('/', portalSession, (c) => {
    const { customer, viewAs } = c.var.customer;
    return c.json({ session: { id: customer._id, name: customer.name, viewAs } });
  })
  .delete('/', async (c) => {
    const carried = sessionToken(c);
    if (carried) await endSession(c.var.deps, carried.token);
    deleteCookie(c, portalCookie(c.var.portal.directory.uniqueUrl), COOKIE);
    return c.json({ ok: true as const });
  });

/**
 * The customer's side of the portal, `/api/portal/{handle}/...` (docs/portal.md): called by the
 * widgets on the business's own site (another origin: CORS without credentials, a session sent as
 * a bearer token) and by the portal origin's own page and frames (its cookie). `requireOwnOrigin`
 * leaves these paths to the rules here: nothing public changes anything of a business's but
 * through its commands, and a cookie is taken for a change only from the portal's own origin
 * (`portalSession`).
 */
export const portalRoutes = new Hono<PortalEnv>()
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
    return c.json(publicView(found), 200, { 'cache-control': `public, max-age=${PORTAL_MAX_AGE}` });
  })
  .get('/:handle/ratings', publishedPortal, validate('query', RatingsQuery), (c) => {
    const { ratings, count, average } = Visits.publishedRatings(c.var.portal.account.settings, {
      limit: c.req.valid('query').limit,
    });
    return c.json(
      {
        // What the business published, without the visit's id: a name as the customer gave it, the
        // stars, the words and the day.
        ratings: ratings.map(({ displayName, rating, feedback, date }) => ({
          displayName,
          rating,
          feedback,
          date: date.slice(0, 10),
        })),
        count,
        average,
      },
      200,
      { 'cache-control': `public, max-age=${RATINGS_MAX_AGE}` },
    );
  })
  .route('/', portalPageRoutes)
  /**
   * A framed widget's page (`/portal/{handle}/frame/{widget}` on the site): only the catalogue's
   * framed widgets, of a published portal; framed by any site, never cached.
   */
  .get('/:handle/frame/:widget', async (c) => {
    const found = await findPortal(c.var.deps, c.req.param('handle'));
    const widget = Portal.WidgetName.safeParse(c.req.param('widget'));
    if (found.kind !== 'found' || !widget.success || !Portal.widgets[widget.data].framed) {
      return c.html(notFoundFrame, 404, { 'content-security-policy': portalFrameCsp(FRAME_STYLE_HASH) });
    }
    return c.html(framePage(found, widget.data), 200, {
      'content-security-policy': portalFrameCsp(FRAME_STYLE_HASH),
    });
  })
  .route('/:handle/session', sessionRoutes)
  .route('/:handle/me', portalMeRoutes)
  .route('/:handle', bookingRoutes);

/** The portal API as a typed `hc` client sees it (mounted at `/api/portal`). */
export type PortalApi = typeof portalRoutes;
