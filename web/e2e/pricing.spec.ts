import type { Page } from '@playwright/test';
import { expect, test } from './clock';
import { demoEmail, signInAs } from './session';

/**
 * A bulk price change (spec 002 section 2.6): a 3 % rise rounded to 0.5 on one round, its
 * preview, Apply, Notify with the business's price-change template (previewed for a customer;
 * the mails and texts in the sinks carry the new prices), and Rollback.
 */

async function command(page: Page, name: string, commandId: string, input: Record<string, unknown>) {
  const res = await page.request.post(`/api/commands/${name}`, { data: { commandId, input } });
  expect(res.status(), await res.text()).toBe(200);
}
async function mails(page: Page) {
  const res = await page.request.get('/api/dev/mail', { headers: { accept: 'application/json' } });
  return ((await res.json()) as { mails: { to: string; subject: string; text: string }[] }).mails;
}
async function texts(page: Page) {
  const res = await page.request.get('/api/dev/sms');
  return ((await res.json()) as { messages: { to: string; body: string }[] }).messages;
}

test('a 3 % rise rounded to 0.5 on one round: preview, apply, notify by email and SMS, roll back', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await signInAs(page, demoEmail('owner'));
  const id = `${info.project.name}${Date.now()}`;
  // The business's messaging template for price changes, made on the templates screen.
  await command(page, 'templates.create', `e2e-tpl-${id}`, {
    _id: `tpl-${id}`,
    name: `Prices ${id}`,
    subject: 'New prices from [price-change-date]',
    smsTemplate: 'Hi [first-name], from [price-change-date] your price goes from [old-price] to [new-price].',
    useSubjectAsSmsMessage: false,
    state: {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Your price changes from [old-price] to [new-price]. [sign-off=?]' },
          ],
        },
      ],
    },
  });
  await command(page, 'rounds.create', `e2e-round-${id}`, { _id: `round-${id}`, description: `Rise ${id}` });
  const people = [
    ['ann', 20, '07700 900401'],
    ['bob', 25, '07700 900402'],
  ] as const;
  for (const [name, price, mobile] of people) {
    await command(page, 'customers.create', `e2e-${name}-${id}`, {
      _id: `${name}-${id}`,
      name: `${name} ${id}`,
      email: `${name}-${id}@example.com`,
      mobileNumber: mobile,
      contactMethods: ['email', 'sms'],
      address: { addressDescription: `1 ${name} Road, Cambridge CB1 1AA` },
    });
    await command(page, 'jobs.create', `e2e-job-${name}-${id}`, {
      _id: `job-${name}-${id}`,
      customerId: `${name}-${id}`,
      rounds: [`round-${id}`],
      date: '2026-01-07',
      price,
      frequencyType: 'Weeks',
      frequencyInterval: 4,
    });
  }

  await page.goto('/pricing/changes');
  await page.getByRole('link', { name: 'Create' }).click();
  await page.getByLabel('Name').fill(`Yearly rise ${id}`);
  await page.getByLabel('Change (%)').fill('3');
  await page.getByLabel('Round to the nearest').selectOption('0.5');
  await page.getByRole('button', { name: 'Add filter group' }).click();
  const group = page.getByRole('group', { name: 'Group 1' });
  await group.getByLabel('Field').selectOption({ label: 'Round' });
  await group.getByLabel('Value').fill(`Rise ${id}`);
  // The preview: two jobs, 20 -> 20.50 and 25 -> 26.00 (25.75 is a half, rounded up); 13 visits a year.
  await expect(page.getByRole('heading', { name: '2 jobs change' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('row', { name: new RegExp(`Rise ${id}`) })).toContainText('+£1.63');
  await expect(page.getByRole('row', { name: new RegExp(`Rise ${id}`) })).toContainText('+£19.50');
  await page.getByRole('button', { name: 'Save' }).click();

  await page.getByRole('link', { name: `Yearly rise ${id}` }).click();
  await expect(page.getByText('Pending', { exact: true })).toBeVisible();
  const ann = page.getByRole('row', { name: new RegExp(`ann ${id}`) });
  await expect(ann).toContainText('£20.00');
  await expect(ann).toContainText('£20.50');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Price change applied.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Success', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: '2 jobs changed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeDisabled();

  await page.getByRole('button', { name: 'Notify' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Template').selectOption({ label: `Prices ${id}` });
  // Its blank is asked for; the preview shows the notice as a chosen customer gets it.
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
  await dialog.getByLabel('sign-off').fill('Thank you, Sparkle');
  await dialog.getByLabel('As sent to').selectOption({ label: `bob ${id}` });
  await expect(dialog.getByTestId('notice-sms')).toHaveText(
    /^Hi bob, from \d+ \w+ \d{4} your price goes from £25\.00 to £26\.00\.$/,
  );
  await expect(
    dialog.frameLocator('iframe').getByText('Your price changes from £25.00 to £26.00. Thank you, Sparkle'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Customers notified: 2 emails and 2 text messages.')).toBeVisible({
    timeout: 20_000,
  });
  await expect
    .poll(
      async () => (await mails(page)).filter((m) => m.to === `bob-${id}@example.com`).map((m) => m.text),
      {
        timeout: 30_000,
      },
    )
    .toEqual([expect.stringContaining('changes from £25.00 to £26.00. Thank you, Sparkle')]);
  await expect
    .poll(
      async () =>
        (await texts(page)).filter(
          (m) => m.body.includes(`Hi ann, from`) && m.body.includes('£20.00 to £20.50'),
        ).length,
      {
        timeout: 30_000,
      },
    )
    .toBe(1);

  await page.getByRole('button', { name: 'Rollback' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Rollback' }).click();
  await expect(page.getByText('Rollback complete: the old prices are back.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('Pending', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: '2 jobs change' })).toBeVisible();
  // The preview again starts from the old prices: the jobs are back at them.
  await expect(ann).toContainText('£20.00');
  await expect(page.getByRole('row', { name: new RegExp(`bob ${id}`) })).toContainText('£25.00');
});

test('an unknown change says so, and an unknown pricing path is not found', async ({ page }) => {
  await signInAs(page, demoEmail('owner'));
  await page.goto('/pricing/changes/no-such-change');
  await expect(page.getByText('Change not found')).toBeVisible({ timeout: 15_000 });
  await page.goto('/pricing/nothing-here');
  await expect(page.getByText('Error Page Not Found')).toBeVisible();
});
