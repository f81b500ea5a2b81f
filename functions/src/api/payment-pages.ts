import type { Context } from 'hono';
import { Hono } from 'hono';
import { newAttempt, payByCard, signUp } from '../payments/links/actions.ts';
import { type CustomerView, findCustomerView } from '../payments/links/customer-view.ts';
import { accountPage, cardPage, linkMissingPage, signUpPage } from '../payments/links/pages.ts';
import { PageRefusal } from '../quotes/page-refusal.ts';
import { PUBLIC_PAGE_SECURITY_HEADERS } from '../security-headers.ts';
import type { Env } from './env.ts';

/**
 * The customer's payment pages (spec 000 section 2.10; the site sends `/go/p/*` and `/go/a/*`
 * here under `/api`, as `/go/q/*`): sign-up at `/go/p/{token}`, the account page at
 * `/go/a/{token}/` and paying by card at `/go/a/{token}/stripe/card`. The path holds only the
 * link's token (docs/public-links.md): an unknown one, or anything id-shaped, is 404. Forms post
 * and are answered with a redirect back (see-other), or the page again with the refusal (400).
 */
type Page = ReturnType<typeof linkMissingPage>;

function send(c: Context<Env>, body: Page, status = 200) {
  c.status(status as 200);
  for (const [name, value] of Object.entries(PUBLIC_PAGE_SECURITY_HEADERS)) c.header(name, value);
  return c.html(body);
}

async function load(c: Context<Env>): Promise<CustomerView | Response> {
  const view = await findCustomerView(c.var.deps, c.req.param('token') ?? '');
  return view ?? send(c, linkMissingPage(), 404);
}

async function act(
  c: Context<Env>,
  run: (form: Record<string, unknown>) => Promise<unknown>,
  again: (error: string) => Page,
  back: string,
) {
  const form = await c.req.parseBody();
  try {
    await run(form);
  } catch (error) {
    if (!(error instanceof PageRefusal)) throw error;
    return send(c, again(error.code), error.status);
  }
  return c.redirect(back, 303);
}

export const publicSignUpRoutes = new Hono<Env>()
  .get('/:token', async (c) => {
    const view = await load(c);
    if (view instanceof Response) return view;
    return send(c, signUpPage(view, { attempt: newAttempt() }));
  })
  .post('/:token/:kind{direct-debit|card}', async (c) => {
    const view = await load(c);
    if (view instanceof Response) return view;
    const kind = c.req.param('kind') as 'direct-debit' | 'card';
    return act(
      c,
      (form) => signUp(c.var.deps, view, kind, form),
      (error) => signUpPage(view, { attempt: newAttempt(), error }),
      `../${view.token}`,
    );
  });

export const publicAccountRoutes = new Hono<Env>()
  .get('/:token', (c) => c.redirect(`${c.req.param('token')}/${new URL(c.req.url).search}`, 301))
  .get('/:token/', async (c) => {
    const view = await load(c);
    if (view instanceof Response) return view;
    return send(c, accountPage(view, { attempt: newAttempt(), paid: c.req.query('paid') === '1' }));
  })
  .get('/:token/stripe/card', async (c) => {
    const view = await load(c);
    if (view instanceof Response) return view;
    return send(c, cardPage(view, { attempt: newAttempt() }));
  })
  .post('/:token/stripe/card', async (c) => {
    const view = await load(c);
    if (view instanceof Response) return view;
    return act(
      c,
      (form) => payByCard(c.var.deps, view, form),
      (error) => cardPage(view, { attempt: newAttempt(), error }),
      '../?paid=1',
    );
  });
