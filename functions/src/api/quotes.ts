import { Customers, newId } from '@roundwise/core';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { bucketOf } from '../attachments/bucket.ts';
import { downloadLink } from '../attachments/download-link.ts';
import { acceptByCustomer, declineByCustomer } from '../quotes/customer-answers.ts';
import { quoteDocument } from '../quotes/document.ts';
import { findPublicQuote, type PublicQuote } from '../quotes/find-public-quote.ts';
import { missingPage, quotePage } from '../quotes/page.ts';
import { PageRefusal } from '../quotes/page-refusal.ts';
import { quoteFiles } from '../quotes/quote-files.ts';
import { recordQuoteLinkUtm } from '../quotes/record-utm.ts';
import { recordView } from '../quotes/record-view.ts';
import { PUBLIC_PAGE_SECURITY_HEADERS } from '../security-headers.ts';
import { clientAddress } from './edge.ts';
import type { Env } from './env.ts';

type Found = PublicQuote & { kind: 'found' };

/**
 * The customer's quote page, `/go/q/{id}/` (spec 000 section 2.10; the site sends `/go/q/*` here
 * as `/api/go/q/*`): no staff sign-in, server-rendered HTML with no script, so it loads nothing of
 * the staff app. Accept and decline are plain form posts answered with a redirect back to the page.
 * Statuses: 200 the quote, 404 an unknown link, 410 a deleted or expired quote, 400 a decline with
 * no reason.
 */
export const publicQuoteRoutes = new Hono<Env>();

function send(c: Context<Env>, body: ReturnType<typeof quotePage>, status: number) {
  c.status(status as 200);
  for (const [name, value] of Object.entries(PUBLIC_PAGE_SECURITY_HEADERS)) c.header(name, value);
  return c.html(body);
}

async function render(
  c: Context<Env>,
  found: Found,
  options: { preview?: boolean; error?: string; status?: number } = {},
) {
  const { quote, account, customerName, settings } = found;
  // Once accepted, the page shows what was accepted, whatever has been edited since.
  const doc = quote.acceptance?.document
    ? (quote.acceptance.document as ReturnType<typeof quoteDocument>)
    : quoteDocument(quote, account, customerName);
  const state = found.expired ? 'expired' : quote.state;
  const files = await quoteFiles(found);
  return send(
    c,
    quotePage({
      doc,
      contact: settings,
      state,
      ...(quote.acceptedDate ? { acceptedAt: quote.acceptedDate } : {}),
      ...(quote.declineReason ? { declineReason: quote.declineReason } : {}),
      preview: options.preview ?? false,
      attempt: newId(),
      ...(options.error ? { error: options.error } : {}),
      attachments: files.map((a) => ({ id: a._id, name: a.name, size: a.size })),
    }),
    options.status ?? (found.expired ? 410 : 200),
  );
}

async function load(c: Context<Env>): Promise<Found | Response> {
  const found = await findPublicQuote(c.var.deps, c.req.param('id') ?? '');
  if (found.kind === 'found') return found;
  return send(c, missingPage('quote.link-not-found'), found.kind === 'deleted' ? 410 : 404);
}

const view = async (c: Context<Env>) => {
  const found = await load(c);
  if (found instanceof Response) return found;
  const preview = c.req.query('preview_mode') === 'true';
  if (!preview && !found.expired) {
    const seen = await recordView(c.var.deps, found);
    if (seen) found.quote = seen;
    await recordQuoteLinkUtm(c.var.deps, found, Customers.utmFromQuery(c.req.query()));
  }
  return render(c, found, { preview });
};
publicQuoteRoutes.get('/:id/', view);
publicQuoteRoutes.get('/:id', (c) => c.redirect(`${c.req.param('id')}/`, 301));

/**
 * A file of the quote, `/go/q/{id}/a/{attachmentId}`: a redirect to a link to the file signed for
 * 60 seconds. The page itself carries no signed link (it would be dead once the page has been open
 * a minute); only files the quote names are given, and only while its link works.
 */
publicQuoteRoutes.get('/:id/a/:attachmentId', async (c) => {
  const found = await load(c);
  if (found instanceof Response) return found;
  const file = (await quoteFiles(found)).find((a) => a._id === c.req.param('attachmentId'));
  if (!file) return send(c, missingPage('attachment.not-found'), 404);
  return c.redirect(await downloadLink(bucketOf(c.var.deps.attachments), file), 302);
});

async function act(c: Context<Env>, run: (found: Found, form: Record<string, unknown>) => Promise<unknown>) {
  const found = await load(c);
  if (found instanceof Response) return found;
  const form = await c.req.parseBody();
  try {
    await run(found, form);
  } catch (error) {
    if (!(error instanceof PageRefusal)) throw error;
    // The page again, as it now is, with the refusal.
    const now = await load(c);
    if (now instanceof Response) return now;
    return render(c, now, { error: error.code, status: error.status });
  }
  // Back to the page (see-other: a reload does not post again).
  return c.redirect('./', 303);
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

publicQuoteRoutes.post('/:id/accept', (c) =>
  act(c, (found, form) =>
    acceptByCustomer(c.var.deps, found, text(form.attempt), {
      address: clientAddress(c) ?? 'local',
      userAgent: c.req.header('user-agent') ?? '',
    }),
  ),
);

publicQuoteRoutes.post('/:id/decline', (c) =>
  act(c, (found, form) => declineByCustomer(c.var.deps, found, text(form.attempt), text(form.reason))),
);
