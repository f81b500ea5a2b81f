import type { Page } from '@playwright/test';
import { expect, test } from './clock';
import { demoEmail, signInAs } from './session';

// Each test signs up a business and walks several screens: more than 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

/**
 * A new business's first day, as a user coming from other tools expects it: quick start does not
 * take over the page opened, its steps link to where they are done, the Owner switches features
 * on in Settings, and a customer typed with an email and a mobile can be messaged.
 */

/** Signs up a business of its own and leaves the page signed in as its Owner. */
async function newBusiness(page: Page, tag: string) {
  const email = `first-${tag}-${test.info().project.name}-${Date.now()}@example.com`;
  const signup = await page.request.post('/api/auth/signup', {
    data: { email, password: 'a good password', name: 'Fern First', businessName: `First ${tag}` },
  });
  expect(signup.status()).toBe(201);
}

test('quick start greets the app’s start but never takes over a page opened by its address', async ({
  page,
}) => {
  await newBusiness(page, 'quick');
  // A link or a reload to a screen stays on it (every reload landed on quick start).
  await page.goto('/customers');
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();

  // Opening the app itself: quick start, whose steps each link to where they are done.
  await page.goto('/');
  await expect(page).toHaveURL(/\/quickstart$/);
  for (const [step, path] of [
    ['first-customer', '/customers'],
    ['first-round', '/rounds'],
    ['business-details', '/account'],
    ['user-invited', '/users'],
  ] as const) {
    await expect(page.getByTestId(`step-${step}`).getByRole('link')).toHaveAttribute('href', path);
  }
  await page.getByRole('link', { name: /^Start\W+Add your first customer$/ }).click();
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
});

test('the Owner switches Send and the audit log on in Settings; the server checks the plan', async ({
  page,
}) => {
  await newBusiness(page, 'features');
  await page.goto('/send');
  await expect(page.getByText('This feature is not switched on for your account.')).toBeVisible();
  await page.goto('/audit');
  await expect(page.getByText('This feature is not switched on for your account.')).toBeVisible();

  await page.goto('/settings');
  for (const name of ['Send: message templates, audiences and campaigns', 'Audit log']) {
    const toggle = page.getByRole('switch', { name });
    await expect(toggle).not.toBeChecked();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/account') && r.request().method() === 'PATCH',
    );
    await toggle.click();
    expect((await saved).status()).toBe(200);
    await expect(toggle).toBeChecked();
  }
  await page.goto('/send');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('This feature is not switched on for your account.')).toHaveCount(0);
  // The audit log opens for the Owner without developer mode.
  await page.goto('/audit');
  await expect(page.getByRole('heading', { name: /Audit/, level: 1 })).toBeVisible();
  await expect(page.getByText('This needs developer mode.')).toHaveCount(0);
  expect((await page.request.post('/api/audit/events', { data: {} })).status()).toBe(200);

  // On the Core plan, an Ultimate feature is refused by the server and offered disabled.
  const core = await page.request.post('/api/account/subscription', { data: { level: 'Core' } });
  expect(core.status()).toBe(200);
  const balance = await page.request.patch('/api/account', { data: { flags: ['send', 'audit', 'balance'] } });
  expect(balance.status()).toBe(403);
  expect((await balance.json()).code).toBe('access.level-required');
  await page.goto('/settings');
  await expect(page.getByRole('switch', { name: /^Balance/ })).toBeDisabled();
});

test('Email and SMS are ticked as their details are typed, and the user may untick them', async ({
  page,
}) => {
  await newBusiness(page, 'contact');
  await page.goto('/customers');
  await page.getByRole('button', { name: 'New customer' }).first().click();
  const form = page.getByRole('dialog', { name: 'New customer' });
  const email = form.getByRole('checkbox', { name: 'Email' });
  const sms = form.getByRole('checkbox', { name: 'SMS' });
  await expect(email).not.toBeChecked();
  await form.getByLabel('Name').fill('Cora Contact');
  await form.getByRole('textbox', { name: 'Email' }).fill('cora@example.com');
  await expect(email).toBeChecked();
  await form.getByLabel('Mobile').fill('07700 900123');
  await expect(sms).toBeChecked();
  // The user's choice wins: unticked, it stays unticked as the number changes.
  await sms.uncheck();
  await form.getByLabel('Mobile').fill('07700 900124');
  await expect(sms).not.toBeChecked();
  await form.getByRole('button', { name: 'Add customer' }).click();
  // Saved as chosen: the customer can be mailed, and not texted.
  const methods = page.locator('dt', { hasText: 'Contact methods' }).locator('xpath=following-sibling::dd');
  await expect(methods).toHaveText('Email');
});

test('the quote’s customer picker searches every customer and lists only what fits on screen', async ({
  page,
}) => {
  await signInAs(page, demoEmail('owner'));
  await page.goto('/quotes');
  await page.getByRole('button', { name: 'New quote' }).first().click();
  const form = page.getByTestId('quote-form');
  const box = form.getByRole('combobox', { name: 'Customer' });
  await box.focus();
  const list = form.getByRole('listbox');
  await expect(list).toBeVisible();
  // Every customer is counted, few are drawn (a plain select drew all of them).
  const total = Number((await form.getByText(/^[\d,]+ customers$/).textContent())!.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(20);
  expect(await list.getByRole('option').count()).toBeLessThan(total);
  // By keyboard: a few letters, Down, Enter.
  const first = (await list.getByRole('option').first().locator('span').first().textContent())!;
  await box.fill(first.slice(0, 5));
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(list).toHaveCount(0);
  await expect(box).toHaveValue(/\S/);
});
