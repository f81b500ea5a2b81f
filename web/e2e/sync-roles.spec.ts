import { type APIRequestContext, type Browser, expect, type Page, request, test } from '@playwright/test';

/**
 * What a member's device holds is what their role's screens show. A business of
 * its own (signed up here, so the demo's settings and other specs cannot disturb it): customers
 * with notes, a visit done (so an invoice), one job assigned to the member. A Worker's browser
 * never stores the notes or the invoice in IndexedDB; an Admin's does, and once the Owner makes
 * them a Worker, their next sync takes both off the device.
 */
const SYNCED = { timeout: 20_000 };
test.describe.configure({ timeout: 120_000 });

const NOTE = 'Key under the blue flowerpot';
let owner: APIRequestContext;
let run: string;
let seq = 0;
const data = { invoiceId: '', mineJobId: '', otherJobId: '', customer: '' };

// biome-ignore lint/suspicious/noExplicitAny: command results are arbitrary JSON here
async function command(name: string, input: unknown): Promise<any> {
  const res = await owner.post(`/api/commands/${name}`, {
    data: { commandId: `e2e-roles-${run}-${seq++}`, input },
  });
  expect(res.status(), `${name}: ${await res.text()}`).toBe(200);
  return (await res.json()).result;
}

/** Invites `email` with `roles` and accepts in a browser context of the member's own; returns it signed in. */
async function member(browser: Browser, email: string, roles: string[]) {
  const invited = await owner.post('/api/users/invite', {
    data: { email, name: email.split('@')[0], roles },
  });
  expect(invited.status()).toBe(201);
  const context = await browser.newContext();
  const page = await context.newPage();
  let token = '';
  await expect
    .poll(
      async () => {
        const mails = (
          await (await page.request.get('/api/dev/mail', { headers: { accept: 'application/json' } })).json()
        ).mails as { to: string; links: string[] }[];
        const link = mails.find((m) => m.to.includes(email))?.links.find((l) => l.includes('accept-invite'));
        token = link ? (new URL(link).searchParams.get('token') ?? '') : '';
        return token;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  const accepted = await page.request.post('/api/auth/accept-invite', {
    data: { token, password: 'member password 1' },
  });
  expect(accepted.status()).toBe(200);
  return { page, userId: (await accepted.json()).user.userId as string };
}

/** Everything the app has stored in IndexedDB (the offline cache), as one text. */
const stored = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('roundwise');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('query-cache').objectStore('query-cache').getAll();
          all.onsuccess = () => resolve(JSON.stringify(all.result));
          all.onerror = () => reject(all.error);
        };
      }),
  );

test.beforeAll(async ({ baseURL }, info) => {
  run = `${info.project.name}-${Date.now()}`;
  owner = await request.newContext({ baseURL });
  const signup = await owner.post('/api/auth/signup', {
    data: {
      email: `roles-owner-${run}@example.com`,
      password: 'a good password',
      name: 'Olive',
      businessName: `Roles ${run}`,
    },
  });
  expect(signup.status()).toBe(201);
});
test.afterAll(() => owner.dispose());

/** Ann (with a note) has a job assigned to `userId`, done today (so invoiced); Bob's job is nobody's. */
async function business(userId: string, who: string) {
  const today = new Date().toISOString().slice(0, 10);
  data.customer = `Ann ${who} ${run}`;
  const ann = await command('customers.create', {
    name: data.customer,
    notes: NOTE,
    address: { addressDescription: '1 Mill Road, Cambridge' },
  });
  const bob = await command('customers.create', { name: `Bob ${who} ${run}`, notes: 'Dog in the garden' });
  const mine = await command('jobs.create', {
    customerId: ann._id,
    date: today,
    price: 20,
    assignees: [userId],
  });
  const other = await command('jobs.create', { customerId: bob._id, date: today, price: 30 });
  const done = await command('visits.complete', { jobId: mine._id, isoDueDate: today });
  data.invoiceId = done.invoiceId;
  data.mineJobId = mine._id;
  data.otherJobId = other._id;
}

test('a Worker’s browser holds their visit and who the customers are, never notes or invoices', {
  tag: '@phone',
}, async ({ browser }) => {
  const worker = await member(browser, `roles-worker-${run}@example.com`, ['Worker']);
  await business(worker.userId, 'worker');
  const { page } = worker;
  await page.goto('/day-pilot/completed');
  await expect(page.getByTestId('visit').filter({ hasText: data.customer })).toBeVisible(SYNCED);
  await expect.poll(() => stored(page), SYNCED).toContain(data.mineJobId);
  const text = await stored(page);
  expect(text).toContain(data.customer);
  expect(text).not.toContain(NOTE);
  expect(text).not.toContain('Dog in the garden');
  expect(text).not.toContain(data.invoiceId);
  // Not Bob's job either: it is nobody's, so not the Worker's.
  expect(text).not.toContain(data.otherJobId);
  await page.context().close();
});

test('made a Worker, an Admin’s next sync takes the notes and invoices off their device', async ({
  browser,
}) => {
  const admin = await member(browser, `roles-admin-${run}@example.com`, ['Admin']);
  await business(admin.userId, 'admin');
  const { page } = admin;
  // A new trial's Admin starts on quick start (spec 000 section 2.1); the customers are a link away.
  await page.goto('/customers');
  // Below 769 px the drawer is a sheet behind the menu button.
  if ((page.viewportSize()?.width ?? 0) < 769) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByText(data.customer)).toBeVisible(SYNCED);
  // An Admin's screens show notes and invoices: the device holds them.
  await expect.poll(() => stored(page), SYNCED).toContain(NOTE);
  await expect.poll(() => stored(page), SYNCED).toContain(data.invoiceId);

  const changed = await owner.patch(`/api/users/${admin.userId}`, { data: { roles: ['Worker'] } });
  expect(changed.status()).toBe(200);
  // The next sync (here: the app opened again) is told the device's view changed.
  await page.goto('/day-pilot/completed');
  await expect(page.getByTestId('visit').filter({ hasText: data.customer })).toBeVisible(SYNCED);
  await expect.poll(() => stored(page), SYNCED).not.toContain(NOTE);
  await expect.poll(() => stored(page), SYNCED).not.toContain(data.invoiceId);
  const text = await stored(page);
  expect(text).not.toContain('Dog in the garden');
  expect(text).not.toContain(data.otherJobId);
  expect(text).toContain(data.customer);
  expect(text).toContain(data.mineJobId);
  await page.context().close();
});
