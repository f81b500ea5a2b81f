import { Portal } from '@roundwise/core';
import { PortalCounters } from '@roundwise/db';
import { Hono } from 'hono';
import type { Deps } from '../context.ts';
import { findPortal, publicView } from '../portal/find-portal.ts';
import { closedPortalPage, portalPage, portalPagePolicy } from '../portal/page.ts';
import type { Env } from './env.ts';
import { limitPerAddress } from './portal-limits.ts';

/** A count that fails is logged, never the visitor's problem. */
async function count(deps: Deps, accountId: string, name: string) {
  await new PortalCounters(deps.db)
    .add(accountId, deps.now(), name)
    .catch((error) => console.error('Portal counter not written', name, error));
}

/**
 * The public portal page (`/portal/{handle}`, sent here as `/api/portal/{handle}/page`) and the
 * widgets' event beacon. Mounted inside the portal's API (`api/portal.ts`).
 */
export const portalPageRoutes = new Hono<Env>()
  .get('/:handle/page', async (c) => {
    const handle = c.req.param('handle');
    const embed = c.req.query('embed') !== undefined;
    const found = await findPortal(c.var.deps, handle);
    c.header('content-security-policy', portalPagePolicy(embed));
    if (found.kind !== 'found') {
      const name = found.kind === 'unpublished' ? found.directory.businessName : undefined;
      return c.html(closedPortalPage(name), 404);
    }
    await count(c.var.deps, found.accountId, Portal.PAGE_VIEW);
    const canonical = `${new URL(c.var.deps.publicUrl).origin}/portal/${found.directory.uniqueUrl}`;
    return c.html(portalPage(publicView(found), { embed, canonical }));
  })
  /**
   * `navigator.sendBeacon` from the widgets script: `{ event, widget? }` as text (a beacon sends no
   * JSON content type, so no preflight). Anything else is refused and counts nothing.
   */
  .post('/:handle/events', limitPerAddress('events'), async (c) => {
    const text = await c.req.text();
    let body: { event?: unknown; widget?: unknown } = {};
    try {
      body = text.length <= 500 ? (JSON.parse(text) as typeof body) : {};
    } catch {
      // Not JSON: refused below.
    }
    const { event, widget } = body;
    const known =
      typeof event === 'string' &&
      Portal.isPortalEvent(event) &&
      (widget === undefined || (typeof widget === 'string' && widget in Portal.widgets));
    if (!known) return c.json({ code: 'general.validation-failed', params: {} }, 400);
    const found = await findPortal(c.var.deps, c.req.param('handle'));
    if (found.kind !== 'found') return c.json({ code: 'portal.not-found', params: {} }, 404);
    await count(c.var.deps, found.accountId, Portal.counterOf(event, widget as string | undefined));
    return c.body(null, 204);
  });
