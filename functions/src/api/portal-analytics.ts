import { assertAccess, Portal } from '@roundwise/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { portalAnalytics } from '../portal/analytics.ts';
import { type Env, requireRoute, requireSession, validate } from './env.ts';

const Query = z.object({ period: Portal.AnalyticsPeriod.default(Portal.DEFAULT_ANALYTICS_PERIOD) });

/**
 * `GET /api/directory/analytics?period=`: the portal's analytics (spec 002 section 2.5 panel 3),
 * worked out here from the hourly counters and the account's leads, so the screen gets its tiles,
 * bars and leads in one answer whatever the account's size (docs/portal.md, "Analytics").
 * Owner and Admin, Ultimate and above (spec 002 section 6); online only.
 */
export const portalAnalyticsRoutes = new Hono<Env>()
  .use(requireSession)
  .use(requireRoute('portal-directory'))
  .get('/', validate('query', Query), async (c) => {
    const { actor } = c.var.signed;
    assertAccess(Portal.ANALYTICS_ACCESS, actor);
    return c.json(await portalAnalytics(c.var.deps, actor.accountId, c.req.valid('query').period));
  });
