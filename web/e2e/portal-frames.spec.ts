import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { serverEntities } from './server-state.ts';
import { apiContextAs, demoEmail, signInAs } from './session.ts';

/**
 * The framed widgets a signed-in customer uses on the business's own site (another origin, its
 * third-party cookies blocked): they accept a quote, message the business and edit their details,
 * and each lands with the business once.
 */
const portalOrigin = `http://localhost:${process.env.E2E_PORT}`;
const HOST_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Sparkle - my account</title>
<script async src="${portalOrigin}/widgets.js" data-portal="demo"></script></head><body>
<roundwise-widget name="sign-in"></roundwise-widget><roundwise-widget name="all-quotes"></roundwise-widget>
<roundwise-widget name="chat"></roundwise-widget><roundwise-widget name="profile"></roundwise-widget></body></html>`;

let host: Server;
let hostOrigin: string;
test.beforeAll(async () => {
  host = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(HOST_PAGE);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

async function command(staff: APIRequestContext, name: string, input: unknown) {
  const res = await staff.post(`/api/commands/${name}`, { data: { commandId: crypto.randomUUID(), input } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result;
}

async function signInByCode(page: Page, email: string) {
  await page.getByLabel('Email or mobile number').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/dev/mail', { headers: { accept: 'application/json' } });
      const { mails } = (await res.json()) as { mails: { to: string; text: string }[] };
      code = /\b(\d{6})\b/.exec(mails.find((m) => m.to.includes(email))?.text ?? '')?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  await page.getByLabel('The 6-digit code we sent you').fill(code!);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('a signed-in customer accepts a quote, messages the business and edits their details, in frames on its site', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCookieControls' as never, { enableThirdPartyCookieRestriction: true } as never);
  const staff = await apiContextAs(baseURL, demoEmail('owner'));
  const email = `frames-${Date.now()}@example.com`;
  const customer = await command(staff, 'customers.create', { name: 'Fran Frames', email });
  const quote = await command(staff, 'quotes.create', {
    customerId: customer._id,
    name: 'Conservatory roof',
    items: [
      { title: 'Conservatory roof', quantity: 1, unitPrice: 85, frequency: { frequencyType: 'OneOff' } },
    ],
    date: '2026-11-25',
    expiry: '2026-12-31',
  });

  await page.goto(`${hostOrigin}/account.html`);
  await signInByCode(page, email);

  const quotes = page.frameLocator('roundwise-widget[name="all-quotes"] iframe');
  await quotes.getByRole('button', { name: new RegExp(`${quote.quoteNumber} Conservatory roof`) }).click();
  await expect(quotes.getByText('£85.00').first()).toBeVisible();
  await quotes.getByRole('button', { name: 'Accept' }).click();
  await expect(quotes.getByRole('status')).toHaveText('Accepted');

  const chat = page.frameLocator('roundwise-widget[name="chat"] iframe');
  await chat.getByLabel('Your message').fill('Could you also do the gutters?');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByRole('status')).toContainText('Sent. We will reply soon.');

  const profile = page.frameLocator('roundwise-widget[name="profile"] iframe');
  await expect(profile.getByText('Fran Frames')).toBeVisible();
  await profile.getByRole('button', { name: 'Edit details' }).click();
  await profile.getByLabel('Mobile').fill('07700 900777');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(profile.getByText('07700 900777')).toBeVisible();

  // The business sees each once: the quote accepted, the message in its inbox, the new number.
  const stored = (await serverEntities(staff, 'quote')).find((q) => q._id === quote._id);
  expect(stored).toMatchObject({ state: 'accepted' });
  const messages = (await serverEntities(staff, 'notification')).filter((n) => n.customerId === customer._id);
  expect(messages).toEqual([
    expect.objectContaining({ type: 'ChatReply', unread: true, message: 'Could you also do the gutters?' }),
  ]);
  const card = (await serverEntities(staff, 'customer')).find((c) => c._id === customer._id);
  expect(card).toMatchObject({ mobileNumber: '07700 900777' });

  // The office sees the message in its inbox, unread, as the customer's chat.
  await signInAs(page, demoEmail('owner'));
  await page.goto('/inbox/unread');
  const row = page.getByTestId('inbox-row').filter({ hasText: 'Could you also do the gutters?' });
  await expect(row).toContainText('Fran Frames', { timeout: 15_000 });
  await expect(row).toContainText('Chat');
});

test('a framed widget takes its content’s height, shorter than the one held for it, in one move', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const staff = await apiContextAs(baseURL, demoEmail('owner'));
  const email = `short-${Date.now()}@example.com`;
  await command(staff, 'customers.create', { name: 'Sam Short', email });
  // Every height the quotes frame is given, from the moment it exists.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { quoteHeights: string[] }).quoteHeights = seen;
    const watch = () => {
      const frame = document
        .querySelector('roundwise-widget[name="all-quotes"]')
        ?.shadowRoot?.querySelector('iframe');
      if (frame && seen.at(-1) !== frame.style.height) seen.push(frame.style.height);
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  await page.goto(`${hostOrigin}/account.html`);
  await signInByCode(page, email);

  const quotes = page.frameLocator('roundwise-widget[name="all-quotes"] iframe');
  await expect(quotes.getByText('No quotes yet.')).toBeVisible();
  const heights = () => page.evaluate(() => (window as unknown as { quoteHeights: string[] }).quoteHeights);
  // Held at its reserved 248 px until the frame knows its content, then that height: no less
  // than it (no inner scrollbar), and no "Loading" height on the way.
  await expect.poll(async () => (await heights()).length).toBe(2);
  const [reserved, settled] = (await heights()).map((h) => Number.parseFloat(h));
  expect(reserved).toBe(248);
  const content = await quotes
    .locator('#roundwise-frame')
    .evaluate((root) => Math.ceil(root.getBoundingClientRect().height));
  expect(settled).toBe(content);
  expect(settled).toBeLessThan(reserved!);
  const host = page.locator('roundwise-widget[name="all-quotes"]');
  expect(Math.round((await host.boundingBox())!.height)).toBe(settled);
  await page.waitForTimeout(1000);
  expect(await heights()).toHaveLength(2);
});
