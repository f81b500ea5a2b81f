import { expect, test } from './clock';
import {
  advanceDays,
  business,
  command,
  customerOwing,
  linksOf,
  signUpByDirectDebit,
} from './payment-helpers';

/**
 * A customer sets up a direct-debit mandate through their link; a
 * direct debit fails after payout and the pending view ranks that customer first. Each test has a
 * business of its own (payment-helpers.ts).
 */
test(
  'a customer sets up a direct-debit mandate through their link, and it becomes active days later',
  { tag: '@both' },
  async ({ page, context }, info) => {
    test.setTimeout(90_000);
    await business(page, `mandate-${info.project.name}-${Date.now()}`);
    const customerId = await command(page, 'customers.create', { name: 'Ann Mandate' }).then((c) => c._id);
    const { signUp } = await linksOf(page, customerId);
    // The link is its token alone: the customer's id in its place opens nothing.
    expect((await page.request.get(signUp.replace(/[\w-]{22}$/, customerId))).status()).toBe(404);

    const customer = await context.browser()!.newPage();
    await customer.goto(signUp);
    // A wrong sort code is refused with the reason, and nothing is set up.
    await customer.getByLabel('Account holder name').fill('Ann Mandate');
    await customer.getByLabel('Sort code').fill('12');
    await customer.getByLabel('Account number').fill('55779911');
    await customer.getByRole('button', { name: 'Set up Direct Debit' }).click();
    await expect(customer.getByRole('alert')).toHaveText(/6-digit sort code/);
    await signUpByDirectDebit(customer, signUp, 'Ann Mandate');

    // The business sees the mandate pending: a Low risk, listed once low risks are shown.
    await page.goto('/pending');
    await page.getByLabel('Show low-risk customers').check();
    const list = page.getByTestId('pending-list-direct-debit');
    await expect(list.getByRole('listitem').filter({ hasText: 'Ann Mandate' })).toBeVisible({
      timeout: 20_000,
    });

    // Three days on at the provider, the mandate is active: off the pending list, active on the page.
    await advanceDays(page, 3);
    await customer.goto(signUp);
    await expect(customer.locator('#status')).toHaveText('Your automatic payments are set up and active.');
    await page.reload();
    await expect(page.getByTestId('pending-list-direct-debit')).toBeHidden({ timeout: 20_000 });
    await expect(page.getByText('Ann Mandate')).toBeHidden();
    await customer.close();
  },
);

test('a direct debit that fails after payout puts that customer first on the pending view', async ({
  page,
  context,
}, info) => {
  test.setTimeout(120_000);
  await business(page, `failure-${info.project.name}-${Date.now()}`);
  const failing = await customerOwing(page, 'Cal Failing', 250);
  const paying = await customerOwing(page, 'Bea Paying', 300);
  const customer = await context.browser()!.newPage();
  for (const [id, name] of [
    [failing, 'Cal Failing'],
    [paying, 'Bea Paying'],
  ] as const) {
    await signUpByDirectDebit(customer, (await linksOf(page, id)).signUp, name);
  }
  await customer.close();
  const failingPayment = await command(page, 'payments.collect', { customerId: failing });
  await command(page, 'payments.collect', { customerId: paying });
  // The provider has the charge once its effect ran; then its fate is set: a late failure.
  await expect
    .poll(async () =>
      (
        await page.request.post('/api/dev/payments/plan', {
          data: { transactionId: failingPayment._id, outcome: 'late-failure' },
        })
      ).status(),
    )
    .toBe(200);
  // A third customer only signs up: a pending mandate, a lower risk.
  const waiting = await command(page, 'customers.create', { name: 'Dee Waiting' }).then((c) => c._id);

  // Ten days at the provider: both paid out, then Cal's failed, and was collected again.
  await advanceDays(page, 10);
  const other = await context.browser()!.newPage();
  await signUpByDirectDebit(other, (await linksOf(page, waiting)).signUp, 'Dee Waiting');
  await other.close();

  await page.goto('/pending');
  await page.getByLabel('Show low-risk customers').check();
  const rows = page.getByTestId('pending-list-direct-debit').getByRole('listitem');
  await expect(rows.first()).toContainText('Cal Failing', { timeout: 30_000 });
  await expect(rows.filter({ hasText: 'Dee Waiting' })).toBeVisible({ timeout: 20_000 });
  await expect(rows.filter({ hasText: 'Bea Paying' })).toHaveCount(0);
  // The detail tells why: the first collection failed after payout.
  await rows.first().click();
  const detail = page.getByRole('dialog', { name: 'Cal Failing' });
  await expect(detail.getByTestId('pending-payments')).toContainText('failed');
  await expect(detail.getByTestId('pending-payments')).toContainText('late failure after payout');
});
