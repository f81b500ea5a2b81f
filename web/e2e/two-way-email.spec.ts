import type { Page } from '@playwright/test';
import { expect, test } from './clock';
import { ownBusiness } from './own-business.ts';

/**
 * Two-way email against the local runtime's real mail servers (Dovecot for IMAP, an SMTP server
 * with logins): a business connects its own mailbox through the wizard, writes to a customer, and
 * the customer's reply, delivered into that mailbox, comes back threaded into the inbox.
 */

/** A new mailbox on the local IMAP server. */
async function mailbox(page: Page) {
  const res = await page.request.post('/api/dev/mailbox');
  expect(res.status()).toBe(200);
  return (await res.json()) as { user: string; pass: string };
}

const received = async (page: Page, user: string) =>
  (
    (await (await page.request.get(`/api/dev/mailbox/${encodeURIComponent(user)}`)).json()) as {
      messages: { messageId: string; from: string; replyTo: string; subject: string }[];
    }
  ).messages;

const deliver = async (page: Page, user: string, headers: Record<string, string>, body: string) => {
  const raw = `${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\nContent-Type: text/plain\r\n\r\n${body}\r\n`;
  expect((await page.request.post('/api/dev/mailbox/deliver', { data: { user, raw } })).status()).toBe(200);
};

const replies = async (page: Page, customerId: string) =>
  (
    (await (await page.request.get(`/api/notifications/conversation?customerId=${customerId}`)).json())
      .notifications as { type: string; message: string; relatedItemId?: string }[]
  ).filter((n) => n.type === 'EmailReply');

test('two-way email: connected through the wizard, a customer reply comes back threaded, a blocked sender does not', async ({
  page,
}, info) => {
  test.setTimeout(150_000);
  const id = `${info.project.name}-${Date.now()}`;
  await ownBusiness(page, {
    email: `two-way-${id}@example.com`,
    name: 'Tess',
    businessName: `Two-way two-way-${id}`,
    flags: ['twoWayEmail'],
  });
  const office = await mailbox(page);
  const customer = await mailbox(page);

  // The wizard: the address fills in the local servers; a wrong password comes back first.
  await page.goto('/email-settings');
  await page.getByRole('link', { name: /Your own mailbox/ }).click();
  await page.getByRole('link', { name: 'Set up your mailbox' }).click();
  const smtpForm = page.getByRole('form', { name: 'SMTP settings' });
  await smtpForm.getByRole('textbox', { name: 'User name' }).fill(office.user);
  await expect(smtpForm.getByRole('textbox', { name: 'SMTP server' })).toHaveValue('localhost');
  await expect(smtpForm.getByRole('checkbox', { name: 'Use TLS' })).toBeChecked();
  await smtpForm.getByRole('textbox', { name: /^Password/ }).fill('not the password');
  await smtpForm.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Failed to verify SMTP settings')).toBeVisible();
  await expect(
    smtpForm.getByRole('alert').filter({ hasText: 'The server did not accept this user name and password.' }),
  ).toHaveCount(2);
  await expect(smtpForm.getByTestId('server-response')).toContainText(/authentication failed/i);
  await expect(smtpForm.getByTestId('server-response')).toHaveCSS('font-weight', '700');
  await smtpForm.getByRole('textbox', { name: /^Password/ }).fill(office.pass);
  await smtpForm.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('SMTP settings verified')).toBeVisible();
  // Still one-way until IMAP verifies too.
  expect((await (await page.request.get('/api/me')).json()).account.settings.emailAPI).toBe('squeegee-smtp');
  const imapForm = page.getByRole('form', { name: 'IMAP settings' });
  await expect(imapForm.getByRole('textbox', { name: 'User name' })).toHaveValue(office.user);
  await expect(imapForm.getByRole('textbox', { name: 'Port' })).not.toHaveValue('');
  await imapForm.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('All account settings verified, two way email enabled.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('mailbox')).toContainText(office.user);
  await expect(page.getByTestId('mailbox').getByRole('img', { name: 'Connected' })).toBeVisible({
    timeout: 20_000,
  });
  expect((await (await page.request.get('/api/me')).json()).account.settings.emailAPI).toBe('email-engine');

  // A blocked address, and a customer written to from the thread.
  const blocked = `spam-${id}@elsewhere.example`;
  await page.request.post('/api/account/email-settings/blocklist', { data: { email: blocked } });
  const customerId = `cust-two-way-${id}`.toLowerCase();
  const created = await page.request.post('/api/commands/customers.create', {
    data: {
      commandId: `e2e-${customerId}`,
      input: {
        _id: customerId,
        name: `Ann ${id}`,
        email: customer.user,
        contactMethods: ['email'],
        address: { addressDescription: '1 High Street, Cambridge CB1 1AA' },
      },
    },
  });
  expect(created.status()).toBe(200);
  await page.goto(`/customers/${customerId}/messages`);
  await expect(page.getByTestId('message-thread')).toBeVisible({ timeout: 15_000 });
  // Email is the customer's one contact method: the composer starts on it.
  await page.getByRole('textbox', { name: 'Subject' }).fill(`Friday ${id}`);
  await page.getByRole('textbox', { name: 'Message' }).fill(`Can we clean on Friday? ${id}`);
  await page.getByRole('button', { name: 'Send', exact: true }).click();

  // It went out through the business's own server, from its own mailbox.
  await expect.poll(async () => (await received(page, customer.user)).length, { timeout: 30_000 }).toBe(1);
  const [ours] = await received(page, customer.user);
  expect(ours?.from).toBe(office.user);

  // The blocked sender's mail first, then the customer's reply from another address of theirs:
  // only its In-Reply-To can thread it.
  await deliver(
    page,
    office.user,
    { From: blocked, To: office.user, Subject: `Cheap pills ${id}` },
    `Buy ${id}`,
  );
  const sentAt = Date.now();
  await deliver(
    page,
    office.user,
    {
      From: `Ann <ann-home-${id}@elsewhere.example>`,
      To: office.user,
      Subject: `Re: ${ours?.subject}`,
      'Message-ID': `<reply-${id}@elsewhere.example>`,
      'In-Reply-To': ours!.messageId,
      References: ours!.messageId,
    },
    `Friday is fine ${id}`,
  );
  await expect
    .poll(async () => (await replies(page, customerId)).length, { timeout: 5_000, intervals: [100] })
    .toBe(1);
  info.annotations.push({ type: 'reply latency ms', description: String(Date.now() - sentAt) });
  expect((await replies(page, customerId))[0]?.relatedItemId).toBeTruthy();
  await page.goto('/inbox');
  await expect(page.getByTestId('inbox-row').filter({ hasText: `Friday is fine ${id}` })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByTestId('inbox-row').filter({ hasText: `Buy ${id}` })).toHaveCount(0);
  await page.goto(`/customers/${customerId}/messages`);
  await expect(page.getByTestId('message').filter({ hasText: `Friday is fine ${id}` })).toBeVisible({
    timeout: 15_000,
  });

  // A requested sync reads the mailbox again: nothing is imported twice.
  await page.goto('/email-settings/custom-provider');
  await page.getByRole('button', { name: 'Request sync' }).click();
  await expect(page.getByText('Account synced')).toBeVisible();
  await page.waitForTimeout(4000);
  expect(await replies(page, customerId)).toHaveLength(1);

  // Disconnecting returns the account to one-way.
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Account disconnected')).toBeVisible();
  await expect(page).toHaveURL(/\/email-settings$/);
  expect((await (await page.request.get('/api/me')).json()).account.settings.emailAPI).toBe('squeegee-smtp');
});
