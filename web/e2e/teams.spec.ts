import { expect, installClock, test } from './clock';
import { demoEmail, signInAs } from './session';

/** The Teams screen on the shared components: form dialog, members, confirmed delete. */

test('an Admin creates a team in the dialog and deletes it only after confirming', async ({
  page,
  browser,
}, info) => {
  await signInAs(page, demoEmail('admin'));
  const name = `Van ${info.project.name} ${Date.now()}`;

  await page.goto('/teams');
  await page.getByRole('button', { name: 'New team' }).first().click();
  const form = page.getByRole('dialog', { name: 'New team' });
  // The form states the rule before the command would refuse it.
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText('Enter a name for the team.');
  await form.getByLabel('Name').fill(name);
  await form.getByRole('checkbox', { name: 'Will Worker' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  const card = page.getByRole('listitem').filter({ hasText: name });
  await expect(card.getByText('1 member')).toBeVisible();
  await expect(card.getByText('Will Worker')).toBeVisible();

  await card.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete the team ${name}?` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
  // And on the server, once synced: a fresh device (no local cache) does not see it.
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 15_000 });
  const other = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await installClock(other.context());
  await other.context().addCookies(await page.context().cookies());
  await other.goto('/teams');
  await expect(other.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 15_000 });
  await expect(other.getByText(name)).toHaveCount(0);
  await other.close();
});
