import { expect, installClock, test } from './clock';
import { demoEmail, signInAs } from './session.ts';

/**
 * The portal's analytics (spec 002 section 2.5 panel 3): a new customer asks for a quote on the
 * demo business's public page (`/portal/demo`, another browser context, not signed in), and the
 * business's overview shows the lead in 'All Leads' with its status, counted in the tiles.
 */
test('a lead made on the public portal page appears in the analytics with its status', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const name = `Lena Analytics ${Date.now()}`;
  const visitor = await browser.newContext();
  await installClock(visitor);
  const portal = await visitor.newPage();
  await portal.goto('/portal/demo');
  const flow = portal.locator('[data-widget="quote-flow"]');
  await expect(flow.getByRole('heading', { name: 'Get a quote' })).toBeVisible();
  await flow.locator('label.check').first().click();
  await flow.getByRole('button', { name: 'Next' }).click();
  await flow.getByLabel('Your name').fill(name);
  await flow.getByLabel('Email').fill('lena.analytics@example.com');
  await flow.getByLabel('Address').fill('14 Mill Road');
  await flow.getByLabel('Postcode').fill('cb1 2ad');
  await flow.getByRole('button', { name: 'Ask for a quote' }).click();
  await expect(flow.getByText(`Thank you, ${name}. We will send your quote soon.`)).toBeVisible();
  await visitor.close();

  await signInAs(page, demoEmail('owner'));
  await page.goto('/portal-directory');
  const tiles = page.getByTestId('analytics-tiles');
  await expect(tiles.getByText('Page Views')).toBeVisible();
  await expect(page.getByLabel('Period', { exact: true })).toHaveValue('last-7-days');
  // The newest lead first; its quote request waits for the business: Pending.
  const row = page.getByTestId('all-leads').getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  await expect(row.getByText('lena.analytics@example.com')).toBeVisible();
  const views = Number(
    (await page.getByTestId('tile-page-views').locator('p').nth(1).textContent())?.replace(/,/g, ''),
  );
  expect(views).toBeGreaterThan(0);
  await expect(page.getByTestId('analytics-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();

  // Only the converted: the pending lead leaves the table.
  await page.getByRole('button', { name: 'All statuses' }).click();
  for (const status of ['Raw', 'Pending', 'Accepted', 'Declined', 'Expired', 'Active', 'Cancelled', 'N/A']) {
    await page.getByRole('menuitemcheckbox', { name: status, exact: true }).click();
  }
  await page.keyboard.press('Escape');
  await expect(row).toBeHidden();
  await page.getByRole('button', { name: 'Status (1)' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Pending', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(row).toBeVisible();

  // View opens the lead: the customer.
  await row.getByRole('link', { name: `View ${name}` }).click();
  await expect(page).toHaveURL(/\/customers\/[0-9A-Z]+/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: 20_000 });
});
