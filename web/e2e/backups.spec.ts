import { type Page, request } from '@playwright/test';
import { expect, installClock, test } from './clock';

/**
 * A manual backup, changes after it, a restore, and a second device
 * signed in to the same business sees the old data again through sync (the restored records and
 * the deletions arrive as changes; nothing is reloaded). A business of its own, so restoring it
 * touches no other test's data.
 */
const PASSWORD = 'a good password';

async function openFromDrawer(page: Page, link: string, heading: string) {
  await page.goto('/');
  await expect(page).toHaveURL(/\/quickstart$/);
  if ((page.viewportSize()?.width ?? 0) < 769) await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: link, exact: true })
    .click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

/** What the device's customer list shows. */
const customerLink = (page: Page, name: string) =>
  page.getByTestId('customer-list').getByRole('link', { name: new RegExp(`^${name}`) });

/** The device syncs when its window comes back to the front. */
const bringToFront = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));

test('a manual backup restored: the second device sees the old data again', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const run = `${info.project.name}-${Date.now()}`;
  const email = `backup-owner-${run}@example.com`;
  const api = await request.newContext({ baseURL });
  expect(
    (
      await api.post('/api/auth/signup', {
        data: { email, password: PASSWORD, name: 'Bea', businessName: `Backups ${run}` },
      })
    ).status(),
  ).toBe(201);
  const command = async (name: string, input: object) => {
    const res = await api.post(`/api/commands/${name}`, { data: { commandId: crypto.randomUUID(), input } });
    expect(res.status(), `${name} ${await res.text()}`).toBe(200);
    return (await res.json()).result as { _id: string };
  };
  const ann = await command('customers.create', { name: `Ann ${run}` });
  const ben = await command('customers.create', { name: `Ben ${run}` });

  // Device A: the backups screen, no backups yet; run one.
  expect((await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(
    200,
  );
  await openFromDrawer(page, 'Backups', 'Backups');
  const latest = page.getByTestId('latest-backup');
  await expect(latest.getByText('No backups yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Run manual backup now' }).click();
  await expect(page.getByText('Backup made.')).toBeVisible();
  await expect(latest.getByText(/Manual/)).toBeVisible();

  // Device B: the same business on another browser, holding Ann and Ben.
  const other = await browser.newContext();
  await installClock(other);
  const phone = await other.newPage();
  expect(
    (await phone.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status(),
  ).toBe(200);
  await openFromDrawer(phone, 'Customers', 'Customers');
  await expect(customerLink(phone, `Ann ${run}`)).toBeVisible();
  await expect(customerLink(phone, `Ben ${run}`)).toBeVisible();

  // Changes after the backup, which device B receives.
  await command('customers.update', { _id: ann._id, changes: { name: `Ann Changed ${run}` } });
  await command('customers.delete', { _id: ben._id });
  await command('customers.create', { name: `Cat ${run}` });
  await bringToFront(phone);
  await expect(customerLink(phone, `Cat ${run}`)).toBeVisible({ timeout: 20_000 });
  await expect(customerLink(phone, `Ben ${run}`)).toHaveCount(0);
  await expect(customerLink(phone, `Ann Changed ${run}`)).toBeVisible();

  // Device A restores the manual backup (confirmed first).
  await latest.getByRole('button', { name: /^Restore the backup of/ }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText(/replaced by this backup on every device/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Restore' }).click();
  // The restore runs on the queue worker; the screen follows its job until it says done.
  await expect(page.getByText(/is restored\.$/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('restore-progress')).toHaveCount(0);
  // The state it replaced was backed up first, and heads the history.
  await expect(latest.getByText(/Before a restore/)).toBeVisible();
  const history = page.getByRole('region', { name: 'Account Backup History' });
  await expect(history.getByText(/Manual/)).toBeVisible();
  await page.screenshot({ path: info.outputPath('backups-after-restore.png'), fullPage: true });

  // Device B gets the old data back through sync: Ben returns, Cat and the rename are gone.
  await bringToFront(phone);
  await expect(customerLink(phone, `Ben ${run}`)).toBeVisible({ timeout: 20_000 });
  await expect(customerLink(phone, `Ann ${run}`)).toBeVisible();
  await expect(customerLink(phone, `Cat ${run}`)).toHaveCount(0);
  await expect(customerLink(phone, `Ann Changed ${run}`)).toHaveCount(0);
  await phone.screenshot({ path: info.outputPath('backups-second-device.png'), fullPage: true });

  await other.close();
  await api.dispose();
});

test('download, and in developer mode Load, with the spec message when loading fails', async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(60_000);
  const run = `${info.project.name}-${Date.now()}`;
  const email = `backup-dev-${run}@example.com`;
  const api = await request.newContext({ baseURL });
  expect(
    (
      await api.post('/api/auth/signup', {
        data: { email, password: PASSWORD, name: 'Dev', businessName: `Backups dev ${run}` },
      })
    ).status(),
  ).toBe(201);
  await api.post('/api/commands/customers.create', {
    data: { commandId: crypto.randomUUID(), input: { name: `Dee ${run}` } },
  });
  expect((await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(
    200,
  );
  await openFromDrawer(page, 'Backups', 'Backups');
  const latest = page.getByTestId('latest-backup');
  // Load is for developer mode only.
  await page.getByRole('button', { name: 'Run manual backup now' }).click();
  await expect(latest.getByText(/Manual/)).toBeVisible();
  await expect(latest.getByRole('button', { name: /^Load the backup of/ })).toHaveCount(0);

  // Download: the file itself, through the short-lived link.
  const download = page.waitForEvent('download');
  await latest.getByRole('button', { name: /^Download the backup of/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^roundwise-backup-\d{8}T\d{9}Z-manual\.jsonl\.gz$/);

  expect((await page.request.patch('/api/me', { data: { developerMode: true } })).status()).toBe(200);
  // A new app start reads the setting (the startup goes to quick start first).
  await openFromDrawer(page, 'Backups', 'Backups');
  await latest.getByRole('button', { name: /^Load the backup of/ }).click();
  const loaded = page.getByRole('dialog', { name: 'Backup loaded into memory' });
  await expect(loaded.getByRole('listitem').filter({ hasText: 'customer' })).toHaveText(/customer\s*1/);
  await page.screenshot({ path: info.outputPath('backups-loaded.png') });
  await page.keyboard.press('Escape');

  // A stream that breaks off part-way is the spec's message.
  await page.route('**/stream-data', (route) =>
    route.fulfill({ status: 200, contentType: 'application/x-ndjson', body: '{"type":"customer","enti' }),
  );
  await latest.getByRole('button', { name: /^Load the backup of/ }).click();
  await expect(page.getByText('Failed to load backup into memory')).toBeVisible();
  await api.dispose();
});

test('a restore that fails says so and stays on the screen until closed', async ({ page, baseURL }, info) => {
  test.setTimeout(60_000);
  const run = `${info.project.name}-${Date.now()}`;
  const email = `backup-fail-${run}@example.com`;
  const api = await request.newContext({ baseURL });
  expect(
    (
      await api.post('/api/auth/signup', {
        data: { email, password: PASSWORD, name: 'Fay', businessName: `Backups fail ${run}` },
      })
    ).status(),
  ).toBe(201);
  expect((await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(
    200,
  );
  await openFromDrawer(page, 'Backups', 'Backups');
  await page.getByRole('button', { name: 'Run manual backup now' }).click();
  const latest = page.getByTestId('latest-backup');
  await expect(latest.getByText(/Manual/)).toBeVisible();
  // The queue worker's answer, as it would be for a restore that could not be finished.
  await page.route('**/api/backups/restores/*', async (route) => {
    const real = await (await route.fetch()).json();
    await route.fulfill({ json: { ...real, state: 'failed', error: 'backups.restore-failed' } });
  });
  await latest.getByRole('button', { name: /^Restore the backup of/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
  const failed = page.getByTestId('restore-progress');
  await expect(failed.getByText(/The restore could not be finished/)).toBeVisible();
  await expect(failed).toHaveAttribute('role', 'alert');
  // Ten seconds on the page's clock: nothing takes the failure away until it is closed.
  await page.clock.runFor(10_000);
  await expect(failed).toBeVisible();
  await failed.getByRole('button', { name: 'Close' }).click();
  await expect(failed).toHaveCount(0);
  await api.dispose();
});
