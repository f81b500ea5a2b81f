import { expect, test } from './clock';
import { demoEmail, signInAs } from './session';

/** Getting started (`gettingstarted`) and the release notes startup shows when there are new ones. */

test('getting started shows a Worker the tasks of their day, and opens the screen of one', async ({
  page,
}) => {
  await signInAs(page, demoEmail('worker'));
  await page.goto('/gettingstarted');
  await expect(page.getByRole('heading', { name: 'Getting started' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '1. Plan and work the day' })).toBeVisible();
  // An Owner's set-up tasks are not a Worker's to do.
  await expect(page.getByText('Invite your team')).toHaveCount(0);
  await expect(page.getByText('Your business details')).toHaveCount(0);
  await page.getByRole('link', { name: 'Open my work' }).click();
  await expect(page).toHaveURL(/\/mywork$/);
});

test("an Owner's guide starts with the business's set-up and links to it", async ({ page }) => {
  await signInAs(page, demoEmail('owner'));
  await page.goto('/gettingstarted');
  await expect(page.getByRole('heading', { name: '1. Set up your business' })).toBeVisible();
  await page.getByRole('link', { name: 'Open customers' }).click();
  await expect(page).toHaveURL(/\/customers$/);
});

test('release notes open at start when this version has notes the user has not seen, then not again', async ({
  page,
}) => {
  await signInAs(page, demoEmail('owner'));
  await page.goto('/customers');
  await expect(page.getByRole('heading', { name: 'Customers' }).first()).toBeVisible();
  // The notes last seen were an older version's.
  await page.evaluate(() => localStorage.setItem('roundwise.release-notes-seen', '0.0.1'));
  await page.goto('/customers');
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { name: 'Release notes' })).toBeVisible();
  await page.goto('/customers');
  await expect(page).toHaveURL(/\/customers$/);
});
