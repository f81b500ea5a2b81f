import type { Page } from '@playwright/test';
import { expect } from './clock';

/**
 * A verified business of its own (a trial: Ultimate), signed up through the API and signed in on
 * `page`, straight to the screens (no quick start), with `flags` switched on: for specs whose
 * story would disturb the shared demo business, or needs a new one.
 */
export async function ownBusiness(
  page: Page,
  {
    email,
    name,
    businessName,
    flags = [],
  }: { email: string; name: string; businessName: string; flags?: string[] },
) {
  const signup = await page.request.post('/api/auth/signup', {
    data: { email, password: 'a good password', name, businessName },
  });
  expect(signup.status()).toBe(201);
  let token = '';
  await expect
    .poll(
      async () => {
        const { mails } = (await (
          await page.request.get('/api/dev/mail', { headers: { accept: 'application/json' } })
        ).json()) as { mails: { to: string; links: string[] }[] };
        const link = mails.find((m) => m.to.includes(email))?.links.find((l) => l.includes('verify-email'));
        token = link ? (new URL(link, 'http://x').searchParams.get('token') ?? '') : '';
        return token;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  expect((await page.request.post('/api/auth/verify-email', { data: { token } })).status()).toBe(200);
  if (flags.length)
    expect((await page.request.patch('/api/account', { data: { flags } })).status()).toBe(200);
  const me = await page.request.patch('/api/me', { data: { settings: { hideQuickStart: true } } });
  expect(me.status()).toBe(200);
}
