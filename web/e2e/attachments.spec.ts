import type { APIRequestContext, Page } from '@playwright/test';
import { e2eNow } from './clock';
import { expect, test } from './offline-proxy';
import { demoEmail, signInAs } from './session';

/** A quote's attachments (level 3; the demo business is Ultimate) and the legacy quote dialog. */

test.describe.configure({ timeout: 120_000 });

const today = () => e2eNow().toISOString().slice(0, 10);
const unique = (name: string) => `${name} ${test.info().project.name} ${Date.now().toString(36)}`;

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function command(request: APIRequestContext, name: string, input: unknown) {
  const res = await request.post(`/api/commands/${name}`, {
    data: { commandId: crypto.randomUUID(), input },
  });
  expect(res.status(), `${name}: ${await res.text()}`).toBe(200);
  return (await res.json()).result;
}

async function newCustomer(page: Page) {
  const name = unique('Attached');
  const customer = await command(page.request, 'customers.create', { name, state: 'inactive' });
  return { id: customer._id as string, name };
}

/** The thumbnail has loaded the file from the bucket (a broken image has no natural width). */
const loaded = (img: ReturnType<Page['locator']>) =>
  expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), {
    timeout: 15_000,
  });

test('a photo attached to a quote: offline the form says why it cannot upload and keeps what was typed; the summary and the customer page show it', async ({
  page,
  browser,
  baseURL,
  signal,
}) => {
  await signInAs(page, demoEmail('owner'));
  const customer = await newCustomer(page);
  await page.goto('/quotes');
  await expect(page.getByTestId('quote-list')).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'New quote' }).first().click();
  const form = page.getByTestId('quote-form');
  await form.getByRole('combobox', { name: 'Customer' }).fill(customer.name);
  await form.getByRole('option').filter({ hasText: customer.name }).first().click();
  await form.getByLabel('Quote name').fill('Conservatory');
  const item = form.getByTestId('quote-item-0');
  await item.getByLabel('Title').fill('Conservatory roof');
  await item.getByLabel('Unit price').fill('80');

  // No signal: the upload is off and says so; nothing typed is lost.
  const files = form.getByTestId('quote-attachments');
  await signal.goOffline();
  await expect(files.getByTestId('attachments-offline')).toHaveText(
    'You are offline. Files can be attached once you are back online; everything else you type is kept.',
  );
  await expect(files.getByRole('button', { name: 'Attach a file' })).toBeDisabled();
  await signal.goOnline();
  await expect(files.getByRole('button', { name: 'Attach a file' })).toBeEnabled({ timeout: 15_000 });
  await expect(form.getByLabel('Quote name')).toHaveValue('Conservatory');
  await expect(item.getByLabel('Title')).toHaveValue('Conservatory roof');

  // A file the rules refuse is refused on the device, with its message.
  await files.getByTestId('attachment-input').setInputFiles({
    name: 'page.html',
    mimeType: 'text/html',
    buffer: Buffer.from('<p>hi</p>'),
  });
  await expect(files.getByRole('alert')).toContainText(
    'Only photos (JPEG, PNG, WebP, GIF) and PDF files can be attached.',
  );

  await files
    .getByTestId('attachment-input')
    .setInputFiles({ name: 'roof.png', mimeType: 'image/png', buffer: PNG });
  const row = files.getByTestId('attachment').filter({ hasText: 'roof.png' });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await loaded(row.getByRole('img', { name: 'roof.png' }));
  await form.getByRole('button', { name: 'Save' }).click();

  const summary = page.getByTestId('quote-summary');
  await expect(summary.getByTestId('quote-number')).toHaveText(/^Q-\d+$/, { timeout: 30_000 });
  const attached = summary.getByTestId('quote-summary-attachments');
  await expect(attached).toContainText('roof.png');
  await loaded(attached.getByRole('img', { name: 'roof.png' }));
  // The quote's link is the server's token: the summary's preview opens it.
  const [preview] = await Promise.all([
    page.waitForEvent('popup'),
    summary.getByRole('button', { name: 'Preview' }).click(),
  ]);
  const quotePath = new URL(preview.url()).pathname;
  await preview.close();

  // The customer, signed in nowhere: the page links the file; the link gives the photo.
  const context = await browser.newContext({ baseURL });
  const them = await context.newPage();
  await them.goto(quotePath);
  const link = them.locator('#attachments').getByRole('link', { name: 'roof.png' });
  await expect(link).toBeVisible();
  await expect(them.locator('script')).toHaveCount(0);
  const file = await them.request.get(`${quotePath}${await link.getAttribute('href')}`);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('image/png');
  expect(Buffer.from(await file.body())).toEqual(PNG);
  await context.close();
});

test('the legacy quote dialog: an appointment quote opens as a job form, saves and converts', async ({
  page,
}) => {
  await signInAs(page, demoEmail('owner'));
  const customer = await newCustomer(page);
  const quote = await command(page.request, 'quotes.create', {
    customerId: customer.id,
    type: 'appointment',
    items: [{ title: 'Gutter clear', unitPrice: 40, frequency: { frequencyType: 'OneOff' } }],
    date: today(),
    expiry: '2099-12-31',
  });
  await page.goto(`/quotes/${quote._id}`);
  const dialog = page.getByTestId('legacy-quote-dialog');
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('heading')).toHaveText(/^Appointment quote (Q-\d+|Pending Sync)$/);
  await expect(page.getByTestId('quote-summary')).toHaveCount(0);
  await expect(dialog.getByLabel('Description')).toHaveValue('Gutter clear');
  await expect(dialog.getByLabel('Price')).toHaveValue('40');

  // A blank description is refused before saving, with the spec's first-error rule.
  await dialog.getByLabel('Description').fill(' ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByTestId('legacy-quote-error')).toHaveText('Give every item a title.');

  await dialog.getByLabel('Description').fill('Gutter clear and downpipes');
  await dialog.getByLabel('Price').fill('55');
  await dialog.getByLabel('Frequency').selectOption('Weeks');
  await dialog.getByLabel('Every').fill('12');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);

  // Sent and answered before the reload shows what the server holds.
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 30_000 });
  // Closing went back to the list; the quote again, from a fresh load.
  await page.goto(`/quotes/${quote._id}`);
  await page.reload();
  const again = page.getByTestId('legacy-quote-dialog');
  await expect(again.getByLabel('Description')).toHaveValue('Gutter clear and downpipes', {
    timeout: 30_000,
  });
  await expect(again.getByLabel('Price')).toHaveValue('55');
  await expect(again.getByLabel('Every')).toHaveValue('12');

  await again.getByRole('button', { name: 'Convert to job' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Convert to job' }).click();
  await expect(page.getByText('Quote converted to a job.')).toBeVisible();
  await expect(again).toContainText('Converted', { timeout: 30_000 });
  await expect(again.getByRole('button', { name: 'Convert to job' })).toHaveCount(0);
});

test('the attachments library: upload from the drawer screen, then delete with confirmation', async ({
  page,
}) => {
  await signInAs(page, demoEmail('owner'));
  await page.goto('/attachments');
  await expect(page.getByRole('heading', { name: 'Attachments', level: 1 })).toBeVisible({ timeout: 30_000 });
  const name = `${unique('receipt').replace(/\W+/g, '-')}.pdf`;
  await page.getByTestId('attachment-input').setInputFiles({
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  const row = page.getByTestId('attachment').filter({ hasText: name });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Attachment deleted.')).toBeVisible({ timeout: 30_000 });
  await expect(row).toHaveCount(0);
  const listed = await page.request.get('/api/attachments');
  expect(((await listed.json()) as { name: string }[]).map((a) => a.name)).not.toContain(name);
});
