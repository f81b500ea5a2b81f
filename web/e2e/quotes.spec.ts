import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { e2eNow, expect, test } from './clock';
import { demoEmail, signInAs } from './session';

/** Quotes from the form to the customer's page and onto the schedule. */

test.describe.configure({ timeout: 120_000 });

const today = () => e2eNow().toISOString().slice(0, 10);
const unique = (name: string) => `${name} ${test.info().project.name} ${Date.now().toString(36)}`;

async function command(request: APIRequestContext, name: string, input: unknown) {
  const res = await request.post(`/api/commands/${name}`, {
    data: { commandId: crypto.randomUUID(), input },
  });
  expect(res.status(), `${name}: ${await res.text()}`).toBe(200);
  return (await res.json()).result;
}

/** A customer of the demo business with an address the mail sink can receive for. */
async function newCustomer(page: Page) {
  const name = unique('Quoted');
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}@example.org`;
  const customer = await command(page.request, 'customers.create', { name, email, state: 'inactive' });
  return { id: customer._id as string, name, email };
}

/** The customer, in a browser of their own: no staff session, no staff app. */
async function asCustomer(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return { page: await context.newPage(), close: () => context.close() };
}

/** The path of the newest quote link mailed to `to`, once the SMTP sink has it. */
async function mailedQuotePath(page: Page, to: string): Promise<string> {
  let links: string[] = [];
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/dev/mail', { headers: { accept: 'application/json' } });
        const mails = (await res.json()).mails as { to: string; links: string[] }[];
        links = mails.find((m) => m.to.includes(to))?.links ?? [];
        return links.some((l) => l.includes('/go/q/'));
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return new URL(links.find((l) => l.includes('/go/q/')) as string).pathname;
}

test('a two-item quote: made, sent, accepted by the customer, converted, on the schedule', {
  tag: '@both',
}, async ({ page, browser, baseURL }) => {
  await signInAs(page, demoEmail('owner'));
  const customer = await newCustomer(page);
  await page.goto('/quotes');
  await expect(page.getByRole('heading', { name: 'Quotes', level: 1 })).toBeVisible();
  await expect(page.getByTestId('quote-list')).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'New quote' }).first().click();
  const form = page.getByTestId('quote-form');
  await form.getByRole('combobox', { name: 'Customer' }).fill(customer.name);
  await form.getByRole('option').filter({ hasText: customer.name }).first().click();
  await form.getByLabel('Quote name').fill('Windows and gutters');
  // Campaign tracking fields are folded away under "Advanced".
  await expect(form.getByLabel('utm_source')).toBeHidden();
  await form.getByText('Advanced: campaign tracking').click();
  await expect(form.getByLabel('utm_source')).toBeVisible();
  const first = form.getByTestId('quote-item-0');
  await first.getByLabel('Title').fill('Windows');
  await first.getByLabel('Unit price').fill('20');
  await first.getByLabel('Frequency').selectOption('Weeks');
  const round = (await first.getByLabel('Round').locator('option').nth(1).textContent()) ?? '';
  await first.getByLabel('Round').selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Add a job' }).click();
  const second = form.getByTestId('quote-item-1');
  await second.getByLabel('Title').fill('Gutters');
  await second.getByLabel('Unit price').fill('45');
  await second.getByLabel('Frequency').selectOption('OneOff');
  await second.getByLabel('Round').selectOption({ label: round });
  await expect(form.getByTestId('quote-totals')).toContainText('£65.00');
  await form.getByRole('button', { name: 'Save' }).click();

  // The summary opens; the number comes from the server ('Pending Sync' until then).
  const summary = page.getByTestId('quote-summary');
  await expect(summary).toBeVisible();
  await expect(summary.getByTestId('quote-number')).toHaveText(/^Q-\d+$/, { timeout: 30_000 });
  await expect(summary.getByTestId('quote-tags')).toContainText('Not sent');
  await expect(summary).toContainText('Every 4 weeks');
  await expect(summary).toContainText('One-off');

  await summary.getByRole('button', { name: 'Send', exact: true }).click();
  const send = page.getByRole('dialog', { name: 'Send by email' });
  await expect(send.getByLabel('Message')).toHaveValue(/\/go\/q\//);
  // The message names the quote by its number (the server's, given after the summary opened).
  const number = (await summary.getByTestId('quote-number').textContent()) ?? '';
  await expect(send.getByLabel('Message')).toHaveValue(new RegExp(`Your quote ${number} for £65\\.00`));
  await send.getByRole('button', { name: 'Send', exact: true }).click();
  const path = await mailedQuotePath(page, customer.email);
  await expect(summary.getByTestId('quote-tags')).toContainText('Sent');

  const them = await asCustomer(browser, baseURL);
  const shown = await them.page.goto(path);
  expect(shown?.status()).toBe(200);
  await expect(them.page.getByText('£65.00').last()).toBeVisible();
  await expect(them.page.locator('script')).toHaveCount(0);
  await them.page.getByRole('button', { name: 'Accept quote' }).click();
  await expect(them.page.locator('#status')).toContainText('Accepted');
  await them.close();

  // The staff app learns of it on its next sync.
  await page.reload();
  await expect(summary.getByTestId('quote-tags')).toContainText('Accepted', { timeout: 30_000 });
  await expect(summary.getByTestId('quote-tags')).toContainText('Viewed');
  // The acceptance evidence (its fingerprint, where and which version) is behind "Details".
  const acceptance = summary.getByTestId('quote-acceptance');
  await expect(acceptance.getByText(/SHA-256/)).toBeHidden();
  await acceptance.getByText('Details', { exact: true }).click();
  await expect(acceptance.getByText(/SHA-256/)).toBeVisible();

  await summary.getByRole('button', { name: 'Convert to jobs' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Convert to jobs' }).click();
  await expect(page.getByText('Quote converted to jobs.')).toBeVisible();
  // Then the booking confirmation is offered.
  const booking = page.getByRole('dialog', { name: 'Send the customer a booking confirmation?' });
  await expect(booking).toBeVisible();
  await booking.getByRole('button', { name: 'Cancel' }).click();
  await expect(summary.getByTestId('quote-tags')).toContainText('Converted');

  await page.goto(`/schedule/${today()}`);
  await expect(page.getByText(customer.name).first()).toBeVisible({ timeout: 30_000 });
});

test('the customer declines with a reason, and the business sees it', async ({ page, browser, baseURL }) => {
  await signInAs(page, demoEmail('owner'));
  const customer = await newCustomer(page);
  const quote = await command(page.request, 'quotes.create', {
    customerId: customer.id,
    name: 'Conservatory',
    items: [{ title: 'Conservatory roof', unitPrice: 80, frequency: { frequencyType: 'OneOff' } }],
    date: today(),
    expiry: today(),
  });
  const them = await asCustomer(browser, baseURL);
  await them.page.goto(`/go/q/${quote.linkToken}/`);
  // A reason is required: the browser keeps the form until one is given.
  await them.page.getByLabel(/Tell .* why/).fill('Going with a neighbour');
  await them.page.getByRole('button', { name: 'Decline quote' }).click();
  await expect(them.page.locator('#status')).toContainText('Declined: Going with a neighbour');
  await them.close();

  await page.goto(`/quotes/${quote._id}`);
  const summary = page.getByTestId('quote-summary');
  await expect(summary.getByTestId('quote-tags')).toContainText('Declined', { timeout: 30_000 });
  await expect(summary.getByTestId('quote-decline-reason')).toHaveText('Going with a neighbour');
  // The business is told at once: an alert (the alerts area) with the customer's reason.
  await page.goto('/alerts');
  await expect(page.getByRole('link', { name: `Quote ${quote.quoteNumber} declined` })).toBeVisible({
    timeout: 30_000,
  });
});

test('an expired quote cannot be accepted', async ({ page, browser, baseURL }) => {
  await signInAs(page, demoEmail('owner'));
  const customer = await newCustomer(page);
  const quote = await command(page.request, 'quotes.create', {
    customerId: customer.id,
    items: [{ title: 'Windows', unitPrice: 20 }],
    date: '2026-10-01',
    expiry: '2026-10-31',
  });
  const them = await asCustomer(browser, baseURL);
  const shown = await them.page.goto(`/go/q/${quote.linkToken}/`);
  expect(shown?.status()).toBe(410);
  await expect(them.page.locator('#status')).toContainText('This quote has expired.');
  await expect(them.page.getByRole('button', { name: 'Accept quote' })).toHaveCount(0);
  const accept = await them.page.request.post(`/go/q/${quote.linkToken}/accept`, {
    headers: { origin: new URL(baseURL as string).origin },
  });
  expect(accept.status()).toBe(410);
  await them.close();
  await page.goto(`/quotes/${quote._id}`);
  await expect(page.getByTestId('quote-summary').getByTestId('quote-tags')).toContainText('Expired', {
    timeout: 30_000,
  });
});
