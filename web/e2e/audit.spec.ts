import type { Page } from '@playwright/test';
import { expect, test } from './clock';

/**
 * A business of its own with the audit feature and developer
 * mode (the route table's audit screen) deletes a customer with a job, finds the deletion in the
 * log with a query using &&, ! and a date range, and restores the customer with their job.
 */
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

async function command(page: Page, name: string, input: unknown) {
  const res = await page.request.post(`/api/commands/${name}`, {
    data: { commandId: `e2e-audit-${name}-${Date.now()}-${Math.random()}`, input },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result;
}

test('a deleted customer is found in the audit log with a query and restored with their job', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const run = `${info.project.name}-${Date.now()}`;
  const signup = await page.request.post('/api/auth/signup', {
    data: {
      email: `audit-${run}@example.com`,
      password: 'a good password',
      name: 'Ada',
      businessName: `Audit ${run}`,
    },
  });
  expect(signup.status()).toBe(201);
  // Verified (the app opens on 'Check your inbox' otherwise): the token from the mail sink.
  let token = '';
  await expect
    .poll(async () => {
      const { mails } = (await (
        await page.request.get('/api/dev/mail', { headers: { accept: 'application/json' } })
      ).json()) as { mails: { to: string; links: string[] }[] };
      const link = mails
        .find((m) => m.to.includes(`audit-${run}@`))
        ?.links.find((l) => l.includes('verify-email'));
      token = link ? (new URL(link, 'http://x').searchParams.get('token') ?? '') : '';
      return token;
    })
    .not.toBe('');
  expect((await page.request.post('/api/auth/verify-email', { data: { token } })).status()).toBe(200);
  expect((await page.request.patch('/api/account', { data: { flags: ['audit'] } })).status()).toBe(200);
  expect(
    (
      await page.request.patch('/api/me', {
        data: { developerMode: true, settings: { hideQuickStart: true } },
      })
    ).status(),
  ).toBe(200);
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  const customer = await command(page, 'customers.create', { name: 'Eve Green' });
  await command(page, 'customers.create', { name: 'Eve Brown' });
  await command(page, 'jobs.create', { customerId: customer._id, date: today, price: 25 });

  // Delete Eve Green from her page.
  await page.goto(`/customers/${customer._id}`);
  await expect(page.getByRole('heading', { name: 'Eve Green', level: 1 })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Delete Eve Green?' })
    .getByRole('button', { name: 'Delete customer' })
    .click();
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced');

  // The log: a query with a date range, && and !.
  await page.goto('/audit/');
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await expect(page.getByTestId('audit-entry').first()).toBeVisible();
  const search = page.getByRole('searchbox');
  await search.fill(`31/12/2099..${dmy(today)} && customers.delete`);
  await expect(page.getByTestId('audit-query-error')).toContainText('the first date must be before the last');
  const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  await search.fill(`${dmy(yesterday)}..31/12/2099 && eve && !create`);
  const entries = page.getByTestId('audit-entry');
  await expect(entries).toHaveCount(1);
  await expect(page.getByTestId('audit-total')).toHaveText('1 entry');
  // A sentence, not the command's key and the record's id.
  await expect(entries.first()).toContainText("deleted the customer 'Eve Green'");
  await expect(entries.first()).not.toContainText('customers.delete');
  await entries.first().getByRole('button', { expanded: false }).click();
  await expect(page.getByTestId('audit-description')).toContainText('Deleted customer Eve Green');
  await page.screenshot({ path: info.outputPath('audit-entry.png'), fullPage: true });
  await entries.first().getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Customer restored with their jobs and visits.')).toBeVisible();

  // Eve Green is back with her job.
  await page.goto(`/customers/${customer._id}`);
  await expect(page.getByRole('heading', { name: 'Eve Green', level: 1 })).toBeVisible({ timeout: 20_000 });
  await page
    .getByRole('navigation', { name: 'Tabs' })
    .getByRole('link', { name: 'Jobs', exact: true })
    .click();
  await expect(page.getByText('£25.00').first()).toBeVisible();
});
