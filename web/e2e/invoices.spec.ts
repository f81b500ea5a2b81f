import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './clock';
import { goOffline, goOnline } from './network';
import { serverEntities } from './server-state';
import { apiContextAs, demoEmail, signInAs } from './session';

/**
 * The invoice a completed visit makes, paid in part, the payment cancelled,
 * another refunded, the invoice sent; the payments screen's day groups, duplicates and accounts; a
 * payment recorded offline syncs once. Each test makes its own customer (unique per project and
 * run) through the command API, so the demo data and the other project cannot disturb it.
 */
const SYNCED = { timeout: 20_000 };
test.describe.configure({ timeout: 120_000 });

let ownerApi: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  ownerApi = await apiContextAs(baseURL, demoEmail('owner'));
});
test.afterAll(() => ownerApi.dispose());

let seq = 0;
// biome-ignore lint/suspicious/noExplicitAny: command results are arbitrary JSON here
async function command(name: string, input: unknown): Promise<any> {
  const res = await ownerApi.post(`/api/commands/${name}`, {
    data: { commandId: `e2e-inv-${Date.now()}-${seq++}`, input },
  });
  expect(res.status(), `${name}: ${await res.text()}`).toBe(200);
  return (await res.json()).result;
}

const customer = (name: string) =>
  command('customers.create', {
    name,
    email: 'invoice.e2e@example.com',
    contactMethods: ['email'],
    address: { addressDescription: `1 ${name} Street, Cambridge` },
  });

const todayOf = (page: Page) =>
  page.evaluate(() =>
    new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(),
    ),
  );
const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

test('a completed visit is invoiced; paid in part, the payment cancelled, another refunded; the invoice sent', async ({
  page,
}, info) => {
  await signInAs(page, demoEmail('owner'));
  await page.goto('/about');
  const today = await todayOf(page);
  // A day of its own, so no other test's visits share the schedule page.
  const day = addDays(today, 40 + (info.project.name === 'mobile' ? 100 : 0));
  const name = `Invoice ${info.project.name} ${Date.now()}`;
  const c = await customer(name);
  const job = await command('jobs.create', {
    customerId: c._id,
    price: 23.5,
    date: day,
    frequencyType: 'Weeks',
    frequencyInterval: 4,
  });

  await page.goto(`/schedule/${day}`);
  await page.getByRole('button', { name: `Mark ${name} done` }).click({ timeout: 20_000 });
  // The server numbers the invoice; the device shows 'Pending Sync' until the number syncs back.
  const visitId = `${job._id}-${day.replaceAll('-', '')}`;
  await expect
    .poll(
      async () =>
        (await serverEntities(ownerApi, 'transaction')).find((t) => t.occurrenceId === visitId && !t.voidedId)
          ?.invoiceNumber,
      SYNCED,
    )
    .toMatch(/^INV-\d{5}$/);
  const invoice = (await serverEntities(ownerApi, 'transaction')).find(
    (t) => t.occurrenceId === visitId && !t.voidedId,
  );

  await page.goto('/invoices');
  await page.getByRole('searchbox').fill(name);
  const row = page.getByTestId('invoice-row').filter({ hasText: name });
  await expect(row).toContainText(invoice.invoiceNumber, SYNCED);
  await expect(row).toContainText('£23.50');
  await expect(row).toContainText('Unpaid');
  await page.screenshot({ path: info.outputPath('invoices.png') });
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoice._id}$`));
  await expect(page.getByTestId('invoice-number')).toHaveText(invoice.invoiceNumber);
  await expect(page.getByTestId('invoice-outstanding')).toHaveText('£23.50');
  await page.screenshot({ path: info.outputPath('invoice.png'), fullPage: true });
  // Printed (or saved as PDF by the browser's print): the invoice alone, without the app around it.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('invoice-document')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send by email' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('button', { name: 'Send by email' })).toBeVisible();

  // The invoice's number in the address opens it too.
  await page.goto(`/invoices/${invoice.invoiceNumber}`);
  await expect(page.getByTestId('invoice-number')).toHaveText(invoice.invoiceNumber, SYNCED);

  const recordPart = async (amount: string) => {
    await page.getByRole('button', { name: 'Record payment' }).click();
    const form = page.getByRole('dialog', { name: 'Record a payment' });
    await expect(form.getByLabel('Amount')).toHaveValue('23.50');
    await form.getByLabel('Amount').fill(amount);
    await form.getByRole('button', { name: 'Record payment' }).click();
    await expect(form).toBeHidden();
  };
  await recordPart('10.00');
  await expect(page.getByTestId('invoice-outstanding')).toHaveText('£13.50');
  await expect(page.getByTestId('invoice-state')).toHaveText('Part paid');

  // Cancel (void) it: asked first, in the words for a payment that pays no other invoice.
  await page.getByTestId('invoice-payment').first().click();
  const detail = page.getByTestId('payment-detail');
  await expect(detail.getByTestId('payment-amount')).toHaveText('£10.00 received');
  await expect(detail.getByTestId('payment-history')).toContainText('Recorded');
  await detail.getByRole('button', { name: 'Cancel payment' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('heading')).toHaveText('Cancel this payment?');
  await confirm.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(detail).toContainText('Cancelled');
  await expect(detail.getByTestId('payment-history')).toContainText('Cancelled');
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toBeHidden();
  await expect(page.getByTestId('invoice-outstanding')).toHaveText('£23.50');

  // Another part payment, refunded: what was paid is owed again, and it can no longer be cancelled.
  await recordPart('5.00');
  await expect(page.getByTestId('invoice-outstanding')).toHaveText('£18.50');
  await page
    .getByTestId('invoice-payment')
    .filter({ hasNotText: 'Cancelled' })
    .filter({ hasText: '£5.00' })
    .first()
    .click();
  await detail.getByRole('button', { name: 'Refund' }).click();
  await expect(detail.getByLabel('Amount to refund')).toHaveValue('5.00');
  await detail.getByLabel('Reason (optional)').fill('Smeared window');
  await detail.getByRole('button', { name: 'Record refund' }).click();
  await expect(detail).toContainText('Refunded');
  await expect(detail.getByTestId('payment-history')).toContainText('Smeared window');
  await page.screenshot({ path: info.outputPath('payment-detail.png') });
  await detail.getByRole('button', { name: 'Cancel payment' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel payment' }).click();
  await expect(
    page.getByText('This payment has already been refunded, so it cannot be cancelled.').first(),
  ).toBeVisible();
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toBeHidden();
  await expect(page.getByTestId('invoice-outstanding')).toHaveText('£23.50');

  // Sent by email: a message to the customer through the messaging pipeline, naming the invoice.
  await page.getByRole('button', { name: 'Send by email' }).click();
  const send = page.getByTestId('send-invoice');
  await expect(send).toContainText(`Invoice ${invoice.invoiceNumber} from`);
  await send.getByRole('button', { name: 'Send by email' }).click();
  await expect(send).toBeHidden();
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', SYNCED);
  await expect
    .poll(
      async () =>
        (await serverEntities(ownerApi, 'notification')).filter((n) => n.relatedItemId === invoice._id)
          .length,
      SYNCED,
    )
    .toBe(1);
  // On the server: the cancelled pair nets to nothing, the refund owes the 5.00 again.
  const books = (await serverEntities(ownerApi, 'transaction')).filter((t) => t.customerId === c._id);
  expect(books.reduce((s, t) => s + Math.round(t.amount * 100), 0)).toBe(2350);
});

test('the payments screen: day groups with totals and balances, load more, hide cancelled, duplicates, accounts', async ({
  page,
}, info) => {
  await signInAs(page, demoEmail('owner'));
  const stamp = `${info.project.name} ${Date.now()}`;
  const name = `Payer ${stamp}`;
  const c = await customer(name);
  const accountName = `Tin ${stamp}`;
  const pay = (amount: number, date: string, method = 'cash', over: Record<string, unknown> = {}) =>
    command('payments.record', { customerId: c._id, amount, method, date, ...over });
  // Days of their own, far ahead, so they are the newest groups whatever the demo holds.
  const d1 = info.project.name === 'mobile' ? '2031-03-02' : '2030-03-02';
  const d2 = d1.replace('-02', '-05');
  await pay(12, d1);
  await pay(12, d1);
  const cancelled = await pay(7.5, d2, 'cheque');
  await command('payments.cancel', { _id: cancelled._id });
  await pay(3.25, d2, 'bank-transfer');
  // Thirteen more days of payments (each amount its own, so none is a duplicate): 16 days in all.
  for (let i = 1; i <= 13; i++)
    await pay(1 + i / 100, d1.replace('-03-02', `-02-${String(i).padStart(2, '0')}`));

  await page.goto('/payments');
  await page.getByRole('searchbox').fill(name);
  const days = page.getByTestId('payment-day');
  // Newest day first and open, the others closed until chosen; the reversal of the cancelled
  // cheque is dated the day it was cancelled (today), the oldest of them.
  // The first page holds 14 days; 'Load more' brings the rest (the list says how many it shows:
  // its rows are virtualised, so only those on the screen are in the page).
  const list = page.getByTestId('payment-list');
  await expect(list).toHaveAttribute('data-days', '14', SYNCED);
  await expect(list).toHaveAttribute('data-total-days', '16');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(list).toHaveAttribute('data-days', '16');
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(days.first()).toHaveAttribute('data-date', d2);
  await expect(days.first()).toHaveAttribute('aria-expanded', 'true');
  await expect(days.nth(1)).toHaveAttribute('data-date', d1);
  await expect(days.nth(1)).toHaveAttribute('aria-expanded', 'false');
  await expect(days.first().getByTestId('payment-day-total')).toHaveText('£10.75');
  await expect(page.getByTestId('payment-row')).toHaveCount(2);
  await days.nth(1).click();
  await expect(page.getByTestId('payment-row')).toHaveCount(4);
  await expect(days.nth(1).getByTestId('payment-day-total')).toHaveText('£24.00');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(days.last().getByTestId('payment-day-total')).toHaveText('-£7.50');
  await page.evaluate(() => window.scrollTo(0, 0));

  // The filter menu: hide cancelled payments and show balances.
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Hide cancelled payments' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('payment-row').filter({ hasText: 'Cheque' })).toHaveCount(0);
  await expect(list).toHaveAttribute('data-total-days', '15');
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Show balances' }).click();
  await page.keyboard.press('Escape');
  await expect(days.first().getByTestId('payment-day-balance')).toBeVisible();
  await page.screenshot({ path: info.outputPath('payments.png'), fullPage: true });

  // A search that finds nothing says so in the spec's words.
  await page.getByRole('searchbox').fill(`${name} nobody`);
  await expect(page.getByText('No payments found matching your filtering criteria')).toBeVisible();

  // Duplicates: the two 12.00 cash payments of one day, in the same layout.
  await page.getByRole('button', { name: 'Duplicates' }).click();
  await expect(page).toHaveURL(/view=duplicates/);
  await page.getByRole('searchbox').fill(name);
  await expect(list).toHaveAttribute('data-total-days', '1', SYNCED);
  await expect(days.first()).toHaveAttribute('data-date', d1);
  await expect(page.getByTestId('payment-row')).toHaveCount(2);
  await page.getByRole('searchbox').fill(`${name} nobody`);
  await expect(page.getByText('No duplicated payments found matching your filtering criteria')).toBeVisible();
  await page.getByRole('button', { name: 'Payments', exact: true }).click();

  // A payment account made here; a payment recorded into it; the list of that account alone.
  await page.getByRole('button', { name: 'Payment accounts' }).click();
  const accounts = page.getByTestId('payment-accounts');
  await accounts.getByLabel('Name').last().fill(accountName);
  await accounts.getByLabel('Type').last().selectOption('cash');
  await accounts.getByRole('button', { name: 'Add' }).click();
  await expect(accounts.getByTestId('payment-account').last().getByLabel('Name')).toHaveValue(accountName);
  await page.screenshot({ path: info.outputPath('payment-accounts.png') });
  await accounts.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', SYNCED);
  const account = (await serverEntities(ownerApi, 'paymentAccount')).find((a) => a.name === accountName);
  expect(account).toMatchObject({ subType: 'cash' });
  await pay(4.4, d1, 'cash', { paymentAccountId: account._id });
  await page.reload();
  await page.getByLabel('Payment account').selectOption({ label: accountName });
  await page.getByRole('searchbox').fill(name);
  await expect(page.getByTestId('payment-row')).toHaveCount(1, SYNCED);
  await expect(page.getByTestId('payment-row')).toContainText('£4.40 received');
  await page.getByLabel('Payment account').selectOption({ label: 'All payments' });
});

test(
  "a payment recorded offline on the customer's payments tab syncs once",
  { tag: '@phone' },
  async ({ page, context }, info) => {
    await signInAs(page, demoEmail('owner'));
    const name = `Offline payer ${info.project.name} ${Date.now()}`;
    const c = await customer(name);
    await page.goto(`/customers/${c._id}/payments`);
    await expect(page.getByTestId('customer-balance')).toHaveText('£0.00', SYNCED);
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', SYNCED);

    await goOffline(context);
    await page.getByRole('button', { name: 'Record payment' }).click();
    const form = page.getByRole('dialog', { name: 'Record a payment' });
    await form.getByLabel('Amount').fill('6.70');
    await form.getByRole('button', { name: 'Record payment' }).click();
    await expect(form).toBeHidden();
    // Applied at once on the device: a credit of 6.70.
    await expect(page.getByTestId('customer-balance')).toHaveText('-£6.70');
    await expect(page.getByTestId('ledger-payment')).toHaveCount(1);
    await goOnline(context);
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', SYNCED);
    await page.reload();
    await expect(page.getByTestId('ledger-payment')).toHaveCount(1, SYNCED);
    await page.screenshot({ path: info.outputPath('customer-payments.png') });
    const payments = (await serverEntities(ownerApi, 'transaction')).filter((t) => t.customerId === c._id);
    expect(payments).toEqual([expect.objectContaining({ amount: -6.7, transactionType: 'Payment' })]);
  },
);

test("an invoice made by hand is in the invoices list and on the customer's balance", async ({
  page,
}, info) => {
  await signInAs(page, demoEmail('owner'));
  const name = `Handmade ${info.project.name} ${Date.now()}`;
  const c = await customer(name);
  await page.goto('/invoices');
  await page.getByRole('button', { name: 'New invoice' }).click();
  const form = page.getByRole('dialog', { name: 'New invoice' });
  // Not sent without a customer; then found by searching, not by scrolling every customer.
  await form.getByRole('button', { name: 'Create invoice' }).click();
  await expect(form.getByRole('alert')).toHaveText('Choose the customer to invoice.');
  await form.getByLabel('Customer').fill(name);
  await form.getByRole('button', { name }).click({ timeout: 20_000 });
  await form.getByLabel('Description of line 1').fill('Gutter repair');
  await form.getByLabel('Amount of line 1').fill('40');
  await form.getByRole('button', { name: 'Add a line' }).click();
  await form.getByLabel('Description of line 2').fill('Downpipe bracket');
  await form.getByLabel('Amount of line 2').fill('12.50');
  await expect(form.getByTestId('new-invoice-total')).toHaveText('£52.50');
  await form.getByRole('button', { name: 'Create invoice' }).click();
  await expect(form).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search invoices' }).fill(name);
  const row = page.getByTestId('invoice-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('£52.50');
  // The server numbers it like a visit's invoice.
  await expect
    .poll(
      async () =>
        (await serverEntities(ownerApi, 'transaction')).find(
          (t) => t.customerId === c._id && t.transactionType === 'Invoice',
        )?.invoiceNumber,
      SYNCED,
    )
    .toMatch(/^INV-\d{5}$/);

  // A second, from the customer's own payments tab: both are owed.
  await page.goto(`/customers/${c._id}/payments`);
  await expect(page.getByTestId('customer-balance')).toHaveText('£52.50', SYNCED);
  await page.getByRole('button', { name: 'New invoice' }).click();
  const second = page.getByRole('dialog', { name: 'New invoice' });
  await second.getByLabel('Description of line 1').fill('Moss treatment');
  await second.getByLabel('Amount of line 1').fill('10');
  await second.getByRole('button', { name: 'Create invoice' }).click();
  await expect(page.getByTestId('customer-balance')).toHaveText('£62.50');
  await expect(page.getByTestId('ledger-invoice')).toHaveCount(2);
  await page.reload();
  await expect(page.getByTestId('customer-balance')).toHaveText('£62.50', SYNCED);
});
