import { type Browser, type Page, request } from '@playwright/test';
import { e2eNow } from './clock';
import { expect, test } from './offline-proxy';

/**
 * The books (issue: suppliers, expenses, balance accounting, chart of accounts, insights): a
 * business of its own with the balance feature sets up its books, records an expense with a
 * receipt and VAT through the screens, and finds it in the profit and loss and the expenses by
 * category; a Reporting member sees insights and nothing else.
 */
test.describe.configure({ timeout: 150_000 });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function mailLink(page: Page, email: string, path: string): Promise<string> {
  let token = '';
  await expect
    .poll(
      async () => {
        const { mails } = (await (
          await page.request.get('/api/dev/mail', { headers: { accept: 'application/json' } })
        ).json()) as { mails: { to: string; links: string[] }[] };
        const link = mails.find((m) => m.to.includes(email))?.links.find((l) => l.includes(path));
        token = link ? (new URL(link, 'http://x').searchParams.get('token') ?? '') : '';
        return token;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return token;
}

/** A verified business of its own (a trial: Ultimate) with the balance feature, signed in on `page`. */
async function business(page: Page, name: string) {
  const email = `${name}@example.com`;
  const signup = await page.request.post('/api/auth/signup', {
    data: { email, password: 'a good password', name: 'Bea', businessName: `Books ${name}` },
  });
  expect(signup.status()).toBe(201);
  const token = await mailLink(page, email, 'verify-email');
  expect((await page.request.post('/api/auth/verify-email', { data: { token } })).status()).toBe(200);
  expect((await page.request.patch('/api/account', { data: { flags: ['balance'] } })).status()).toBe(200);
  expect(
    (await page.request.patch('/api/me', { data: { settings: { hideQuickStart: true } } })).status(),
  ).toBe(200);
}

async function command(page: Page, name: string, input: unknown) {
  const res = await page.request.post(`/api/commands/${name}`, {
    data: { commandId: crypto.randomUUID(), input },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result;
}

test('set up the books, record an expense with a receipt and VAT, see it in profit and loss and by category', async ({
  page,
}, info) => {
  await business(page, `books-${Date.now().toString(36)}`);
  await command(page, 'payments.create-account', { name: 'Business current', subType: 'bank' });

  // Until the books are set up every balance page shows setup in its place; then the dashboard.
  await page.goto('/balance/reports');
  await expect(page.getByRole('heading', { name: 'Set up your books' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/balance\/reports$/);
  await page.getByLabel('Financial year starts in').selectOption({ label: 'January' });
  await page.getByLabel('The business is registered for VAT').click();
  await page.getByRole('button', { name: 'Set up the books' }).click();
  // Set up: the page asked for shows in the form's place.
  await expect(page.getByRole('heading', { name: 'Set up your books' })).toBeHidden();
  await expect(page).toHaveURL(/\/balance\/reports$/);
  await page.goto('/balance/dashboard');
  await expect(page.getByTestId('balance-figures')).toBeVisible();
  await page.goto('/balance/nowhere');
  await expect(page.getByText('Error Page Not Found')).toBeVisible();
  await page.goto('/balance/transactions/nope');
  await expect(page.getByText('Transaction not found.')).toBeVisible();

  // A category and a supplier through their screens; the duplicate is refused with its key's text.
  await page.goto('/expense-categories');
  await page.getByRole('button', { name: 'Add category' }).first().click();
  await page.getByRole('dialog').getByLabel('Name').fill('Fuel');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('expense-category-list')).toContainText('Fuel');
  await page.getByRole('button', { name: 'Add category' }).first().click();
  await page.getByRole('dialog').getByLabel('Name').fill(' fuel ');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('dialog').getByText('An expense category called fuel already exists.'),
  ).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/suppliers');
  await expect(page).toHaveURL(/\/suppliers\/list$/);
  await page.getByRole('link', { name: 'Add supplier' }).first().click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("Enter the supplier's name.")).toBeVisible();
  await page.getByLabel(/^Name/).fill('  Forecourt Fuels ');
  await page.getByLabel('Notes').fill(' Account 4411 ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Forecourt Fuels' })).toBeVisible();
  await expect(page.getByText('Account 4411')).toBeVisible();

  // The expense: £61.99 with 20% VAT (£10.33), paid from the bank, with a receipt photo.
  await page.goto('/expenses');
  await page.getByRole('button', { name: 'Add expense' }).first().click();
  const form = page.getByRole('dialog');
  await form.getByLabel(/^Amount paid/).fill('61.99');
  await form.getByLabel(/^Supplier/).selectOption({ label: 'Forecourt Fuels' });
  await form.getByLabel(/^Category/).selectOption({ label: 'Fuel' });
  await form.getByLabel(/^Paid from/).selectOption({ label: 'Business current' });
  await form.getByLabel(/^Notes/).fill('Diesel for the van');
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByTestId('attachment-list')).toContainText('receipt.png', { timeout: 20_000 });
  await page.screenshot({ path: info.outputPath('expense-form.png') });
  await form.getByRole('button', { name: 'Save' }).click();
  const list = page.getByTestId('expense-list');
  await expect(list).toContainText('Forecourt Fuels');
  await expect(list).toContainText('£61.99');
  await expect(list).toContainText('VAT £10.33');
  await expect(list.getByLabel('Has a receipt')).toBeVisible();
  await expect(page.getByTestId('expense-totals')).toContainText('Fuel');
  await page.screenshot({ path: info.outputPath('expenses.png'), fullPage: true });

  // Stored once, with the VAT the server worked out.
  await expect
    .poll(async () => {
      const sync = await (await page.request.get('/api/sync')).json();
      return (sync.changes as { type: string; entity: { vatAmount: number } }[])
        .filter((c) => c.type === 'expense')
        .map((c) => c.entity.vatAmount);
    })
    .toEqual([10.33]);

  // The profit and loss: the cost less the reclaimable VAT (£51.66) under Fuel.
  await page.goto('/balance/reports/profit-and-loss');
  const table = page.getByTestId('report-table');
  await expect(table.getByRole('row', { name: /^Fuel/ })).toContainText('£51.66');
  await expect(table.locator('tfoot')).toContainText('-£51.66');
  await page.screenshot({ path: info.outputPath('profit-and-loss.png'), fullPage: true });

  await page.goto('/balance/reports/expenses-by-category');
  const row = page.getByTestId('report-table').getByRole('row', { name: /^Fuel/ });
  await expect(row).toContainText('£51.66');
  await expect(row).toContainText('£10.33');
  await expect(row).toContainText('£61.99');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await (await (await download).createReadStream()).toArray();
  expect(Buffer.concat(csv).toString('utf8')).toContain('Fuel,51.66,10.33,61.99');

  // The balance sheet balances; the supplier's detail lists the expense among recent transactions.
  await page.goto('/chart-of-accounts/balance-sheet');
  await expect(page.getByText('The balance sheet balances.')).toBeVisible();
  await page.screenshot({ path: info.outputPath('balance-sheet.png'), fullPage: true });
  await page.goto('/balance/dashboard');
  await expect(page.getByTestId('figure-vat')).toHaveText('£10.33');
  await expect(page.getByTestId('balance-figures')).toContainText('VAT to reclaim');
  await page.screenshot({ path: info.outputPath('balance-dashboard.png'), fullPage: true });
  await page.goto('/suppliers/list');
  await page.getByRole('link', { name: /Forecourt Fuels/ }).click();
  await expect(page.getByTestId('supplier-transactions')).toContainText('£61.99');
});

/** Invites `email` as Reporting and accepts in a context of the member's own. */
async function reportingMember(browser: Browser, owner: Page, email: string) {
  const invited = await owner.request.post('/api/users/invite', {
    data: { email, name: 'Rita', roles: ['Reporting'] },
  });
  expect(invited.status()).toBe(201);
  const context = await browser.newContext();
  const page = await context.newPage();
  const token = await mailLink(page, email, 'accept-invite');
  const accepted = await page.request.post('/api/auth/accept-invite', {
    data: { token, password: 'member password 1' },
  });
  expect(accepted.status()).toBe(200);
  return page;
}

test('a Reporting member lands on insights and sees nothing else of the books', async ({
  page,
  browser,
}, info) => {
  const name = `reporting-${Date.now().toString(36)}`;
  await business(page, name);
  await command(page, 'customers.create', { name: 'Ann Gained' });
  const member = await reportingMember(browser, page, `${name}-rita@example.com`);
  await member.clock.install({ time: e2eNow() });
  await member.goto('/');
  await expect(member).toHaveURL(/\/insights$/, { timeout: 30_000 });
  await expect(member.getByTestId('insights-customers')).toContainText('1 gained and 0 lost');
  await expect(member.getByRole('link', { name: 'Customers', exact: true })).toHaveCount(0);
  const drawer = member.getByTestId('drawer');
  await expect(drawer.getByRole('link', { name: 'Insights', exact: true })).toBeVisible();
  for (const entry of [
    'Expenses',
    'Suppliers',
    'Expense categories',
    'Balance',
    'Chart of accounts',
    'Customers',
  ]) {
    await expect(drawer.getByRole('link', { name: entry, exact: true })).toHaveCount(0);
  }
  await member.screenshot({ path: info.outputPath('insights-reporting.png'), fullPage: true });
  for (const path of ['/expenses', '/suppliers/list', '/insights/financials']) {
    await member.goto(path);
    await expect(member.getByTestId('not-allowed')).toBeVisible();
  }
  const api = await request.newContext({
    baseURL: info.project.use.baseURL,
    storageState: await member.context().storageState(),
  });
  const refused = await api.post(`/api/commands/expenses.create`, {
    data: { commandId: crypto.randomUUID(), input: { date: '2026-01-05', amount: 5 } },
  });
  expect([refused.status(), (await refused.json()).code]).toEqual([403, 'access.role-required']);
  await api.dispose();
  await member.context().close();
});

test(
  "the books' screens fit the screen on a phone and a desktop",
  { tag: '@both' },
  async ({ page }, info) => {
    await business(page, `books-layout-${info.project.name}-${Date.now().toString(36)}`);
    const account = await command(page, 'payments.create-account', {
      name: 'Business current',
      subType: 'bank',
    });
    const supplier = await command(page, 'suppliers.create', {
      name: 'Ladders and Poles Trade Supplies Limited',
      notes: 'Trade account 4411, collect from the yard at the back',
      contacts: [{ name: 'Bob Barker', email: 'bob@ladders.example', phone: '01632 960123' }],
    });
    const category = await command(page, 'expense-categories.create', {
      description: 'Equipment and repairs',
    });
    await command(page, 'balance.setup', { yearStartMonth: 4, vatRegistered: true });
    await command(page, 'expenses.create', {
      date: e2eNow().toISOString().slice(0, 10),
      amount: 1249.99,
      vatRate: 20,
      supplierId: supplier._id,
      expenseCategoryId: category._id,
      paymentAccountId: account._id,
      notes: 'A new water-fed pole with a carbon fibre extension',
    });
    for (const [path, ready] of [
      ['/expenses', 'expense-list'],
      [`/suppliers/${supplier._id}`, 'supplier-transactions'],
      ['/balance/dashboard', 'balance-figures'],
      ['/balance/reports/profit-and-loss', 'report-table'],
      ['/chart-of-accounts', 'chart-of-accounts'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(ready)).toBeVisible({ timeout: 30_000 });
      // The page never scrolls sideways (a wide report scrolls inside its own box).
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
        path,
      ).toBeLessThanOrEqual(0);
      await page.screenshot({ path: info.outputPath(`${path.replaceAll('/', '_')}.png`), fullPage: true });
    }
  },
);

test('an expense recorded with no signal waits on the device and is stored once when the signal returns', async ({
  page,
  signal,
}) => {
  await business(page, `books-offline-${Date.now().toString(36)}`);
  await command(page, 'expense-categories.create', { description: 'Fuel' });
  await page.goto('/expenses');
  await expect(page.getByTestId('empty-state')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced');

  await signal.goOffline();
  await page.getByRole('button', { name: 'Add expense' }).first().click();
  const form = page.getByRole('dialog');
  await form.getByLabel(/^Amount paid/).fill('12');
  await form.getByLabel(/^Category/).selectOption({ label: 'Fuel' });
  await form.getByLabel(/^VAT/).first().selectOption({ label: 'Amount on the receipt' });
  await form.getByLabel(/^VAT amount/).fill('2');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('expense-list')).toContainText('£12.00');
  await expect(page.getByTestId('expense-totals')).toContainText('VAT £2.00');
  await expect(page.getByTestId('sync-status')).not.toHaveAttribute('data-state', 'synced');

  await signal.goOnline();
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 30_000 });
  const server = await signal.server();
  const sync = await (await server.get('/api/sync')).json();
  const stored = (sync.changes as { type: string; entity: { amount: number; vatAmount: number } }[]).filter(
    (c) => c.type === 'expense',
  );
  expect(stored.map((c) => [c.entity.amount, c.entity.vatAmount])).toEqual([[12, 2]]);
});
