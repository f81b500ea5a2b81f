import type { Page } from '@playwright/test';
import { expect, test } from './clock';
import { business, command, customerOwing, signUpByDirectDebit, today } from './payment-helpers';

/**
 * The payment screens a business uses (docs/payments.md, "Screens for providers and links"):
 * connecting the providers, a customer's links, collecting, and the quote's payment invite.
 */

test("the quote's payment invite carries the customer's real sign-up link", async ({
  page,
  context,
}, info) => {
  test.setTimeout(90_000);
  await business(page, `invite-${info.project.name}-${Date.now()}`);
  const customer = await command(page, 'customers.create', {
    name: 'Ivy Invite',
    email: `ivy-${info.project.name}-${Date.now()}@example.org`,
    contactMethods: ['email'],
  });
  const quote = await command(page, 'quotes.create', {
    customerId: customer._id,
    name: 'Windows',
    items: [{ title: 'Front and back', unitPrice: 20, frequency: { frequencyType: 'OneOff' } }],
    date: today(),
    expiry: today(),
  });
  await command(page, 'quotes.accept', { _id: quote._id });

  await page.goto(`/quotes/${quote._id}`);
  const summary = page.getByTestId('quote-summary');
  await summary.getByRole('button', { name: 'Quote actions' }).click();
  await page.getByRole('menuitem', { name: 'Invite to pay automatically' }).click();
  const prompt = page.getByRole('dialog', { name: 'Invite to pay automatically' });
  const message = prompt.getByLabel('Message');
  await expect(message).toHaveValue(/\/go\/p\//, { timeout: 20_000 });
  const link = (await message.inputValue()).match(/https?:\/\/\S+\/go\/p\/\S+/)?.[0] ?? '';

  // The customer opens it: the sign-up page, not "Link not available".
  const theirs = await context.browser()!.newPage();
  const answer = await theirs.goto(link);
  expect(answer?.status()).toBe(200);
  await expect(theirs.getByRole('heading', { name: 'Set up automatic payments' })).toBeVisible();
  await theirs.close();

  // Sent by email through the messaging pipeline, with the same link.
  await prompt.getByRole('button', { name: 'Send' }).click();
  await expect(prompt).toBeHidden();
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/dev/mail', { headers: { accept: 'application/json' } });
        const mails = (await res.json()).mails as { to: string; text?: string }[];
        return mails.find((m) => m.to.includes(customer.email))?.text ?? '';
      },
      { timeout: 30_000 },
    )
    .toContain(link);
});

/** For a person to look at (screenshots/, git-ignored), at the project's width. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `screenshots/payments-${test.info().project.name}-${name}.png`, fullPage: true });

test('the owner connects the providers, gives a customer their sign-up link and collects from the tab', async ({
  page,
  context,
}, info) => {
  test.setTimeout(150_000);
  await business(page, `screens-${info.project.name}-${Date.now()}`, { connect: false });
  const email = `sam-${info.project.name}-${Date.now()}@example.org`;
  const customerId = await customerOwing(page, 'Sam Signup', 40, { email, contactMethods: ['email'] });

  // Nothing connected: the pending screen says so and leads to the settings.
  await page.goto('/pending');
  const notice = page.getByTestId('pending-connections');
  await expect(notice).toContainText('No payment providers are connected');
  await notice.getByRole('link', { name: 'Connect providers' }).click();
  await expect(page).toHaveURL(/\/settings#payment-providers$/);
  const providers = page.getByTestId('payment-providers');
  for (const kind of ['direct-debit', 'card']) {
    const row = providers.getByTestId(`provider-${kind}`);
    await expect(row).toContainText('Not connected');
    await row.getByRole('button', { name: 'Connect' }).click();
    await expect(row).toContainText('Connected since');
  }
  // Disconnecting asks first; backing out keeps it, confirming ends it, and it connects again.
  const card = providers.getByTestId('provider-card');
  await card.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toContainText('Connected since');
  await card.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(card).toContainText('Not connected');
  await card.getByRole('button', { name: 'Connect' }).click();
  await expect(card).toContainText('Connected since');
  await shot(page, 'settings');
  const connections = await (await page.request.get('/api/payments/connections')).json();
  expect(Object.keys(connections.connections).sort()).toEqual(['card', 'direct-debit']);
  // The pending screen no longer asks.
  await page.goto('/pending');
  await expect(page.getByTestId('pending-connections')).toBeHidden();

  // The customer's payment links, from the Payments tab: copied, and sent by email.
  await page.goto(`/customers/${customerId}/payments`);
  const tab = page.getByTestId('customer-payments');
  await expect(tab.getByTestId('customer-balance')).toHaveText('£40.00', { timeout: 20_000 });
  // No mandate or card yet: nothing to collect through.
  await expect(tab.getByRole('button', { name: 'Collect payment' })).toBeHidden();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await tab.getByRole('button', { name: 'Payment links' }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment links' });
  await dialog.getByRole('button', { name: 'Copy sign-up link' }).click();
  await expect(page.getByText('Link copied.')).toBeVisible();
  const signUp = await page.evaluate(() => navigator.clipboard.readText());
  // A token alone: no id of the customer or the business in the link.
  expect(signUp).toMatch(/\/go\/p\/[\w-]{22}$/);
  const token = signUp.split('/').pop();
  await dialog.getByRole('button', { name: 'Copy account page link' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/go/a/${token}/$`));
  await shot(page, 'links');
  await dialog.getByRole('button', { name: 'Send sign-up link by email' }).click();
  await expect(dialog.getByLabel('Message')).toHaveValue(new RegExp(signUp.replace(/[?.]/g, '\\$&')));
  await dialog.getByRole('button', { name: `Send to ${email}` }).click();
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/dev/mail', { headers: { accept: 'application/json' } });
        const mails = (await res.json()).mails as { to: string; text?: string }[];
        return mails.find((m) => m.to.includes(email))?.text ?? '';
      },
      { timeout: 30_000 },
    )
    .toContain(signUp);
  await page.keyboard.press('Escape');

  // The customer signs up for direct debit in a browser of their own.
  const theirs = await context.browser()!.newPage();
  await signUpByDirectDebit(theirs, signUp, 'Sam Signup');
  await theirs.close();

  // Back on the tab, the mandate is on file and Sam owes: collect, after confirming.
  await page.reload();
  const collect = tab.getByRole('button', { name: 'Collect payment' });
  await expect(collect).toBeVisible({ timeout: 30_000 });
  await collect.click();
  const confirm = page.getByRole('alertdialog', { name: 'Collect payment' });
  await expect(confirm).toContainText('Collect £40.00 from Sam Signup by Direct Debit?');
  await shot(page, 'collect');
  await confirm.getByRole('button', { name: 'Collect payment' }).click();
  await expect(page.getByText('Payment asked for.')).toBeVisible();
  const payment = tab.getByTestId('ledger-payment').filter({ hasText: 'Direct Debit' });
  await expect(payment).toBeVisible();
  await expect(tab.getByTestId('customer-balance')).toHaveText('£0.00');
  // Nothing left to collect.
  await expect(collect).toBeHidden();
  await payment.click();
  const detail = page.getByTestId('payment-detail');
  await expect(detail).toContainText('Pending');
  await shot(page, 'tab');
  // The server has it, pending, once (one automatic payment for the customer).
  await expect
    .poll(
      async () => {
        await page.goto('/pending');
        await page.getByLabel('Show low-risk customers').check();
        return page.getByTestId('pending-list-direct-debit').getByRole('listitem').allInnerTexts();
      },
      { timeout: 30_000 },
    )
    .toEqual([expect.stringContaining('Sam Signup')]);

  // 'Sync payments', the payments screen's header action (spec 000 section 6), asks the providers now.
  await page.goto('/payments');
  await page.getByRole('button', { name: 'Sync payments' }).click();
  await expect(page.getByText('Payments synced with your payment providers.')).toBeVisible();
});
