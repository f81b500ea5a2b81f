import { AppError, Id } from '@roundwise/core';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { newAudienceMembers } from '../send/new-members.ts';
import { campaignDelivery } from '../send/report.ts';
import { sendLogCsv } from '../send/send-log.ts';
import { unsubscribe, unsubscribeTarget } from '../send/unsubscribe.ts';
import { type Env, requireRoute, requireSession, validate } from './env.ts';
import { keyedCommand } from './keyed-command.ts';

const CustomerIds = z.object({ customerIds: z.array(Id).min(1).max(5_000) });

/** Spec 002 section 7, the send module's calls at their paths, and the campaign's report and log. */
export const sendRoutes = new Hono<Env>()
  .use(requireSession, requireRoute('send'))
  .get(
    '/get-new-audience-members/:campaignId',
    validate('param', z.object({ campaignId: Id })),
    async (c) => {
      const data = await newAudienceMembers(
        c.var.deps,
        c.var.signed.actor.accountId,
        c.req.valid('param').campaignId,
      );
      return c.json({ success: true, data });
    },
  )
  .post('/add-to-exclude-list/:campaignId', validate('json', CustomerIds), async (c) => {
    await keyedCommand(c, 'send.exclude', { _id: c.req.param('campaignId'), ...c.req.valid('json') });
    return c.json({ data: { success: true } });
  })
  .post('/remove-from-exclude-list/:campaignId', validate('json', CustomerIds), async (c) => {
    await keyedCommand(c, 'send.include', { _id: c.req.param('campaignId'), ...c.req.valid('json') });
    return c.json({ data: { success: true } });
  })
  // The delivery statistics and the send log; `?format=csv` downloads the log.
  .get('/campaigns/:id/delivery', validate('param', z.object({ id: Id })), async (c) => {
    const { id } = c.req.valid('param');
    const delivery = await campaignDelivery(c.var.deps, c.var.signed.actor.accountId, id);
    if (c.req.query('format') === 'csv') {
      c.header('content-type', 'text/csv; charset=utf-8');
      // The id goes into a header: only the characters a file name and a header both take.
      const name = id.replace(/[^A-Za-z0-9_-]/g, '_');
      c.header('content-disposition', `attachment; filename="campaign-${name}-send-log.csv"`);
      return c.body(sendLogCsv(delivery.log));
    }
    return c.json(delivery);
  });

/** Our own page: inline styles, one form posting back to itself, no scripts. */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

const page = (title: string, body: unknown) =>
  html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head>
<body style="font:16px system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#0f172a">${body}</body></html>`;

/**
 * The campaign email's unsubscribe link (public, no sign-in). GET shows a page with one button
 * (a link scanner that opens every link must not unsubscribe anyone); POST unsubscribes, from
 * that button or from a mail client's one-click button (RFC 8058, `List-Unsubscribe=One-Click`).
 */
export const unsubscribeRoutes = new Hono<Env>()
  .get('/:id', async (c) => {
    const target = await unsubscribeTarget(c.var.deps, c.req.param('id'));
    if (!target) throw new AppError('not-found', 'campaigns.unsubscribe-link-invalid');
    c.header('content-security-policy', PAGE_CSP);
    return c.html(
      page(
        'Unsubscribe',
        html`<h1 style="font-size:1.3rem">Unsubscribe from ${target.account.businessName}</h1>
<p>You will no longer receive marketing emails and messages from ${target.account.businessName}.</p>
<form method="post"><button type="submit" style="font:inherit;padding:.5rem 1rem">Unsubscribe</button></form>`,
      ),
    );
  })
  .post('/:id', async (c) => {
    if (!(await unsubscribe(c.var.deps, c.req.param('id')))) {
      throw new AppError('not-found', 'campaigns.unsubscribe-link-invalid');
    }
    if (c.req.header('accept')?.includes('text/html')) {
      c.header('content-security-policy', PAGE_CSP);
      return c.html(
        page('Unsubscribed', html`<h1 style="font-size:1.3rem">You have been unsubscribed.</h1>`),
      );
    }
    return c.json({ success: true });
  });
