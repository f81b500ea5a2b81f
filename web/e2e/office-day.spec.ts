import type { Page } from '@playwright/test';
import { e2eNow, expect, test } from './clock';
import { demoEmail, signInAs } from './session';

/**
 * Issue 25, the office's day: a campaign with a prompt and per-customer merge fields, to an
 * audience by round, from the business; the consent warning's "only those who agreed" and who
 * was skipped and why; a reply by the customer's channel; the account page saying how to pay.
 */

const unique = (info: { project: { name: string } }) => `${info.project.name}${Date.now()}`;
const today = () => e2eNow().toISOString().slice(0, 10);

// biome-ignore lint/suspicious/noExplicitAny: command results are arbitrary JSON here
async function command(page: Page, name: string, input: Record<string, unknown>): Promise<any> {
  const res = await page.request.post(`/api/commands/${name}`, {
    data: { commandId: crypto.randomUUID(), input },
  });
  expect(res.status(), `${name}: ${await res.text()}`).toBe(200);
  return (await res.json()).result;
}

interface Mail {
  from: string;
  to: string;
  subject: string;
  text: string;
}
async function mails(page: Page): Promise<Mail[]> {
  const res = await page.request.get('/api/dev/mail', { headers: { accept: 'application/json' } });
  return ((await res.json()) as { mails: Mail[] }).mails;
}

test('a campaign asks for its prompt, fills each customer’s fields, goes to a round from the business, and says who was skipped', async ({
  page,
}, info) => {
  test.setTimeout(150_000);
  await signInAs(page, demoEmail('owner'));
  const id = unique(info);
  const round = await command(page, 'rounds.create', { description: `Gutters round ${id}` });
  const customer = async (name: string, fields: Record<string, unknown>) => {
    const c = await command(page, 'customers.create', {
      name,
      contactMethods: ['email'],
      address: { addressDescription: `1 ${id} Road, Cambridge` },
      ...fields,
    });
    await command(page, 'jobs.create', {
      customerId: c._id,
      rounds: [round._id],
      date: today(),
      price: 12,
      frequencyType: 'Weeks',
      frequencyInterval: 4,
    });
    return c;
  };
  await customer(`Ann ${id}`, { email: `ann-${id}@example.com`, marketingAccepted: true });
  await customer(`Bob ${id}`, { email: `bob-${id}@example.com`, marketingAccepted: false });
  await customer(`Cat ${id}`, { email: '', marketingAccepted: true });
  await command(page, 'templates.create', {
    _id: `tpl-${id}`,
    name: `Gutters ${id}`,
    subject: `Hello [first-name], 10% off for [date=?] ${id}`,
  });

  // An audience by round: the three on the new round, nobody else.
  await page.goto('/send/audiences/create');
  await page.getByLabel('Name').fill(`Round ${id}`);
  await page.getByRole('button', { name: 'Add filter group' }).click();
  const group = page.getByRole('group', { name: 'Group 1' });
  await group.getByLabel('Field').selectOption({ label: 'Round' });
  await group.getByLabel('Value').fill(`Gutters round ${id}`);
  await expect(page.getByTestId('audience-count')).toHaveText('3 contacts', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('link', { name: `Round ${id}` })).toBeVisible();

  await page.goto('/send/campaigns/create');
  await page.getByLabel('Name').fill(`Winter ${id}`);
  await page.getByLabel('Description').fill(`About winter ${id}`);
  await page.getByLabel('Template').selectOption({ label: `Gutters ${id}` });
  await page.getByRole('checkbox', { name: `Round ${id}`, exact: true }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`About winter ${id}`)).toBeVisible();

  // Previewed per recipient: each one's own first name; the prompt stays until publishing.
  const preview = page.getByTestId('recipient-preview');
  await preview.getByLabel('As sent to').selectOption({ label: `Bob ${id}` });
  await expect(preview.getByTestId('preview-subject')).toHaveText(`Hello Bob, 10% off for [date=?] ${id}`);

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send now' }).click();
  // The prompt is asked before anything is sent.
  const prompt = page.getByRole('dialog');
  await prompt.getByRole('textbox').fill('December');
  await prompt.getByRole('button', { name: 'OK' }).click();
  // Bob has not agreed to marketing: send only to those who did.
  await page.getByRole('alertdialog').getByRole('button', { name: 'Send only to those who agreed' }).click();
  await expect(page.getByText(/Campaign published/)).toBeVisible({ timeout: 15_000 });

  await expect
    .poll(async () => (await mails(page)).filter((m) => m.subject.endsWith(id)).map((m) => m.to), {
      timeout: 30_000,
    })
    .toEqual([`ann-${id}@example.com`]);
  const sent = (await mails(page)).find((m) => m.subject.endsWith(id))!;
  expect(sent.subject).toBe(`Hello Ann, 10% off for December ${id}`);
  expect(sent.from).toContain('Sparkle Window Cleaning');

  // The report says who was not sent it, and why.
  const skipped = page.getByTestId('skipped');
  await expect(skipped).toContainText('2 not sent', { timeout: 20_000 });
  await expect(skipped.getByRole('listitem').filter({ hasText: `Bob ${id}` })).toContainText(
    'has not agreed to marketing',
  );
  await expect(skipped.getByRole('listitem').filter({ hasText: `Cat ${id}` })).toContainText(
    'no email address',
  );
});

test('a reply to a customer’s SMS is written as an SMS', async ({ page }, info) => {
  test.setTimeout(90_000);
  await signInAs(page, demoEmail('owner'));
  const id = unique(info);
  const c = await command(page, 'customers.create', {
    name: `Replying ${id}`,
    email: `reply-${id}@example.com`,
    mobileNumber: '07700 900456',
    contactMethods: ['email', 'sms'],
  });
  const sms = await command(page, 'notifications.send', {
    customerId: c._id,
    type: 'SMS',
    content: `Shall we come Friday? ${id}`,
  });
  await expect
    .poll(
      async () =>
        (
          await page.request.post('/api/dev/reply', {
            data: { notificationId: sms._id, text: `Friday is good ${id}` },
          })
        ).status(),
      { timeout: 30_000, intervals: [1000, 2000] },
    )
    .toBe(200);
  await page.goto(`/customers/${c._id}/messages`);
  await expect(page.getByTestId('message').filter({ hasText: `Friday is good ${id}` })).toBeVisible({
    timeout: 20_000,
  });
  const form = page.getByRole('form', { name: 'New message' });
  await expect(form.getByRole('button', { name: 'SMS', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('on a phone the message form does not offer Ctrl+Enter', { tag: '@phone' }, async ({ page }, info) => {
  await signInAs(page, demoEmail('owner'));
  const id = unique(info);
  const c = await command(page, 'customers.create', {
    name: `Phone ${id}`,
    email: `phone-${id}@example.com`,
    contactMethods: ['email'],
  });
  await page.goto(`/customers/${c._id}/messages`);
  await expect(page.getByRole('form', { name: 'New message' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Ctrl+Enter sends')).toHaveCount(0);
});

test('the account page says how to pay when card payments are not offered', async ({ page }, info) => {
  await signInAs(page, demoEmail('owner'));
  const id = unique(info);
  const c = await command(page, 'customers.create', {
    name: `Owing ${id}`,
    email: `owing-${id}@example.com`,
    contactMethods: ['email'],
    hideCardProvider: true,
  });
  const job = await command(page, 'jobs.create', {
    customerId: c._id,
    date: today(),
    price: 12.5,
    frequencyType: 'OneOff',
  });
  await command(page, 'visits.complete', { jobId: job._id, isoDueDate: today() });
  const links = (await (await page.request.post(`/api/payments/links/${c._id}`)).json()) as {
    account: string;
  };
  await page.goto(new URL(links.account).pathname + new URL(links.account).search);
  await expect(page.locator('#balance')).toHaveText('£12.50');
  await expect(page.locator('#how-to-pay')).toContainText('To pay, please contact Sparkle Window Cleaning');
});

test('an invoice made by hand, with lines, is on the customer’s account page', async ({ page }, info) => {
  await signInAs(page, demoEmail('owner'));
  const id = unique(info);
  const c = await command(page, 'customers.create', {
    name: `Invoiced ${id}`,
    email: `invoiced-${id}@example.com`,
    contactMethods: ['email'],
    hideCardProvider: true,
  });
  await command(page, 'payments.create-invoice', {
    customerId: c._id,
    date: today(),
    lines: [
      { description: 'Gutter clearing', amount: 40 },
      { description: 'Conservatory roof', amount: 25.5 },
    ],
  });
  const links = (await (await page.request.post(`/api/payments/links/${c._id}`)).json()) as {
    account: string;
  };
  await page.goto(new URL(links.account).pathname + new URL(links.account).search);
  await expect(page.locator('#balance')).toHaveText('£65.50');
  await expect(page.getByText('Gutter clearing £40.00; Conservatory roof £25.50')).toBeVisible();
});
