import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

/** Issue 3: signing in and out of the staff app in a real browser. */

const demo = () => JSON.parse(readFileSync(join(process.env.E2E_DATA_DIR!, 'demo.json'), 'utf8'));

test('a wrong password shows the server message; the right one opens the app', async ({ page }, info) => {
  const { email, password } = demo();
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in/);
  await page.screenshot({ path: info.outputPath('sign-in.png'), fullPage: true });

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('That email and password do not match an account.');
  await page.screenshot({ path: info.outputPath('sign-in-error.png'), fullPage: true });

  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Where the app lands depends on the shell's startup redirect; it is no longer sign-in.
  await expect(page).not.toHaveURL(/\/sign-in/);
  expect((await (await page.request.get('/api/me')).json()).account.businessName).toBe(
    'Sparkle Window Cleaning',
  );

  // The shell owns the sign-out button; ending the session sends the next visit to sign-in.
  await page.request.post('/api/auth/logout');
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in/);
});

test('an invalid email is refused inline, before any request', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('x');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#email-error')).toBeVisible();
});
