import { expect, test } from './clock';
import { demoEmail, signInAs } from './session';

/** `services-advanced` and `services-advanced/{id}`: what the customer portal asks and charges for a service. */

test('the Owner sets a service’s quote questions, prices by frequency and duration; a blank question is refused', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  await signInAs(page, demoEmail('owner'));
  const name = `Conservatory roof ${info.project.name} ${Date.now()}`;
  const created = await page.request.post('/api/commands/services.create', {
    data: { commandId: crypto.randomUUID(), input: { name, defaultPrice: 60, defaultDuration: 30 } },
  });
  expect(created.status()).toBe(200);

  await page.goto('/services-advanced');
  await expect(page.getByRole('heading', { name: 'Services for the portal', level: 1 })).toBeVisible();
  const row = page.getByTestId('advanced-service-list').getByRole('link', { name: new RegExp(name) });
  await expect(row).toContainText('0 questions · 0 prices by frequency · 30 minutes');
  await row.click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  await page.getByLabel('Default duration (minutes)').fill('45');
  await page.getByRole('button', { name: 'Add a price' }).click();
  const price = page.getByRole('group', { name: 'Price 1' });
  await price.getByLabel('Frequency').selectOption({ label: 'Weeks' });
  await price.getByLabel('Every').fill('8');
  await price.getByLabel('Price', { exact: true }).fill('55');

  await page.getByRole('button', { name: 'Add a question' }).click();
  const first = page.getByRole('group', { name: 'Question 1' });
  await first.getByLabel('Question').fill('Roof type');
  await first.getByLabel('Answer').selectOption({ label: 'Choice' });
  await first.getByLabel('Options').fill('Glass\nPolycarbonate');
  await first.getByLabel('Required').check();
  await page.getByRole('button', { name: 'Add a question' }).click();

  // A question left blank: refused with the command's message, and nothing saved.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Enter the question.' })).toBeVisible();
  await page.screenshot({ path: info.outputPath('service-advanced-refused.png'), fullPage: true });
  const unsaved = await page.request.get('/api/sync?cursor=');
  expect(JSON.stringify(await unsaved.json())).not.toContain('Roof type');

  await page
    .getByRole('group', { name: 'Question 2' })
    .getByLabel('Question')
    .fill('Roughly how many panels?');
  await page
    .getByRole('group', { name: 'Question 2' })
    .getByLabel('Answer')
    .selectOption({ label: 'Number' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${name} saved.`)).toBeVisible();
  await page.screenshot({ path: info.outputPath('service-advanced.png'), fullPage: true });

  // Kept on the server: a reload shows it, and the list counts it.
  await page.reload();
  await expect(page.getByRole('group', { name: 'Question 1' }).getByLabel('Options')).toHaveValue(
    'Glass\nPolycarbonate',
  );
  await expect(page.getByRole('group', { name: 'Price 1' }).getByLabel('Every')).toHaveValue('8');
  await expect(page.getByLabel('Default duration (minutes)')).toHaveValue('45');
  await page.getByRole('link', { name: 'All services' }).click();
  await expect(
    page.getByTestId('advanced-service-list').getByRole('link', { name: new RegExp(name) }),
  ).toContainText('2 questions · 1 price by frequency · 45 minutes');
});

test('a Worker is refused the service’s portal settings', async ({ page }) => {
  await signInAs(page, demoEmail('worker'));
  await page.goto('/services-advanced/any-service');
  await expect(page.getByText('Your role does not allow this.')).toBeVisible();
});
