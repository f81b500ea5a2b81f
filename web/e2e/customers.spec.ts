import type { Page } from '@playwright/test';
import { expect, test } from './clock';
import { goOffline, goOnline } from './network';
import { demoEmail, signInAs } from './session';

/** Customers, their jobs and schedule, on desktop and mobile, online and offline. */

/** The customer's tabs (the drawer has a "Schedule" link too). */
const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name, exact: true });
const signIn = (page: Page, who: 'owner' | 'worker') => signInAs(page, demoEmail(who));

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Every customer on the server, read through the sync API (the whole feed, page by page). */
async function serverCustomers(page: Page): Promise<{ _id: string; name: string; _deleted?: boolean }[]> {
  const all = new Map<string, { _id: string; name: string; _deleted?: boolean }>();
  let cursor = '';
  for (;;) {
    const res = await page.request.get(`/api/sync?cursor=${cursor}`);
    expect(res.status()).toBe(200);
    const body = await res.json();
    for (const c of body.changes) if (c.type === 'customer') all.set(c.entity._id, c.entity);
    cursor = body.cursor;
    if (!body.hasMore) break;
  }
  return [...all.values()].filter((c) => !c._deleted);
}

async function openList(page: Page) {
  await page.goto('/customers');
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  // The demo business's customers arrive with the first sync.
  await expect(page.getByTestId('customer-list')).toBeVisible({ timeout: 15_000 });
}

test('the Owner adds a customer with a four-weekly job, finds it, sees its visits and edits it', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  await signIn(page, 'owner');
  await openList(page);
  await page.screenshot({ path: info.outputPath('customers-list.png') });
  const name = `Willow Tester ${info.project.name} ${Date.now()}`;

  await page.getByRole('button', { name: 'New customer' }).click();
  const form = page.getByRole('dialog', { name: 'New customer' });
  // Validation: the name is required, with the core schema's message.
  await form.getByRole('button', { name: 'Add customer' }).click();
  await expect(form.getByText('Enter the customer’s name.')).toBeVisible();
  await form.getByLabel('Name').fill(name);
  await form.getByRole('textbox', { name: /^Address/ }).fill('7 Orchard Lane, Chesterton, Cambridge CB4 9ZZ');
  await form.getByRole('textbox', { name: 'Email' }).fill('willow.tester@example.com');
  await form.getByLabel('Mobile').fill('07700 900777');
  await form.getByLabel('SMS').check();
  // Coordinates that are not a position: the error shows and the customer is not added yet.
  await form.getByLabel('Latitude').fill('95');
  await form.getByLabel('Longitude').fill('0.1345');
  await expect(form.getByRole('alert')).toHaveText(
    'Enter a latitude between -90 and 90 and a longitude between -180 and 180.',
  );
  await form.getByRole('button', { name: 'Add customer' }).click();
  await expect(form).toBeVisible();
  // Coordinates typed; the map picker loads only now.
  await form.getByLabel('Latitude').fill('52.2231');
  await form.getByLabel('Longitude').fill('0.1345');
  await form.getByRole('button', { name: 'Pick on map' }).click();
  await expect(form.getByTestId('map-picker').or(form.getByText(/map cannot be shown/))).toBeVisible();
  await page.screenshot({ path: info.outputPath('customer-form-map.png') });
  await form.getByRole('button', { name: 'Add customer' }).click();

  // A new customer opens on its page.
  await expect(page).toHaveURL(/\/customers\/[0-9A-Z]+$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByTestId('customer-overview')).toContainText('07700 900777');
  // The position is kept, and shown in words rather than raw coordinates.
  await expect(page.getByTestId('customer-overview')).toContainText('Location set');
  await expect(page.getByTestId('customer-overview')).not.toContainText('52.2231');
  await page.screenshot({ path: info.outputPath('customer-overview.png'), fullPage: true });

  // A four-weekly job from today.
  await tab(page, 'Jobs').click();
  await expect(page).toHaveURL(/\/jobs$/);
  await page.getByRole('button', { name: 'Add job' }).click();
  const jobForm = page.getByRole('dialog', { name: 'New job' });
  await expect(jobForm.getByLabel('Repeats')).toHaveValue('Weeks');
  await expect(jobForm.getByLabel('Every how many weeks')).toHaveValue('4');
  // A one-off job hides the recurrence fields; back to every few weeks shows them again.
  await jobForm.getByLabel('Repeats').selectOption('OneOff');
  await expect(jobForm.getByLabel('Every how many weeks')).toHaveCount(0);
  await jobForm.getByLabel('Repeats').selectOption('Weeks');
  await expect(jobForm.getByLabel('Duration (minutes)')).toHaveAttribute('placeholder', '30');
  await jobForm.getByLabel('Round').selectOption({ index: 1 });
  await jobForm.getByLabel('Price').fill('18.50');
  await jobForm.getByLabel('Notes').fill('Side gate code 1234');
  await page.screenshot({ path: info.outputPath('job-form.png') });
  await jobForm.getByRole('button', { name: 'Add job' }).click();
  const job = page.getByTestId('job-card');
  await expect(job).toHaveCount(1);
  await expect(job).toContainText('Every 4 weeks');
  await expect(job).toContainText('£18.50');
  await expect(job).toContainText('30 minutes');

  // Found by search in the list (the search bar reports 750 ms after the last keystroke).
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await page.getByLabel('Search name, address, postcode, email or phone').fill('cb4 9zz');
  await expect(page.getByTestId('customer-list')).toHaveAttribute('data-query', 'cb4 9zz');
  await expect(page.getByTestId('customer-list').getByRole('link')).toHaveCount(1);
  await page.screenshot({ path: info.outputPath('customers-search.png') });
  await page
    .getByTestId('customer-list')
    .getByRole('link', { name: new RegExp(name) })
    .click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  // Its next visits: today, then every 28 days.
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  await tab(page, 'Schedule').click();
  const dates = page.getByTestId('visit-date');
  await expect(dates.first()).toHaveAttribute('data-date', today);
  await expect(dates.nth(1)).toHaveAttribute('data-date', addDays(today, 28));
  await expect(dates.nth(2)).toHaveAttribute('data-date', addDays(today, 56));
  await page.screenshot({ path: info.outputPath('customer-schedule.png'), fullPage: true });

  // Edit: the change shows at once and reaches the server.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit customer' });
  await expect(edit.getByLabel('Name')).toHaveValue(name);
  await edit.getByLabel('Telephone').fill('01632 960321');
  await page.screenshot({ path: info.outputPath('customer-edit.png') });
  await edit.getByRole('button', { name: 'Save' }).click();
  await tab(page, 'Overview').click();
  await expect(page.getByTestId('customer-overview')).toContainText('01632 960321');
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced');
  const saved = (await serverCustomers(page)).filter((c) => c.name === name);
  expect(saved).toHaveLength(1);
  expect((saved[0] as unknown as { telephoneNumber: string }).telephoneNumber).toBe('01632 960321');

  // Delete states the cascade, then removes the customer and its job.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
  await expect(confirm).toContainText('This also deletes their 1 job');
  await page.screenshot({ path: info.outputPath('customer-delete.png') });
  await confirm.getByRole('button', { name: 'Delete customer' }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced');
  expect((await serverCustomers(page)).filter((c) => c.name === name)).toHaveLength(0);
});

test('a Worker is refused the customers screen and the API refuses customers.create', async ({
  page,
}, info) => {
  await signIn(page, 'worker');
  await page.goto('/customers');
  await expect(page.getByTestId('not-allowed')).toBeVisible();
  await expect(page.getByText('Your role does not allow this.')).toBeVisible();
  const create = await page.request.post('/api/commands/customers.create', {
    data: { commandId: `e2e-cust-${info.project.name}-${Date.now()}`, input: { name: 'Sneaky' } },
  });
  expect(create.status()).toBe(403);
  expect((await create.json()).code).toBe('access.role-required');
});

test('a customer added offline reaches the server once when the connection returns', async ({
  page,
  context,
}, info) => {
  test.setTimeout(60_000);
  await signIn(page, 'owner');
  await openList(page);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced');
  const accepted: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/api/commands/customers.create')) accepted.push(r.status());
  });
  const name = `Offline Oak ${info.project.name} ${Date.now()}`;

  await goOffline(context);
  await page.getByRole('button', { name: 'New customer' }).click();
  const form = page.getByRole('dialog', { name: 'New customer' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('textbox', { name: /^Address/ }).fill('2 Elm Row, Romsey, Cambridge CB1 3QQ');
  await form.getByRole('button', { name: 'Add customer' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'offline');
  await expect(page.getByTestId('sync-status')).toHaveAttribute('title', /Items awaiting sync: 1/);
  await page.screenshot({ path: info.outputPath('customer-offline.png') });
  // It is in the list while offline too.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByLabel('Search name, address, postcode, email or phone').fill('offline oak');
  await expect(page.getByTestId('customer-list').getByRole('link', { name: new RegExp(name) })).toBeVisible();

  await goOnline(context);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 20_000 });
  expect(accepted.filter((s) => s === 200)).toHaveLength(1);
  expect((await serverCustomers(page)).filter((c) => c.name === name)).toHaveLength(1);
});

test('the Owner adds a service and a job on it starts with its price and duration', async ({
  page,
}, info) => {
  test.setTimeout(60_000);
  await signIn(page, 'owner');
  await page.goto('/services');
  await expect(page.getByRole('heading', { name: 'Services', level: 1 })).toBeVisible();
  const name = `Skylight polish ${info.project.name} ${Date.now()}`;
  await page.getByRole('button', { name: 'New service' }).click();
  const form = page.getByRole('dialog', { name: 'New service' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Description').fill('Inside and out');
  await form.getByLabel('Default price').fill('42');
  await form.getByLabel('Default duration (minutes)').fill('50');
  await page.screenshot({ path: info.outputPath('service-form.png') });
  await form.getByRole('button', { name: 'Add service' }).click();
  const row = page.getByTestId('service-list').getByRole('button', { name: new RegExp(name) });
  await expect(row).toContainText('£42.00');
  await expect(row).toContainText('50 minutes');
  await page.screenshot({ path: info.outputPath('services-list.png'), fullPage: true });

  // A job that includes it takes its price and duration while the user has not typed their own.
  await openList(page);
  await page.getByTestId('customer-list').getByRole('link').first().click();
  await tab(page, 'Jobs').click();
  await page.getByRole('button', { name: 'Add job' }).click();
  const jobForm = page.getByRole('dialog', { name: 'New job' });
  await jobForm.getByRole('checkbox', { name: new RegExp(name) }).check();
  await expect(jobForm.getByLabel('Price')).toHaveValue('42');
  await expect(jobForm.getByLabel('Duration (minutes)')).toHaveValue('50');
  await jobForm.getByRole('button', { name: 'Cancel' }).click();
});
