import type { Page } from '@playwright/test';
import { expect, test } from './clock';

/** The account screen through the drawer (a sheet opened from the menu button on a phone). */
async function openAccount(page: Page) {
  if ((page.viewportSize()?.width ?? 0) < 769) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByTestId('drawer').getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page.getByLabel('Business address')).toBeVisible();
}

/**
 * The business's base (account screen): where the day starts and ends, which route optimising
 * uses. A new Owner of their own, so the demo business the other specs share is left as it is.
 */
test('the Owner sets where the day starts; it is kept', async ({ page }, info) => {
  const signup = await page.request.post('/api/auth/signup', {
    data: {
      email: `base-${info.project.name}-${Date.now()}@example.com`,
      password: 'a good password',
      name: 'Bea Base',
      businessName: 'Base Windows',
    },
  });
  expect(signup.status()).toBe(201);
  // A link to a screen opens that screen: quick start greets only the app's start page.
  await page.goto('/account');
  await expect(page.getByLabel('Business address')).toBeVisible();
  await page.getByLabel('Business address').fill('1 Mill Road, Cambridge');
  await page.getByLabel('Latitude').fill('52.1986');
  await page.getByLabel('Longitude').fill('0.1391');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Account details saved')).toBeVisible();
  await page.screenshot({ path: info.outputPath('account-base.png'), fullPage: true });

  await page.reload();
  await openAccount(page);
  await expect(page.getByLabel('Latitude')).toHaveValue('52.1986');
  await expect(page.getByLabel('Longitude')).toHaveValue('0.1391');
  const me = await (await page.request.get('/api/me')).json();
  expect(me.account.settings.businessAddress).toEqual({
    addressDescription: '1 Mill Road, Cambridge',
    lngLat: [0.1391, 52.1986],
  });
});
