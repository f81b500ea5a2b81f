import { e2eNow } from './clock';
import { expect, test } from './offline-proxy';
import { ownBusiness } from './own-business.ts';
import { command } from './payment-helpers.ts';

/**
 * The bank (spec 000 section 2.9, import-transactions): a business connects the local bank from
 * the bank list (search, the consent page in the same window, the confirmation with its next
 * steps), its lines are imported, a statement file brings a card payout, and the payout is
 * reconciled against the three card payments in it.
 */
test.describe.configure({ timeout: 150_000 });

test('connect the local bank, import its lines and a statement, reconcile a payout against three payments', async ({
  page,
}) => {
  const email = `bank-${Date.now().toString(36)}@example.com`;
  await ownBusiness(page, { email, name: 'Bea', businessName: 'Bank Rounds' });
  const today = e2eNow().toISOString().slice(0, 10);
  const customer = await command(page, 'customers.create', { name: 'Ann Card' });
  for (const amount of [20, 15.5, 30]) {
    await command(page, 'payments.record', { customerId: customer._id, amount, method: 'card', date: today });
  }

  // The bank list: the ten most popular, the limit text, a search with no match, then Monzo.
  await page.goto('/import-transactions/banks');
  await expect(page.getByRole('heading', { name: 'Choose your bank' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('institutions').getByRole('button')).toHaveCount(10);
  await expect(page.getByText('Showing the 10 most popular banks. Search to find yours.')).toBeVisible();
  await page.getByLabel('Search banks').fill('no such bank');
  await expect(page.getByText('No banks match your search.')).toBeVisible();
  await page.getByLabel('Search banks').fill('monzo');
  await page.getByRole('button', { name: 'Monzo' }).click();

  // The bank's consent page, in this window; Allow comes back to connected-service.
  await expect(page.getByRole('heading', { name: 'Monzo' })).toBeVisible();
  await page.getByRole('link', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/connected-service\/local\?code=/);
  await expect(page.getByRole('heading', { name: 'Connected to Monzo' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'Review your chart of accounts' })).toHaveAttribute(
    'href',
    '/chart-of-accounts',
  );
  await page.getByRole('link', { name: 'Reconcile your imported transactions' }).click();

  // The first import arrives from the outbox; then a statement file with the payout.
  await expect(page.getByTestId('bank-connection')).toContainText('Monzo', { timeout: 30_000 });
  await page.getByLabel('Bank account').selectOption({ label: 'Monzo Business Current Account' });
  await expect(page.getByTestId('bank-line').first()).toBeVisible({ timeout: 30_000 });
  const csv = `Date,Description,Amount\n${today},STRIPE PAYOUT,65.50\n`;
  await page
    .getByLabel('Import a statement')
    .setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('1 new lines, 0 pending lines booked, 0 already here.')).toBeVisible();

  const payout = page.getByTestId('bank-line').filter({ hasText: 'STRIPE PAYOUT' });
  await expect(payout.getByTestId('suggestion')).toContainText('A payout of 3 payments', { timeout: 15_000 });
  await payout.getByRole('button', { name: 'Confirm' }).click();
  await expect(payout).toHaveCount(0);
  await page.getByLabel('Show reconciled lines').check();
  await expect(page.getByTestId('bank-line').filter({ hasText: 'STRIPE PAYOUT' })).toContainText(
    'Reconciled: payments',
  );
});
