import type { Page } from '@playwright/test';
import { expect, test } from './clock';
import { goOffline, goOnline } from './network';
import { demoEmail, signInAs } from './session';

/** Messaging from the thread and the inbox, email settings, canned responses, credits. */

const signIn = (page: Page) => signInAs(page, demoEmail('owner'));
const unique = (info: { project: { name: string } }) => `${info.project.name}-${Date.now()}`;

/** Adds a customer through the API, with the contact methods a thread needs. */
async function addCustomer(page: Page, name: string, email: string, extra: Record<string, unknown> = {}) {
  const id = `cust-${name.replace(/\W+/g, '-').toLowerCase()}`;
  const res = await page.request.post('/api/commands/customers.create', {
    data: {
      commandId: `e2e-${id}`,
      input: {
        _id: id,
        name,
        email,
        mobileNumber: '07700 900456',
        contactMethods: ['email', 'sms'],
        address: { addressDescription: `1 ${name} Street, Cambridge CB1 1AA` },
        ...extra,
      },
    },
  });
  expect(res.status()).toBe(200);
  return id;
}

/** The mails the local SMTP sink caught for `to`. */
async function mailsTo(page: Page, to: string) {
  const res = await page.request.get('/api/dev/mail', { headers: { accept: 'application/json' } });
  const { mails } = (await res.json()) as { mails: { to: string; subject: string; text: string }[] };
  return mails.filter((m) => m.to.includes(to));
}

async function openThread(page: Page, customerId: string) {
  await page.goto(`/customers/${customerId}/messages`);
  await expect(page.getByTestId('message-thread')).toBeVisible({ timeout: 15_000 });
}

test('an email from the thread: canned response with a [token=?] prompt, Ctrl+Enter, the sink, its status', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  await signIn(page);
  const id = unique(info);
  // A canned response with a token, made on its settings screen.
  await page.goto('/canned-responses');
  await page.getByRole('button', { name: 'New canned response' }).click();
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await page.getByLabel('Title').fill(`Running late ${id}`);
  await expect(save).toBeDisabled();
  await page.getByLabel('Message').fill('Sorry, we are running [minutes=?] minutes late today.');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByRole('button', { name: new RegExp(`Running late ${id}`) })).toBeVisible();

  const email = `thread-${id}@example.com`;
  const customerId = await addCustomer(page, `Thread ${id}`, email);
  await openThread(page, customerId);
  await expect(page.getByText('No messages yet')).toBeVisible();
  await page.getByRole('button', { name: 'Email', exact: true }).click();
  await page.getByRole('textbox', { name: 'Subject' }).fill('Today');
  // Enter is a line break, not a send.
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Hello');
  await box.press('Enter');
  await box.pressSequentially('there');
  await expect(box).toHaveValue('Hello\nthere');
  await box.fill('');
  // The picker: title and a 50-character preview; picking inserts; copy shows its notice.
  await page.getByRole('button', { name: 'Canned responses' }).click();
  const picker = page.getByRole('dialog', { name: 'Canned responses' });
  const pick = picker.getByRole('button', { name: `Insert Running late ${id}` });
  const text = 'Sorry, we are running [minutes=?] minutes late today.';
  await expect(pick).toContainText(`${text.slice(0, 50)}…`);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await picker.getByRole('button', { name: 'Copy' }).first().click();
  await expect(picker.getByRole('status')).toHaveText('Copied to clipboard.');
  await pick.click();
  await expect(box).toHaveValue('Sorry, we are running [minutes=?] minutes late today.');
  await box.press('Control+Enter');
  const prompt = page.getByRole('dialog', { name: 'Fill in the blanks' });
  await prompt.getByLabel('Enter a value for minutes').fill('20');
  await prompt.getByRole('button', { name: 'OK' }).click();

  const message = page.getByTestId('message').filter({ hasText: 'running 20 minutes late' });
  await expect(message).toBeVisible();
  await expect(box).toHaveValue('');
  await expect.poll(async () => (await mailsTo(page, email)).length, { timeout: 20_000 }).toBe(1);
  expect((await mailsTo(page, email))[0]?.text).toContain('Sorry, we are running 20 minutes late today.');
  // The sink's delivery callback reaches the webhook; the thread, reopened, shows it delivered.
  await expect
    .poll(
      async () => {
        await openThread(page, customerId);
        return message.getAttribute('data-status');
      },
      { timeout: 30_000, intervals: [1000, 2000, 3000] },
    )
    .toMatch(/delivered|opened|read/);
  await message.click();
  const details = page.getByRole('dialog', { name: 'Delivery details' });
  await expect(details.getByTestId('status-history')).toContainText('Pending');
  await details.getByRole('button', { name: 'View message' }).click();
  const sample = page.getByRole('dialog').filter({ has: page.getByTestId('sample-frame') });
  await expect(sample.getByTestId('sample-frame')).toHaveAttribute('sandbox', '');
  await expect(
    sample
      .frameLocator('[data-testid="sample-frame"]')
      .getByText('Sorry, we are running 20 minutes late today.'),
  ).toBeVisible();
  await page.screenshot({ path: info.outputPath('thread-sample.png') });
});

test('merge fields in a thread message: previewed as the customer will get them, and sent filled', async ({
  page,
}, info) => {
  test.setTimeout(60_000);
  await signIn(page);
  const id = unique(info);
  const email = `merge-${id}@example.com`;
  const customerId = await addCustomer(page, `Mia Fields ${id}`, email);
  const invoiced = await page.request.post('/api/commands/payments.create-invoice', {
    data: {
      commandId: `e2e-merge-invoice-${id}`,
      input: { customerId, date: '2026-01-05', lines: [{ description: 'Gutter repair', amount: 18.75 }] },
    },
  });
  expect(invoiced.status()).toBe(200);
  await openThread(page, customerId);
  await page.getByRole('button', { name: 'Email', exact: true }).click();
  await page.getByRole('textbox', { name: 'Subject' }).fill('For [name]');
  await page
    .getByRole('textbox', { name: 'Message' })
    .fill('Hi [first-name], you owe [balance].\nYour page: ');
  // The fields are offered in the form; the customer's own page is put in where the caret is.
  await page.getByRole('combobox', { name: 'Insert a field' }).selectOption('portal-link');
  const preview = page.getByTestId('merge-preview');
  await expect(preview).toContainText(`What Mia Fields ${id} will get`);
  await expect(page.getByTestId('merge-preview-subject')).toHaveText(`For Mia Fields ${id}`);
  // The portal link is the customer's own page, its token the server's (asked for online).
  const filled = /^Hi Mia, you owe £18\.75\.\r?\nYour page: (https?:\/\/[^/]+\/go\/a\/[\w-]{22}\/)$/;
  await expect(page.getByTestId('merge-preview-content')).toHaveText(filled, { timeout: 15_000 });
  const previewed = filled.exec((await page.getByTestId('merge-preview-content').textContent()) ?? '')?.[1];
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  // The thread shows what the customer got, and so does the mail, with the same working link.
  await expect(page.getByTestId('message').filter({ hasText: 'Hi Mia, you owe £18.75.' })).toBeVisible();
  await expect.poll(async () => (await mailsTo(page, email)).length, { timeout: 20_000 }).toBe(1);
  const [mail] = await mailsTo(page, email);
  expect(mail?.subject).toBe(`For Mia Fields ${id}`);
  expect(mail?.text.trim()).toMatch(filled);
  const link = filled.exec(mail?.text.trim() ?? '')?.[1];
  expect(link).toBe(previewed);
  await page.goto(new URL(link ?? '').pathname);
  await expect(page.getByText(`Mia Fields ${id}`)).toBeVisible();
  await expect(page.locator('#balance')).toHaveText('£18.75');
});

test('the SMS cost shows before sending, with the characters that force UCS-2 highlighted', async ({
  page,
}, info) => {
  await signIn(page);
  const customerId = await addCustomer(page, `Sms ${unique(info)}`, `sms-${unique(info)}@example.com`);
  await openThread(page, customerId);
  await page.getByRole('button', { name: 'SMS', exact: true }).click();
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('See you at 9');
  await expect(page.getByTestId('sms-cost')).toContainText('1 SMS (GSM-7), 1 credit');
  await box.fill(`It’s ${'a'.repeat(70)}`);
  await expect(page.getByTestId('sms-cost')).toContainText('2 SMS parts (UCS-2), 2 credits');
  await expect(page.getByTestId('sms-preview').locator('mark')).toHaveText(['’']);
  await box.fill('');
  await box.press('Control+Enter');
  await expect(page.getByRole('alert')).toHaveText('Type a message before sending.');
});

test('email settings: the blocklist checks, the reply-to address on blur, the connect-failed dialog', async ({
  page,
}, info) => {
  await signIn(page);
  await page.goto('/email-settings?connect-failed=true');
  await expect(page.getByRole('dialog', { name: 'Your email account could not be connected' })).toBeVisible();
  await expect(page).toHaveURL(/\/email-settings$/);
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('email-credits')).toContainText('100 emails per credit');

  await page.getByRole('link', { name: /Roundwise mail/ }).click();
  const replyTo = page.getByRole('textbox', { name: 'Reply-to address' });
  await replyTo.fill('office');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await replyTo.blur();
  await expect(page.getByRole('alert')).toHaveText('Enter a valid reply-to email address.');
  await replyTo.fill('office@sparkle.example');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();

  await page.goto('/email-settings/blocklist');
  const input = page.getByRole('textbox', { name: 'Email address to block' });
  const address = `blocked-${unique(info)}@example.com`;
  await input.fill('ab');
  await expect(page.getByRole('alert')).toHaveText('Enter a valid email address.');
  await input.fill('not an email');
  await expect(page.getByRole('alert')).toHaveText('Enter a valid email address.');
  await input.fill(address);
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Blocklist' })).toContainText(address);
  await input.fill(address.toUpperCase());
  await expect(page.getByRole('alert')).toHaveText('That email address is already on the blocklist.');
  await expect(page.getByRole('button', { name: 'Block', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: `Remove ${address} from the blocklist` }).click();
  // Other tests of the run block addresses of their own: this one is gone from the list.
  await expect(page.getByRole('button', { name: `Remove ${address} from the blocklist` })).toHaveCount(0);
});

test('a message to a blocked address fails; once unblocked, retry sends it', async ({ page }, info) => {
  test.setTimeout(60_000);
  await signIn(page);
  const email = `retry-${unique(info)}@example.com`;
  expect(
    (await page.request.post('/api/account/email-settings/blocklist', { data: { email } })).status(),
  ).toBe(200);
  const customerId = await addCustomer(page, `Retry ${unique(info)}`, email);
  await openThread(page, customerId);
  await page.getByRole('button', { name: 'Email', exact: true }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill('Your window clean is tomorrow.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const message = page.getByTestId('message').filter({ hasText: 'Your window clean is tomorrow.' });
  await expect(message).toHaveAttribute('data-status', 'failed');
  const unblock = await page.request.delete(
    `/api/account/email-settings/blocklist/${encodeURIComponent(email)}`,
  );
  expect(unblock.status()).toBe(200);
  await message.click();
  await page.getByRole('dialog', { name: 'Delivery details' }).getByRole('button', { name: 'Retry' }).click();
  // Pending at once on the device; the send may already have been delivered by the next look.
  await expect(message).toHaveAttribute('data-status', /pending|sent|delivered|opened|read/);
  await expect.poll(async () => (await mailsTo(page, email)).length, { timeout: 20_000 }).toBe(1);
});

test('a scheduled message is cancelled and leaves the thread', async ({ page }, info) => {
  test.setTimeout(60_000);
  await signIn(page);
  const email = `later-${unique(info)}@example.com`;
  const customerId = await addCustomer(page, `Later ${unique(info)}`, email);
  await openThread(page, customerId);
  await page.getByRole('button', { name: 'Email', exact: true }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill('See you next week.');
  await page.getByLabel('Send later').check();
  // The run's clock is a Wednesday morning (playwright.config.ts): tomorrow at nine is ahead.
  await page.getByRole('textbox', { name: 'Send on' }).fill('26/11/2026');
  await page.getByLabel('Send at').fill('09:00');
  await page.getByRole('button', { name: 'Schedule' }).click();
  const message = page.getByTestId('message').filter({ hasText: 'See you next week.' });
  await expect(message).toHaveAttribute('data-status', 'scheduled');
  await openThread(page, customerId);
  await message.click();
  await page
    .getByRole('dialog', { name: 'Delivery details' })
    .getByRole('button', { name: 'Cancel sending' })
    .click();
  await expect(page.getByText('Scheduled message(s) cancelled successfully')).toBeVisible();
  await expect(message).toHaveCount(0, { timeout: 15_000 });
  expect(await mailsTo(page, email)).toHaveLength(0);
});

test(
  'a message written offline waits in the outbox and is sent once on reconnect',
  { tag: '@phone' },
  async ({ page, context }, info) => {
    test.setTimeout(90_000);
    await signIn(page);
    const email = `offline-${unique(info)}@example.com`;
    const customerId = await addCustomer(page, `Offline ${unique(info)}`, email);
    await openThread(page, customerId);
    await expect(page.getByText('No messages yet')).toBeVisible();
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', {
      timeout: 15_000,
    });
    await goOffline(context);
    await expect(page.getByText('You are offline, you need to be online to view messages')).toBeVisible();
    await page.getByRole('button', { name: 'Email', exact: true }).click();
    await page.getByRole('textbox', { name: 'Message' }).fill('Written with no signal.');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const message = page.getByTestId('message').filter({ hasText: 'Written with no signal.' });
    await expect(message).toHaveAttribute('data-status', 'pending');
    expect(await mailsTo(page, email)).toHaveLength(0);
    await goOnline(context);
    await expect.poll(async () => (await mailsTo(page, email)).length, { timeout: 30_000 }).toBe(1);
    // Once the device's queue is empty it will send nothing more: still one mail.
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', {
      timeout: 15_000,
    });
    expect(await mailsTo(page, email)).toHaveLength(1);
  },
);

test('credits are bought from the inbox, then a bulk email goes to 300 customers, one address failing', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  await signIn(page);
  const id = unique(info);
  const credits = async () =>
    ((await (await page.request.get('/api/customer/squeegee-credits')).json()) as { squeegeeCredits: number })
      .squeegeeCredits;
  const before = await credits();

  await page.goto('/inbox');
  await page.getByTestId('inbox-credits').click();
  const buy = page.getByRole('dialog', { name: 'Buy message credits' });
  const quantity = buy.getByRole('textbox', { name: 'Credits' });
  await quantity.fill('99');
  await expect(buy.getByText('Enter 100 or more.')).toBeVisible();
  await quantity.fill('50000');
  await expect(buy.getByText('Enter a number less than 50,000.')).toBeVisible();
  await quantity.fill('1000');
  // 1,000 x £0.04 x 1.2, for an en-GB user.
  await expect(buy.getByTestId('credit-cost')).toHaveText('£48.00 inc. VAT');
  // The first answer is lost on the way back (the server charged): Buy again is the same purchase.
  const keys: string[] = [];
  await page.route('**/api/customer/purchase-sms-credits', async (route) => {
    keys.push((route.request().postDataJSON() as { purchaseId: string }).purchaseId);
    if (keys.length > 1) return route.continue();
    await route.fetch();
    return route.abort('connectionreset');
  });
  await buy.getByRole('button', { name: 'Buy' }).click();
  await expect.poll(() => keys.length).toBeGreaterThan(0);
  await expect(buy.getByRole('button', { name: 'Buy' })).toBeEnabled();
  await buy.getByRole('button', { name: 'Buy' }).click();
  await expect(page.getByText(/Purchase complete\. You now have [\d,]+ message credits\./)).toBeVisible();
  expect(new Set(keys).size).toBe(1);
  expect(keys.length).toBeGreaterThan(1);
  expect(await credits()).toBe(before + 1000);
  await expect(page.getByTestId('inbox-credits')).toContainText((before + 1000).toLocaleString('en-GB'));

  // 300 customers with an email; one of them on the blocklist.
  const emails = Array.from({ length: 300 }, (_, i) => `bulk-${id}-${i}@example.com`);
  for (let i = 0; i < emails.length; i += 25)
    await Promise.all(
      emails
        .slice(i, i + 25)
        .map((email, j) => addCustomer(page, `Bulk ${id} ${String(i + j).padStart(3, '0')}`, email)),
    );
  const blocked = emails[150]!;
  await page.request.post('/api/account/email-settings/blocklist', { data: { email: blocked } });

  await page.goto('/inbox');
  await page.getByRole('button', { name: 'New message' }).first().click();
  const selector = page.getByRole('dialog', { name: 'Who is it to?' });
  await selector.getByRole('combobox', { name: 'Search customers' }).fill(`Bulk ${id}`);
  await selector.getByRole('button', { name: 'Select all 300 shown' }).click();
  await selector.getByRole('button', { name: 'Next (300 customers)' }).click();
  const bulk = page.getByRole('dialog', { name: 'Bulk email' });
  await bulk.getByRole('textbox', { name: 'Subject' }).fill('Spring clean');
  await bulk.getByRole('textbox', { name: 'Message' }).fill('We are in your street next week.');
  await bulk.getByRole('button', { name: 'Send 300 emails' }).click();
  await expect(bulk.getByRole('status')).toHaveText(/Sent \d+ of 300/);
  await page.screenshot({ path: info.outputPath('bulk-progress.png') });
  await expect(page.getByText('Bulk email saved: 300 of 300 emails are on their way.')).toBeVisible({
    timeout: 180_000,
  });

  // On the server: one message per customer; the blocked address failed, the others went out.
  const outbound = async () => {
    const all: { address: string; status: string; sent: boolean }[] = [];
    for (let skip = 0; ; skip += 200) {
      const res = await page.request.get(`/api/notifications?outbound=true&take=200&skip=${skip}`);
      const page_ = (await res.json()).notifications as { address: string; status: string; sent: boolean }[];
      all.push(...page_);
      if (page_.length < 200) break;
    }
    return all.filter((n) => n.address.startsWith(`bulk-${id}-`));
  };
  await expect
    .poll(async () => (await outbound()).filter((n) => n.sent).length, { timeout: 60_000 })
    .toBe(299);
  const mine = await outbound();
  expect(mine).toHaveLength(300);
  expect(mine.find((n) => n.address === blocked)?.status).toBe('failed');
});

test('the inbox: a reply opened is marked read, leads to its conversation; a new message from the inbox', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  await signIn(page);
  await page.goto('/inbox/unread');
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 15_000 });
  const rows = page.getByTestId('inbox-row');
  await expect(rows.first()).toBeVisible({ timeout: 15_000 });
  const unreadBadge = page.getByTestId('inbox-badge-unread');
  const before = Number(await unreadBadge.textContent());
  const first = rows.first();
  const messageId = await first.getAttribute('data-id');
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/inbox/unread/${messageId}$`));
  await expect(page.getByTestId('inbox-message')).toBeVisible();
  // One fewer unread (the badge goes when none is left: the desktop run may have read the other).
  if (before > 1) await expect(unreadBadge).toHaveText(String(before - 1), { timeout: 20_000 });
  else await expect(unreadBadge).toHaveCount(0, { timeout: 20_000 });
  await page.screenshot({ path: info.outputPath('inbox-message.png') });
  await page.getByRole('link', { name: 'Open the conversation' }).click();
  await expect(page).toHaveURL(new RegExp(`messageId=${messageId}`));
  const read = page.getByTestId('message').and(page.locator(`[data-id="${messageId}"]`));
  await expect(read).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Last read')).toBeVisible();

  // A new message from the inbox: choose one customer, write, send; it is in Sent.
  const name = `Inbox ${unique(info)}`;
  const email = `inbox-${unique(info)}@example.com`;
  await addCustomer(page, name, email);
  await page.goto('/inbox/sent');
  await page.getByRole('button', { name: 'New message' }).first().click();
  const selector = page.getByRole('dialog', { name: 'Who is it to?' });
  await selector.getByRole('combobox', { name: 'Search customers' }).fill(name);
  await selector.getByRole('option', { name: new RegExp(name) }).click();
  await selector.getByRole('button', { name: 'Next (1 customer)' }).click();
  const send = page.getByRole('dialog', { name: `Message ${name}` });
  await send.getByRole('button', { name: 'Email', exact: true }).click();
  await send.getByRole('textbox', { name: 'Message' }).fill('Hello from the inbox.');
  await send.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(send).toHaveCount(0);
  await expect.poll(async () => (await mailsTo(page, email)).length, { timeout: 20_000 }).toBe(1);
  await page.reload();
  await expect(page.getByTestId('inbox-row').filter({ hasText: name })).toContainText(
    'Hello from the inbox.',
    {
      timeout: 15_000,
    },
  );
});

test('a new message to several: the customer picker searches the whole book, two are chosen as chips and both are sent to', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  await signIn(page);
  const id = unique(info);
  const names = [`Picked Ash ${id}`, `Picked Birch ${id}`, `Picked Cedar ${id}`];
  for (const name of names)
    await addCustomer(page, name, `${name.replace(/\W+/g, '-').toLowerCase()}@example.com`);
  await page.goto('/inbox/sent');
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 15_000 });
  await page.getByRole('button', { name: 'New message' }).first().click();
  const selector = page.getByRole('dialog', { name: 'Who is it to?' });
  const search = selector.getByRole('combobox', { name: 'Search customers' });
  const list = selector.getByRole('listbox', { name: 'Customers' });
  await expect(list).toHaveAttribute('aria-multiselectable', 'true');
  // The whole book is listed (the seed's active customers and more), only a screenful of it drawn.
  const everyone = Number((await selector.getByText(/^[\d,]+ customers$/).textContent())?.replace(/\D/g, ''));
  expect(everyone).toBeGreaterThan(40);
  expect(await list.getByRole('option').count()).toBeLessThan(everyone / 2);

  // One by the mouse, one by the keyboard, from searches; each becomes a chip.
  await search.fill(`Ash ${id}`);
  await expect(list.getByRole('option')).toHaveCount(1);
  await list.getByRole('option', { name: new RegExp(names[0]!) }).click();
  await search.fill(`Picked ${id}`);
  await expect(list.getByRole('option')).toHaveCount(3);
  await expect(list.getByRole('option', { name: new RegExp(names[0]!) })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await search.press('ArrowDown');
  await search.press('Enter');
  await search.press('ArrowDown');
  await search.press('Enter');
  const chips = selector.getByRole('list', { name: 'Chosen customers' }).getByRole('listitem');
  await expect(chips).toHaveText(names);
  // The chip's remove button takes one off again; so does Backspace in an empty search.
  await selector.getByRole('button', { name: `Remove ${names[1]}` }).click();
  await expect(chips).toHaveText([names[0]!, names[2]!]);
  await expect(list.getByRole('option', { name: new RegExp(names[1]!) })).toHaveAttribute(
    'aria-selected',
    'false',
  );
  await search.fill('');
  await search.press('Backspace');
  await expect(chips).toHaveText([names[0]!]);
  await search.fill(`Cedar ${id}`);
  await search.press('Enter');
  await expect(chips).toHaveText([names[0]!, names[2]!]);
  await selector.getByRole('button', { name: 'Next (2 customers)' }).click();

  const bulk = page.getByRole('dialog', { name: 'Bulk email' });
  await expect(bulk).toContainText('An email to each of the 2 customers you chose.');
  await bulk.getByRole('textbox', { name: 'Subject' }).fill(`Picked ${id}`);
  await bulk.getByRole('textbox', { name: 'Message' }).fill('We are in your street next week.');
  await bulk.getByRole('button', { name: 'Send 2 emails' }).click();
  const email = (name: string) => `${name.replace(/\W+/g, '-').toLowerCase()}@example.com`;
  await expect.poll(async () => (await mailsTo(page, email(names[0]!))).length, { timeout: 30_000 }).toBe(1);
  await expect.poll(async () => (await mailsTo(page, email(names[2]!))).length, { timeout: 30_000 }).toBe(1);
  expect(await mailsTo(page, email(names[1]!))).toEqual([]);
});

test('an SMS from the thread reaches the SMS sink and goes to delivered; the customer replies, in the inbox and the thread', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  await signIn(page);
  const id = unique(info);
  const customerId = await addCustomer(page, `Reply ${id}`, `reply-${id}@example.com`, {
    mobileNumber: '07700 900789',
  });
  await openThread(page, customerId);
  await page.getByRole('button', { name: 'SMS', exact: true }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill(`Can we come on Thursday? ${id}`);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const sms = async () =>
    (
      (await (await page.request.get('/api/dev/sms')).json()) as { messages: { to: string; body: string }[] }
    ).messages.filter((m) => m.body.includes(id));
  await expect.poll(async () => (await sms()).length, { timeout: 20_000 }).toBe(1);
  expect((await sms())[0]?.to.replace(/\s/g, '')).toContain('7700900789');
  const message = page.getByTestId('message').filter({ hasText: `Can we come on Thursday? ${id}` });
  // The sink's delivery callback reaches the webhook; the thread, reopened, shows it delivered.
  await expect
    .poll(
      async () => {
        await openThread(page, customerId);
        return message.getAttribute('data-status');
      },
      { timeout: 30_000, intervals: [1000, 2000, 3000] },
    )
    .toBe('delivered');
  const notificationId = await message.getAttribute('data-id');
  const reply = await page.request.post('/api/dev/reply', {
    data: { notificationId, text: `Thursday is fine ${id}` },
  });
  expect(reply.status()).toBe(200);
  await openThread(page, customerId);
  await expect(page.getByTestId('message').filter({ hasText: `Thursday is fine ${id}` })).toBeVisible({
    timeout: 15_000,
  });
  await page.goto('/inbox');
  await expect(page.getByTestId('inbox-row').filter({ hasText: `Thursday is fine ${id}` })).toBeVisible({
    timeout: 15_000,
  });
});

test('a long thread opens at its newest message and loads older ones on scrolling up', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  await signIn(page);
  const id = unique(info);
  const customerId = await addCustomer(page, `Long ${id}`, `long-${id}@example.com`);
  for (let i = 0; i < 40; i++) {
    const sent = await page.request.post('/api/commands/notifications.send', {
      data: {
        commandId: `e2e-long-${id}-${i}`,
        input: { customerId, type: 'Email', content: `Note ${String(i).padStart(2, '0')} ${id}` },
      },
    });
    expect(sent.status()).toBe(200);
  }
  await openThread(page, customerId);
  const messages = page.getByTestId('message');
  await expect(messages.filter({ hasText: `Note 39 ${id}` })).toBeInViewport({ timeout: 15_000 });
  await expect(page.getByRole('list', { name: 'Messages' })).toHaveAttribute('data-count', '30');
  await expect(messages.filter({ hasText: `Note 09 ${id}` })).toHaveCount(0);
  await page.mouse.wheel(0, -100_000);
  await expect(page.getByRole('list', { name: 'Messages' })).toHaveAttribute('data-count', '40', {
    timeout: 15_000,
  });
  await expect(messages.first()).toContainText(`Note 00 ${id}`);
  await page.screenshot({ path: info.outputPath('long-thread.png') });
});
