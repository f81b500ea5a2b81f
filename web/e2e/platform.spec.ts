import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

/** Issue 2: the local runtime as a new user meets it, in a real browser. */

test('the app shell loads from the runtime and reports every component healthy', async ({ page }, info) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Roundwise' })).toBeVisible();
  await expect(page.getByTestId('health-status')).toHaveText('All systems ok');
  for (const component of ['table', 'dynamo', 's3', 'sqs', 'smtp', 'scheduler']) {
    await expect(page.getByText(new RegExp(`✓ ${component}\\b`))).toBeVisible();
  }
  await page.screenshot({ path: info.outputPath('shell.png'), fullPage: true });
});

test('the demo login printed on first start signs in to the demo business', async ({ request }) => {
  const demo = JSON.parse(readFileSync(join(process.env.E2E_DATA_DIR!, 'demo.json'), 'utf8'));
  const login = await request.post('/api/auth/login', {
    data: { email: demo.email, password: demo.password },
  });
  expect(login.status()).toBe(200);
  const me = await (await request.get('/api/me')).json();
  expect(me.account.businessName).toBe('Sparkle Window Cleaning');
  expect(me.roles).toContain('Owner');
  const sync = await (await request.get('/api/sync?limit=500')).json();
  expect(sync.changes.length).toBeGreaterThan(100);
});

test('a new sign-up finds the verification mail in the dev mail page and verifies by its link', async ({
  page,
}, info) => {
  const email = `new-${info.project.name}-${Date.now()}@example.com`;
  const signup = await page.request.post('/api/auth/signup', {
    data: { email, password: 'a good password', name: 'Nina New', businessName: 'Nina’s Windows' },
  });
  expect(signup.status()).toBe(201);
  expect((await (await page.request.get('/api/me')).json()).user.emailVerified).toBe(false);

  await page.goto('/api/dev/mail');
  const mail = page.locator('article', { hasText: email });
  await expect(mail.getByText('Verify your email for Roundwise')).toBeVisible();
  await page.screenshot({ path: info.outputPath('dev-mail.png'), fullPage: true });
  const link = mail.getByRole('link', { name: /verify-email\?token=/ });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^http:\/\/localhost:\d+\/verify-email\?token=/);
  await link.click();
  await expect(page).toHaveURL(/\/verify-email\?token=/);

  const token = new URL(href!).searchParams.get('token');
  const verified = await page.request.post('/api/auth/verify-email', { data: { token } });
  expect(verified.status()).toBe(200);
  expect((await (await page.request.get('/api/me')).json()).user.emailVerified).toBe(true);
});

test('the API refuses without a session and answers an unknown path with a code', async ({ request }) => {
  const fresh = await request.get('/api/sync', { headers: { cookie: '' } });
  expect([200, 401]).toContain(fresh.status());
  const unknown = await request.get('/api/no-such-thing');
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ code: 'general.not-found', params: {} });
});
