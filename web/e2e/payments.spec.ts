import { expect, test } from './clock';
import { demoEmail, signInAs } from './session';

/** What customers owe, and a part payment recorded against one of them. */

const pounds = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''));

test('the owing list shows who owes, most first; a part payment lowers what that customer owes', async ({
  page,
}) => {
  await signInAs(page, demoEmail('owner'));
  await page.goto('/owing');
  const list = page.getByTestId('owing-list');
  await expect(list).toBeVisible({ timeout: 15_000 });
  const balances = (await list.getByTestId('owing-balance').allTextContents()).map(pounds);
  expect(balances.length).toBeGreaterThan(0);
  expect(balances).toEqual([...balances].sort((a, b) => b - a));
  expect(balances.every((b) => b > 0)).toBe(true);

  // The last row: the smallest balance, so the part payment leaves it in the list.
  const row = list.getByRole('listitem').last();
  const name = (await row.locator('.font-medium').first().textContent()) ?? '';
  const before = pounds(await row.getByTestId('owing-balance').textContent());
  await row.getByRole('button', { name: `Record payment from ${name}` }).click();
  const form = page.getByRole('dialog', { name: 'Record a payment' });
  await expect(form.getByLabel('Amount')).toHaveValue(before.toFixed(2));
  // The command's own rule, before anything is sent.
  await form.getByLabel('Amount').fill('0');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(form.getByRole('alert')).toHaveText('Enter an amount of more than 0.');
  const part = Math.min(1, before / 2);
  await form.getByLabel('Amount').fill(part.toFixed(2));
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(form).toBeHidden();

  const after = list.getByRole('listitem').filter({ hasText: name });
  await expect(after.getByTestId('owing-balance')).toHaveText(new RegExp(`${(before - part).toFixed(2)}$`));
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 15_000 });
  // After the server's answer it still stands (the server ran the same command).
  await page.reload();
  await expect(
    page
      .getByTestId('owing-list')
      .getByRole('listitem')
      .filter({ hasText: name })
      .getByTestId('owing-balance'),
  ).toHaveText(new RegExp(`${(before - part).toFixed(2)}$`), { timeout: 15_000 });
});

test("a customer's account: a part payment cancelled after confirming, another refunded, then its cancel refused", async ({
  page,
}) => {
  await signInAs(page, demoEmail('owner'));
  await page.goto('/owing');
  const list = page.getByTestId('owing-list');
  await expect(list).toBeVisible({ timeout: 15_000 });
  // The first row: the most owed, so two part payments of under 2.00 leave the customer in the list.
  const row = list.getByRole('listitem').first();
  const name = (await row.locator('.font-medium').first().textContent()) ?? '';
  const owed = pounds(await row.getByTestId('owing-balance').textContent());
  const customer = list.getByRole('listitem').filter({ hasText: name });
  const account = page.getByRole('dialog', { name });
  const pay = async (amount: string) => {
    await customer.getByRole('button', { name: `Record payment from ${name}` }).click();
    const form = page.getByRole('dialog', { name: 'Record a payment' });
    await form.getByLabel('Amount').fill(amount);
    await form.getByLabel('Method').click();
    await page.getByRole('option', { name: 'Cheque' }).click();
    await form.getByRole('button', { name: 'Record payment' }).click();
    await expect(form).toBeHidden();
  };
  const balance = customer.getByTestId('owing-balance');
  // Amounts of this run only (the server keeps earlier runs' payments).
  const cents = 10 + (Date.now() % 80);
  const first = `1.${cents}`;
  const second = `1.${cents + 1}`;
  const paymentOf = (amount: string) =>
    account.getByTestId('ledger-payment').filter({ hasText: `£${amount}`, hasNotText: 'Refund:' });

  await pay(first);
  await expect(balance).toHaveText(new RegExp(`${(owed - Number(first)).toFixed(2)}$`));
  await customer.getByRole('button', { name: `${name}'s account` }).click();
  await expect(account.getByTestId('ledger-invoice').first()).toBeVisible();
  await paymentOf(first).getByRole('button', { name: 'Cancel payment' }).click();
  // It pays one invoice, the one owed longest: the words say so.
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('It also pays 1 other invoice');
  await confirm.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(paymentOf(first)).toHaveCount(0);
  await expect(account).toContainText(`Balance £${owed.toFixed(2)}`);
  await page.keyboard.press('Escape');

  await pay(second);
  await customer.getByRole('button', { name: `${name}'s account` }).click();
  await paymentOf(second).getByRole('button', { name: 'Refund' }).click();
  await expect(
    account
      .getByTestId('ledger-payment')
      .filter({ hasText: 'Refund: Cheque' })
      .filter({ hasText: `£${second}` }),
  ).toHaveCount(1);
  // Refunded: what was paid is owed again.
  await expect(account).toContainText(`Balance £${owed.toFixed(2)}`);
  await paymentOf(second).getByRole('button', { name: 'Cancel payment' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel payment' }).click();
  // Refused by the same rule on the device, shown with the changes refused.
  await expect(page.getByTestId('refused-changes')).toContainText(
    'This payment has already been refunded, so it cannot be cancelled.',
  );
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 15_000 });
});
