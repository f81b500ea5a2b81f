import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './clock';
import { serverState } from './server-state';

/** The local runtime as a new user meets it, in a real browser. */

test('the app loads from the runtime and sends a signed-out visitor to sign in', async ({ page }, info) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2F/);
  await expect(page.getByRole('heading', { name: 'Sign in to Roundwise' })).toBeVisible();
  const health = await (await page.request.get('/api/health')).json();
  expect(health.ok).toBe(true);
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
  const held = [...(await serverState(request)).values()].flat();
  expect(held.length).toBeGreaterThan(100);
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

  // The mail leaves through the outbox and the queue worker, a moment after the answer: the page
  // is opened again until it is there, as a person refreshing their inbox would.
  const mail = page.locator('article', { hasText: email });
  await expect(async () => {
    await page.goto('/api/dev/mail');
    await expect(mail.getByText('Verify your email for Roundwise')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.screenshot({ path: info.outputPath('dev-mail.png'), fullPage: true });
  const link = mail.getByRole('link', { name: /verify-email\?token=/ });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^http:\/\/localhost:\d+\/verify-email\?token=/);
  await link.click();
  await expect(page).toHaveURL(/\/verify-email\?token=/);
  await expect(page.getByText('Your email is verified.')).toBeVisible();
  await page.screenshot({ path: info.outputPath('verified.png'), fullPage: true });
  expect((await (await page.request.get('/api/me')).json()).user.emailVerified).toBe(true);
});

test('the API refuses without a session and answers an unknown path with a code', async ({ request }) => {
  const fresh = await request.get('/api/sync', { headers: { cookie: '' } });
  expect([200, 401]).toContain(fresh.status());
  const unknown = await request.get('/api/no-such-thing');
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ code: 'general.not-found', params: {} });
});
