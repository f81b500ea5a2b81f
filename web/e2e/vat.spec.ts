import { expect, test } from './clock';
import { ownBusiness } from './own-business.ts';
import { command } from './payment-helpers.ts';

/**
 * Making Tax Digital: a business with books connects to the local HMRC (its grant page), works out
 * a quarter's VAT return from the books, declares it and submits it; the local HMRC refuses a call
 * whose fraud prevention headers are invalid, so the receipt shows they passed. The run's day is
 * 25 November 2026: the quarter to September is open.
 */
test.describe.configure({ timeout: 150_000 });

test('connect to HMRC, compute a VAT return from the books and submit it with valid fraud headers', async ({
  page,
}) => {
  const email = `vat-${Date.now().toString(36)}@example.com`;
  await ownBusiness(page, { email, name: 'Val', businessName: 'VAT Rounds', flags: ['balance'] });
  const account = await command(page, 'payments.create-account', {
    name: 'Business current',
    subType: 'bank',
  });
  await command(page, 'balance.setup', { yearStartMonth: 4, vatRegistered: true });
  // A £120 bill in the quarter to September, VAT at 20%: £20 to reclaim (box 4), £100 of purchases (box 7).
  await command(page, 'expenses.create', {
    date: '2026-08-12',
    amount: 120,
    vatRate: 20,
    vatReclaimable: true,
    paymentAccountId: account._id,
    notes: 'Ladders',
  });

  // Setup: the VAT number and scheme, then HMRC's page to grant authority, and back.
  await page.goto('/balance/vat-returns/setup');
  await page.getByLabel('VAT registration number').fill('GB 999 123 456');
  await page.getByLabel('VAT scheme').selectOption('standard');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('VAT settings saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Connect to HMRC' }).click();
  await expect(page.getByRole('heading', { name: 'Grant authority' })).toBeVisible();
  await page.getByRole('button', { name: 'Grant authority' }).click();
  await expect(page).toHaveURL(/\/balance\/vat-returns\/setup\?hmrc=connected$/);
  await expect(page.getByTestId('hmrc-connected')).toBeVisible();

  // The open quarter, its nine boxes worked out from the books, declared and submitted.
  await page.getByRole('link', { name: 'VAT return', exact: true }).click();
  const quarter = page.getByRole('listitem').filter({ hasText: '2026-07-01 to 2026-09-30' });
  await quarter.getByRole('button', { name: 'Prepare' }).click();
  await expect(page.getByTestId('box-4')).toHaveText('£20.00');
  await expect(page.getByTestId('box-5')).toHaveText('£20.00');
  await expect(page.getByTestId('box-7')).toHaveText('£100.00');
  const submit = page.getByRole('button', { name: 'Submit to HMRC' });
  await expect(submit).toBeDisabled();
  await page.getByLabel(/legal declaration/).click();
  await submit.click();
  await expect(page.getByTestId('vat-receipt')).toContainText('Submitted', { timeout: 30_000 });
  await expect(page.getByTestId('vat-receipt')).toContainText(/Form bundle number \d{12}/);

  // Listed with its receipt; the quarter is no longer open; HMRC's header test answers.
  await page.getByRole('link', { name: 'Submissions' }).click();
  await expect(page.getByTestId('vat-submission')).toHaveCount(1);
  await page.getByRole('link', { name: 'Obligations' }).click();
  await expect(
    page.getByTestId('vat-obligations').getByRole('listitem').filter({ hasText: '2026-07-01' }),
  ).toContainText('Fulfilled');
  await page.getByRole('link', { name: 'Test headers' }).click();
  await page.getByRole('button', { name: 'Test the headers' }).click();
  // Locally both addresses are loopback: HMRC's test warns of that and finds no error.
  await expect(page.getByTestId('test-headers-result')).toContainText('POTENTIALLY_INVALID_HEADERS');
  await expect(page.getByTestId('test-headers-result')).not.toContainText('MISSING_HEADER');
});
