import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { layoutSnippet } from '../widgets/src/embed-code.ts';
import { serverEntities } from './server-state.ts';
import { apiContextAs, demoEmail } from './session.ts';

/**
 * The widgets script on a business's own site: a host page served by this test from another
 * origin (127.0.0.1, while the portal is localhost: another site), with the pasted stub and script
 * and CSS that would break any widget it reached. The demo business's portal is `demo`.
 */
const portalOrigin = `http://localhost:${process.env.E2E_PORT}`;
const STUB = 'window.Roundwise=window.Roundwise||function(){(Roundwise.q=Roundwise.q||[]).push(arguments)};';

/** A page of the business's site: its own hostile styles, the snippet, then `body`. */
const hostPage = (body: string) => `<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Sparkle - home</title>
<style>html{font-size:10px}body{font-family:Georgia,serif;margin:0}h2,p,button,input,label{font-size:3rem!important;color:purple!important;margin:4rem!important}</style>
<script>${STUB}window.seen=[];Roundwise('on','view',function(d){seen.push(d.widget)});Roundwise('on','signed-in',function(){window.signedIn=true});</script>
<script async src="${portalOrigin}/widgets.js" data-portal="demo"></script>
</head><body><h1>Our own site</h1>${body}<footer>Footer</footer></body></html>`;

const PAGES: Record<string, string> = {
  '/layout.html': hostPage('<div id="roundwise-portal"></div>'),
  '/elements.html': hostPage(
    '<roundwise-widget name="address-search"></roundwise-widget><roundwise-widget name="sign-in"></roundwise-widget><roundwise-widget name="upcoming-appointments"></roundwise-widget>',
  ),
  '/quote.html': hostPage('<roundwise-widget name="quote-flow"></roundwise-widget>'),
  '/ratings.html': hostPage('<roundwise-widget name="my-ratings"></roundwise-widget>'),
};

let host: Server;
let hostOrigin: string;
test.beforeAll(async () => {
  host = createServer((req, res) => {
    const page = PAGES[new URL(req.url ?? '/', 'http://x').pathname];
    res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page ?? 'not found');
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

/** Chromium's own switch for third-party cookies, on this context's pages. */
async function blockThirdPartyCookies(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send(
    'Network.setCookieControls' as never,
    {
      enableThirdPartyCookieRestriction: true,
      disableThirdPartyCookieMetadata: true,
      disableThirdPartyCookieHeuristics: true,
    } as never,
  );
}

const widget = (page: Page, name: string) =>
  page.locator(`[data-widget="${name}"], roundwise-widget[name="${name}"]`);

test('a business pastes the script: its saved layout on its own site, untouched by its CSS', {
  tag: '@both',
}, async ({ page, request }) => {
  const portal = await (await request.get('/api/portal/demo')).json();
  await page.goto(`${hostOrigin}/layout.html`);
  await expect(page.getByRole('heading', { name: `Welcome to ${portal.businessName}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Do we clean on your street?' })).toBeVisible();
  // The host's `h2{font-size:3rem!important}` on a 10 px root does not reach the widget.
  const heading = page.getByRole('heading', { name: 'Sign in' });
  expect(await heading.evaluate((h) => getComputedStyle(h).fontSize)).toBe('20px');
  expect(await heading.evaluate((h) => getComputedStyle(h).color)).not.toBe('rgb(128, 0, 128)');
  // Widgets for a signed-in customer wait for one: no frame yet.
  await expect(widget(page, 'upcoming-appointments')).toBeHidden();
  expect(await page.locator('iframe').count()).toBe(0);
  // The stub's call, made before the script loaded, was kept and run.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { seen: string[] }).seen))
    .toContain('sign-in');
  // Four columns on a desktop (sign-in beside the address search), one on a phone (below it).
  const signIn = (await widget(page, 'sign-in').boundingBox())!;
  const search = (await widget(page, 'address-search').boundingBox())!;
  const wide = (page.viewportSize()?.width ?? 0) >= 700;
  if (wide) expect(Math.abs(search.y - signIn.y)).toBeLessThan(2);
  else expect(search.y).toBeGreaterThanOrEqual(signIn.y + signIn.height);
  expect(search.x + search.width).toBeLessThanOrEqual((page.viewportSize()?.width ?? 0) + 1);
});

test('a customer signs in by code on the business site with third-party cookies blocked; framed widgets follow', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await blockThirdPartyCookies(context, page);
  const staff = await apiContextAs(baseURL, demoEmail('owner'));
  const customer = (await serverEntities(staff, 'customer')).find((c) => c.email && c.state !== 'inactive');
  expect(customer).toBeDefined();

  await page.goto(`${hostOrigin}/elements.html`);
  // An element, not the layout: only the widgets the page names.
  await expect(page.getByRole('heading', { name: 'Do we clean on your street?' })).toBeVisible();
  await expect(page.locator('[data-widget="welcome-card"]')).toHaveCount(0);
  await page.getByLabel('Email or mobile number').fill(customer.email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByText(`We have sent a code to ${customer.email}.`)).toBeVisible();
  // The code goes through the outbox to the mail sink (newest first).
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/dev/mail', { headers: { accept: 'application/json' } });
      const { mails } = (await res.json()) as { mails: { to: string; text: string }[] };
      const mail = mails.find((m) => m.to.includes(customer.email) && /sign-in code/.test(m.text));
      code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  await page.getByLabel('The 6-digit code we sent you').fill(code!);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  // Signed in: the sign-in widget gives way, the host hears of it, the framed widget appears in a
  // frame of the portal's origin, sized from inside (no scrollbar of its own).
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeHidden();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { signedIn?: boolean }).signedIn))
    .toBe(true);
  const frame = widget(page, 'upcoming-appointments').locator('iframe');
  await expect(frame).toHaveAttribute(
    'src',
    new RegExp(`^${portalOrigin}/portal/demo/frame/upcoming-appointments`),
  );
  await expect(frame).toHaveAttribute('scrolling', 'no');
  const inside = page.frameLocator('roundwise-widget[name="upcoming-appointments"] iframe');
  await expect(inside.locator('#roundwise-frame')).toBeAttached();
  // The frame really is third-party here, its own cookies refused: what works, works without them.
  const cookieKept = await inside.locator('body').evaluate(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the probe is the plain cookie a frame would set
    document.cookie = 'probe=1; SameSite=None; Secure';
    return document.cookie.includes('probe=1');
  });
  expect(cookieKept).toBe(false);
  // The session stays with the page for the customer's next page on the site.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeHidden();
  await expect(frame).toBeVisible();
});

test('a new customer asks for a quote from the business site; the lead reaches the business with its UTM', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const name = `Quinn Portal ${Date.now()}`;
  await page.goto(`${hostOrigin}/quote.html?utm_source=flyer&utm_campaign=spring`);
  await expect(page.getByRole('heading', { name: 'Get a quote' })).toBeVisible();
  const first = page.locator('roundwise-widget[name="quote-flow"] label.check').first();
  await first.click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Email').fill('quinn.portal@example.com');
  await page.getByLabel('Address').fill('12 Mill Road');
  await page.getByLabel('Postcode').fill('cb1 2ad');
  await page.getByRole('button', { name: 'Ask for a quote' }).click();
  await expect(page.getByText(`Thank you, ${name}. We will send your quote soon.`)).toBeVisible();

  const staff = await apiContextAs(baseURL, demoEmail('owner'));
  await expect
    .poll(async () => (await serverEntities(staff, 'customer')).find((c) => c.name === name), {
      timeout: 15_000,
    })
    .toMatchObject({
      createdOnPortal: true,
      // The spec's lead rule counts it: made on the portal, its source naming the directory.
      source: expect.stringMatching(/^directory/),
      utmParams: { utm_source: 'flyer', utm_campaign: 'spring' },
    });
  // A lead is the customer and its quote request, waiting for the business to price and send it.
  const lead = (await serverEntities(staff, 'customer')).find((c) => c.name === name);
  const requests = (await serverEntities(staff, 'quote')).filter((q) => q.customerId === lead._id);
  expect(requests).toEqual([
    expect.objectContaining({ name: `Quote request from ${name}`, state: 'pending' }),
  ]);
});

test('a rating the business publishes shows in the my-ratings widget on its site', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const staff = await apiContextAs(baseURL, demoEmail('owner'));
  const stamp = `${Date.now()}`;
  const command = async (name: string, input: unknown) => {
    const res = await staff.post(`/api/commands/${name}`, {
      data: { commandId: `e2e-portal-rating-${name}-${stamp}`, input },
    });
    expect(res.status(), name).toBe(200);
    return (await res.json()).result;
  };
  // A done visit, rated by its customer from the link in the visit's message.
  const email = `portal-rater-${stamp}@example.org`;
  const customer = await command('customers.create', {
    name: `Petra ${stamp} Portal`,
    email,
    contactMethods: ['email'],
  });
  const job = await command('jobs.create', {
    customerId: customer._id,
    date: '2026-11-02',
    price: 18,
    frequencyType: 'OneOff',
  });
  const visitId = `${job._id}-20261102`;
  await command('visits.complete', { jobId: job._id, isoDueDate: '2026-11-02' });
  await command('notifications.send', {
    customerId: customer._id,
    type: 'Email',
    subject: 'Your windows are clean',
    content: 'How did we do? [rating-link]',
    jobOccurrenceReminderId: visitId,
  });
  let link = '';
  await expect
    .poll(
      async () => {
        const res = await staff.get('/api/dev/mail', { headers: { accept: 'application/json' } });
        const { mails } = (await res.json()) as { mails: { to: string; text: string }[] };
        const text = mails.find((m) => m.to.includes(email))?.text ?? '';
        link = /https?:\/\/\S+\/go\/m\/[\w-]+\/rate/.exec(text)?.[0] ?? '';
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  const feedback = `Sparkling windows ${stamp}`;
  const rated = await staff.post(new URL(link).pathname, {
    form: { rating: '4', feedback },
    headers: { origin: new URL(baseURL!).origin },
  });
  expect(rated.status()).toBe(200);

  // Not published: the widget has nothing of it.
  await page.goto(`${hostOrigin}/ratings.html`);
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await expect(widget(page, 'my-ratings').locator('section')).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.getByText(feedback)).toHaveCount(0);

  expect((await staff.put(`/api/account/public-ratings/${visitId}`, { data: {} })).status()).toBe(200);
  try {
    // A new visitor (the answer is cached a few minutes per browser) sees it with its stars.
    const visitor = await page.context().browser()!.newPage();
    await visitor.goto(`${hostOrigin}/ratings.html`);
    const item = visitor.getByRole('listitem').filter({ hasText: feedback });
    await expect(item).toBeVisible();
    await expect(item.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
    await expect(item).toContainText(`Petra P.`);
    await visitor.close();
  } finally {
    await staff.delete(`/api/account/public-ratings/${visitId}`);
  }
});

test("the public portal page: the business's details from the server, its layout drawn by the script", async ({
  page,
  request,
}) => {
  const portal = await (await request.get('/api/portal/demo')).json();
  // Readable without any script: what a search engine and a slow phone get first.
  const html = await (await request.get('/portal/demo')).text();
  expect(html).toContain(`<h1>${portal.businessName}</h1>`);
  await page.goto('/portal/demo');
  await expect(page.getByRole('heading', { level: 1, name: portal.businessName })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Get a quote' })).toBeVisible();
  await expect(widget(page, 'upcoming-appointments')).toBeHidden();
});

test('the pasted snippet holds the layout’s place before the script: the page below stays put', {
  tag: '@both',
}, async ({ page, request }) => {
  // The snippet as the business copies it: the published layout's place held in it.
  const { layout } = await (await request.get('/api/portal/demo')).json();
  PAGES['/snippet.html'] = `<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Sparkle - home</title></head>
<body><h1>Our own site</h1>${layoutSnippet(portalOrigin, 'demo', layout)}<footer>Footer</footer></body></html>`;
  // The script held back: what the host page is before it runs.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/widgets.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${hostOrigin}/snippet.html`, { waitUntil: 'domcontentloaded' });
  const footer = page.getByRole('contentinfo');
  const cellHeights = () =>
    page.evaluate(() =>
      Object.fromEntries(
        [...(document.getElementById('roundwise-portal')?.shadowRoot?.querySelectorAll('.cell') ?? [])].map(
          (cell) => [(cell as HTMLElement).dataset.widget, Math.round(cell.getBoundingClientRect().height)],
        ),
      ),
    );
  const before = await cellHeights();
  expect(before['sign-in']).toBeGreaterThan(0);
  expect(before['upcoming-appointments']).toBe(0);
  const footerBefore = (await footer.boundingBox())!.y;
  const portalBefore = (await page.locator('#roundwise-portal').boundingBox())!;

  release();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Do we clean on your street?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible();
  // The quote form reads the services after its first view: measured once they are listed.
  await expect(widget(page, 'quote-flow').getByRole('checkbox').first()).toBeVisible();
  // The widgets above the quote form took exactly the height held for them (their first view's),
  // so nothing under them moved; the quote form lists the business's services, as long as it is:
  // the page below moves only by as much as the quote form now reaches past the place held.
  const after = await cellHeights();
  for (const name of ['welcome-card', 'sign-in', 'address-search'])
    expect(after[name], name).toBe(before[name]);
  expect(after['quote-flow']).toBeGreaterThan(before['quote-flow']!);
  const quote = (await page.locator('.cell[data-widget="quote-flow"]').boundingBox())!;
  const pastHeld = Math.max(0, quote.y + quote.height - (portalBefore.y + portalBefore.height));
  expect((await footer.boundingBox())!.y - footerBefore).toBeCloseTo(pastHeld, 0);
});
