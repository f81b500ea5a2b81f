import type { Page } from '@playwright/test';
import { expect } from './clock';

/**
 * What the payment provider specs share: a business of their own (the simulated providers' time
 * is moved on per business through the dev endpoint), customers who owe, their links, and the
 * customer's own direct-debit sign-up.
 */
export const today = () => (process.env.E2E_NOW ?? '2026-11-25T10:00:00Z').slice(0, 10);

export async function command(page: Page, name: string, input: unknown) {
  const res = await page.request.post(`/api/commands/${name}`, {
    data: { commandId: `e2e-pay-${name}-${Date.now()}-${Math.random()}`, input },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result;
}

/**
 * A verified business of its own, signed in on `page`, with both providers connected through the
 * API unless `connect` is false (the test then connects them on the screen).
 */
export async function business(page: Page, run: string, { connect = true } = {}) {
  const email = `providers-${run}@example.com`;
  const signup = await page.request.post('/api/auth/signup', {
    data: { email, password: 'a good password', name: 'Pat', businessName: `Providers ${run}` },
  });
  expect(signup.status()).toBe(201);
  let token = '';
  await expect
    .poll(async () => {
      const { mails } = (await (
        await page.request.get('/api/dev/mail', { headers: { accept: 'application/json' } })
      ).json()) as { mails: { to: string; links: string[] }[] };
      const link = mails.find((m) => m.to.includes(email))?.links.find((l) => l.includes('verify-email'));
      token = link ? (new URL(link, 'http://x').searchParams.get('token') ?? '') : '';
      return token;
    })
    .not.toBe('');
  expect((await page.request.post('/api/auth/verify-email', { data: { token } })).status()).toBe(200);
  // Straight to the screens (no quick start); developer mode shows the risk scores.
  const me = await page.request.patch('/api/me', {
    data: { developerMode: true, settings: { hideQuickStart: true } },
  });
  expect(me.status()).toBe(200);
  if (!connect) return;
  for (const kind of ['direct-debit', 'card']) {
    const res = await page.request.put(`/api/payments/connections/${kind}`, { data: { connected: true } });
    expect(res.status()).toBe(200);
  }
}

/** A customer with a completed visit of `price` today: an invoice they owe. */
export async function customerOwing(page: Page, name: string, price: number, fields: object = {}) {
  const customer = await command(page, 'customers.create', { name, ...fields });
  const job = await command(page, 'jobs.create', {
    customerId: customer._id,
    date: today(),
    price,
    frequencyType: 'Weeks',
    frequencyInterval: 4,
  });
  await command(page, 'visits.complete', { jobId: job._id, isoDueDate: today() });
  return customer._id as string;
}

export async function linksOf(page: Page, customerId: string) {
  const res = await page.request.post(`/api/payments/links/${customerId}`, { data: {} });
  expect(res.status()).toBe(200);
  return (await res.json()) as { signUp: string; account: string };
}

export async function advanceDays(page: Page, days: number) {
  expect((await page.request.post('/api/dev/payments/advance', { data: { days } })).status()).toBe(200);
}

/** The customer's own browser: the link's page, the bank details, the button. */
export async function signUpByDirectDebit(customer: Page, link: string, holder: string) {
  await customer.goto(link);
  await expect(customer.getByRole('heading', { name: 'Set up automatic payments' })).toBeVisible();
  await customer.getByLabel('Account holder name').fill(holder);
  await customer.getByLabel('Sort code').fill('20-00-00');
  await customer.getByLabel('Account number').fill('55779911');
  await customer.getByRole('button', { name: 'Set up Direct Debit' }).click();
  await expect(customer.locator('#status')).toHaveText(/being set up/);
}
