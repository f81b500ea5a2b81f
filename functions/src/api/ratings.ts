import { AppError, errorMessages } from '@roundwise/core';
import { type Context, Hono } from 'hono';
import { html } from 'hono/html';
import { findRatedVisit, rateVisit } from '../ratings/rate-visit.ts';
import type { Env } from './env.ts';

/** Our own HTML, no script; the form posts back to this page only. */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";
const STYLE = 'font:16px system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#0f172a';

function page(c: Context<Env>, status: number, title: string, body: ReturnType<typeof html>) {
  c.header('content-security-policy', PAGE_CSP);
  c.header('cache-control', 'no-store');
  c.status(status as 200);
  return c.html(
    html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head><body style="${STYLE}">${body}</body></html>`,
  );
}

const message = (c: Context<Env>, status: number, code: string) =>
  page(
    c,
    status,
    'Rate your visit',
    html`<h1 style="font-size:1.3rem">Rate your visit</h1><p role="alert">${errorMessages[code] ?? code}</p>`,
  );

/**
 * The customer's rating page, `/go/m/{token}/rate` (spec 001 section 2.11): from the link in the
 * visit's message, no sign-in, stars and feedback, one rating per visit. Plain HTML forms.
 */
export const publicRatingRoutes = new Hono<Env>()
  .get('/:token/rate', async (c) => {
    const found = await findRatedVisit(c.var.deps, c.req.param('token'));
    if (!found) return message(c, 404, 'ratings.link-not-found');
    if (found.visit.rating) return message(c, 200, 'ratings.already-rated');
    const stars = [5, 4, 3, 2, 1];
    return page(
      c,
      200,
      `Rate your visit from ${found.businessName}`,
      html`<h1 style="font-size:1.3rem">How did ${found.businessName} do?</h1>
<p style="color:#475569">Your visit on ${found.visit.isoDueDate}.</p>
<form method="post">
<fieldset style="border:0;padding:0;margin:0 0 1rem"><legend style="font-weight:600;margin-bottom:.5rem">Stars</legend>
${stars.map((n) => html`<label style="display:block;padding:.4rem 0"><input type="radio" name="rating" value="${n}" required> ${'★'.repeat(n)}${'☆'.repeat(5 - n)} ${n} ${n === 1 ? 'star' : 'stars'}</label>`)}
</fieldset>
<label style="display:block;font-weight:600" for="feedback">Anything to tell us? (optional)</label>
<textarea id="feedback" name="feedback" rows="4" maxlength="2000" style="width:100%;font:inherit;margin:.5rem 0 1rem"></textarea>
<button type="submit" style="font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:0;background:#4f46e5;color:#fff">Send rating</button>
</form>`,
    );
  })
  .post('/:token/rate', async (c) => {
    const found = await findRatedVisit(c.var.deps, c.req.param('token'));
    if (!found) return message(c, 404, 'ratings.link-not-found');
    const form = await c.req.parseBody();
    try {
      await rateVisit(c.var.deps, found, {
        rating: Number(form.rating),
        feedback: typeof form.feedback === 'string' ? form.feedback : '',
      });
    } catch (error) {
      if (error instanceof AppError) return message(c, error.kind === 'conflict' ? 409 : 400, error.code);
      throw error;
    }
    return page(
      c,
      200,
      'Thank you',
      html`<h1 style="font-size:1.3rem">Thank you!</h1><p>Your rating has been sent to ${found.businessName}.</p>`,
    );
  });
