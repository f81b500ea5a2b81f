import { expect, test } from './clock';
import { demoEmail, signInAs } from './session';

/** Issue 15: what customers owe, and a part payment recorded against one of them. */

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
  await row.getByRole('button', { name: `Record a payment from ${name}` }).click();
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
