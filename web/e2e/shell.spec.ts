import type { Page } from '@playwright/test';
import { expect, installClock, test } from './clock';
import { apiContextAs, demoEmail, signInAs } from './session';

/** The navigation shell, its access rules and its screens, on desktop and mobile. */

const desktop = (page: Page) => (page.viewportSize()?.width ?? 0) >= 769;

const signIn = (page: Page, who: 'owner' | 'admin' | 'worker', options: { fresh?: boolean } = {}) =>
  signInAs(page, demoEmail(who), options);

/** Opens the drawer on mobile (a sheet); on desktop it is always there. */
async function drawer(page: Page) {
  if (!desktop(page)) await page.getByRole('button', { name: 'Open menu' }).click();
  return page.getByTestId('drawer');
}

test('the Owner sees the owner-only entries and header links', async ({ page }, info) => {
  await signIn(page, 'owner');
  await page.goto('/about');
  const nav = await drawer(page);
  // The drawer lists the routes of this build's screens that the Owner may open.
  for (const name of ['Users', 'Teams', 'About']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Account', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Settings', exact: true })).toBeVisible();
  await expect(nav.getByText('Owner', { exact: true })).toBeVisible();
  await page.screenshot({ path: info.outputPath('drawer-owner.png') });
});

test('a Worker does not see owner-only entries; a direct URL and the API refuse them', async ({
  page,
}, info) => {
  await signIn(page, 'worker');
  await page.goto('/about');
  const nav = await drawer(page);
  await expect(nav.getByRole('link', { name: 'About', exact: true })).toBeVisible();
  for (const name of ['Users', 'Account', 'Settings']) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
  }
  await page.screenshot({ path: info.outputPath('drawer-worker.png') });

  for (const path of ['/users', '/account', '/rounds']) {
    await page.goto(path);
    await expect(page.getByTestId('not-allowed')).toBeVisible();
    await expect(page.getByText('Your role does not allow this.')).toBeVisible();
  }
  await page.screenshot({ path: info.outputPath('not-allowed.png') });

  const users = await page.request.get('/api/users');
  expect(users.status()).toBe(403);
  expect((await users.json()).code).toBe('access.role-required');
  const subscription = await page.request.post('/api/account/subscription', { data: { level: 'Core' } });
  expect(subscription.status()).toBe(403);
  const team = await page.request.post('/api/commands/teams.create', {
    data: { commandId: `e2e-${info.project.name}-${Date.now()}`, input: { name: 'Sneaky' } },
  });
  expect(team.status()).toBe(403);
  expect((await team.json()).code).toBe('access.role-required');
});

test('a new sign-up starts on the quick start checklist', async ({ page }, info) => {
  const email = `quick-${info.project.name}-${Date.now()}@example.com`;
  const signup = await page.request.post('/api/auth/signup', {
    data: { email, password: 'a good password', name: 'Quinn Quick', businessName: 'Quick Windows' },
  });
  expect(signup.status()).toBe(201);
  await page.goto('/');
  await expect(page).toHaveURL(/\/quickstart$/);
  await expect(page.getByRole('heading', { name: 'Quick start' })).toBeVisible();
  // Real progress: the new account has no verified email, address, customer or round yet.
  for (const step of [
    'email-verified',
    'business-details',
    'first-customer',
    'first-round',
    'user-invited',
  ]) {
    await expect(page.getByTestId(`step-${step}`)).toHaveAttribute('data-done', 'false');
  }
  // Adding the business address ticks its step.
  await page.getByTestId('step-business-details').getByRole('link').click();
  await page.getByLabel('Business address').fill('1 High Street, Cambridge');
  // Saved before the reload: a reload while the request is on its way may lose it, or ask the API
  // for `me` (at app start) before the account has changed.
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/account') && r.request().method() === 'PATCH',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await page.goto('/quickstart');
  await expect(page.getByTestId('step-business-details')).toHaveAttribute('data-done', 'true');
  await page.screenshot({ path: info.outputPath('quickstart.png'), fullPage: true });
});

test('a member of two accounts switches between them', async ({ page, browser }, info) => {
  // A new business invites the demo owner, who accepts and then belongs to two accounts.
  const other = await browser.newContext();
  await installClock(other);
  const email = `switch-${info.project.name}-${Date.now()}@example.com`;
  const business = `Switch Windows ${info.project.name} ${Date.now()}`;
  const signup = await other.request.post('/api/auth/signup', {
    data: { email, password: 'a good password', name: 'Sam Switch', businessName: business },
  });
  expect(signup.status()).toBe(201);
  const invite = await other.request.post('/api/users/invite', {
    data: { email: 'owner@demo.roundwise.local', roles: ['Admin'] },
  });
  expect(invite.status()).toBe(201);
  const otherAccountId = (await signup.json()).account.accountId;
  await other.close();

  // A session of its own: switching moves the session's account.
  await signIn(page, 'owner', { fresh: true });
  expect((await page.request.post(`/api/me/invitations/${otherAccountId}/accept`)).status()).toBe(200);
  const home = (await (await page.request.get('/api/me')).json()).account.accountId;
  try {
    await page.goto('/about');
    const nav = await drawer(page);
    await nav.getByRole('button', { name: /Sparkle Window Cleaning/ }).click();
    await page.getByRole('menuitem', { name: business }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const switched = await drawer(page);
    await expect(switched.getByTestId('current-account')).toHaveText(business);
    const me = await (await page.request.get('/api/me')).json();
    expect(me.account.businessName).toBe(business);
    await page.screenshot({ path: info.outputPath('switched.png') });

    // And back (the next sign-in would otherwise land in the last account used).
    await switched.getByRole('button', { name: new RegExp(business) }).click();
    await page.getByRole('menuitem', { name: /Sparkle Window Cleaning/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect((await drawer(page)).getByTestId('current-account')).toHaveText('Sparkle Window Cleaning');
  } finally {
    // Later sign-ins land in the last account used: leave the Owner at home even if this failed.
    await page.request.post('/api/me/account', { data: { accountId: home } });
  }
});

for (const [path, heading] of [
  ['/about', 'About'],
  ['/profile', 'Profile'],
  ['/settings', 'Settings'],
  ['/account', 'Account'],
  ['/account/subscription', 'Subscription'],
  ['/users', 'Users'],
  ['/teams', 'Teams'],
  ['/alerts', 'Alerts'],
] as const) {
  test(`screen ${path} for the Owner`, async ({ page }, info) => {
    await signIn(page, 'owner');
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible();
    await page.screenshot({
      path: info.outputPath(`${path.slice(1).replaceAll('/', '-')}.png`),
      fullPage: true,
    });
  });
}

test('an alert the Owner sends to the Worker shows in the Worker’s badge and list', async ({
  page,
  browser,
}, info) => {
  const title = `Rain stops play ${info.project.name} ${Date.now()}`;
  await signIn(page, 'owner');
  await page.goto('/alerts');
  await page.getByRole('button', { name: 'New alert' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Message').fill('No rounds this afternoon.');
  await page.getByLabel('Send to').fill('worker@demo.roundwise.local');
  await page.getByRole('button', { name: 'Send alert' }).click();
  await expect(page.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 15_000 });

  const worker = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await installClock(worker.context());
  await signIn(worker, 'worker');
  await worker.goto('/alerts');
  await expect(worker.getByRole('link', { name: new RegExp(title) })).toBeVisible({ timeout: 15_000 });
  await expect(worker.getByTestId('alerts-badge')).toBeVisible();
  await worker.getByRole('link', { name: new RegExp(title) }).click();
  await expect(worker.getByText('No rounds this afternoon.').first()).toBeVisible();
  await worker.screenshot({ path: info.outputPath('alerts-worker.png'), fullPage: true });
  await worker.close();
});

test(
  'the support launcher leaves the end of a long screen reachable',
  { tag: '@both' },
  async ({ page, baseURL }, info) => {
    // The demo owner (Ultimate) has the launcher. The test's own day holds 15 visits of its own.
    await signInAs(page, demoEmail('owner'));
    await page.goto('/about');
    const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
    const day = new Date(Date.parse(`${today}T00:00:00Z`) + 40 * 86_400_000).toISOString().slice(0, 10);
    const owner = await apiContextAs(baseURL, demoEmail('owner'));
    const stamp = `${info.project.name} ${Date.now()}`;
    for (let i = 0; i < 15; i++) {
      const send = async (name: string, input: unknown) => {
        const res = await owner.post(`/api/commands/${name}`, {
          data: { commandId: `e2e-fab-${stamp}-${name}-${i}`, input },
        });
        expect(res.status(), await res.text()).toBe(200);
        return (await res.json()).result;
      };
      const customer = await send('customers.create', { name: `Long day ${i} ${stamp}` });
      await send('jobs.create', {
        customerId: customer._id,
        date: day,
        frequencyType: 'OneOff',
        frequencyInterval: 1,
      });
    }
    await owner.dispose();
    await page.goto(`/schedule/${day}`);
    const rows = page.getByTestId('visit');
    await expect(rows.filter({ hasText: stamp })).toHaveCount(15, { timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // Nothing floats over the last row's menu: a trial click checks that it receives the tap.
    await rows
      .last()
      .getByRole('button', { name: /^More actions for/ })
      .click({ trial: true, timeout: 5_000 });
  },
);
