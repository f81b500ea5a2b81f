import { expect, test } from './clock';
import { demoEmail, signInAs } from './session';

/** Marketing parameters (spec 001 section 2.11): the customer's UTM dialog, first and last touch. */

test("an Owner corrects a customer's first-touch UTM parameters; the last touch from a quote link shows", async ({
  page,
}, info) => {
  await signInAs(page, demoEmail('owner'));
  const stamp = `${info.project.name}-${Date.now()}`;
  const created = await page.request.post('/api/commands/customers.create', {
    data: { commandId: `e2e-utm-c-${stamp}`, input: { name: `Uma Tracked ${stamp}` } },
  });
  expect(created.status()).toBe(200);
  const customerId = (await created.json()).result._id as string;
  const quote = await page.request.post('/api/commands/quotes.create', {
    data: {
      commandId: `e2e-utm-q-${stamp}`,
      input: {
        customerId,
        name: 'Windows',
        items: [{ title: 'Windows', quantity: 1, unitPrice: 20, frequency: { frequencyType: 'OneOff' } }],
        date: '2026-11-20',
        expiry: '2099-12-31',
      },
    },
  });
  const token = (await quote.json()).result.linkToken as string;
  // The customer opens the quote from two campaigns, one after the other.
  await page.request.get(`/go/q/${token}/?utm_source=flyer&utm_campaign=autumn`);
  await page.request.get(`/go/q/${token}/?utm_source=newsletter&utm_medium=email`);

  await page.goto(`/customers/${customerId}`);
  await page.getByRole('button', { name: 'Marketing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Marketing parameters' });
  await expect(dialog.getByLabel('utm_source')).toHaveValue('flyer');
  await expect(dialog.getByLabel('utm_campaign')).toHaveValue('autumn');
  await expect(dialog.getByTestId('utm-last-touch')).toContainText('newsletter');
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await dialog.getByLabel('utm_medium').fill('print');
  await expect(save).toBeEnabled();
  await dialog.getByLabel('utm_medium').fill('');
  await expect(save).toBeDisabled();
  await dialog.getByLabel('utm_term').fill('window cleaner');
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Marketing parameters saved')).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Marketing' }).click();
  await expect(page.getByRole('dialog', { name: 'Marketing parameters' }).getByLabel('utm_term')).toHaveValue(
    'window cleaner',
  );
});
