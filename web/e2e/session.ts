import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, type BrowserContext, expect, type Page, request } from '@playwright/test';

/**
 * One sign-in per demo user for the whole browser run. The API allows 10 sign-ins per email in 15
 * minutes (and refuses the 11th even with the right password), and every spec signs in as the
 * demo users several times; so the session cookies are kept in a file in the run's data folder
 * (shared by every spec, project and worker) and reused while `GET /api/me` still accepts them.
 */
type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;
const file = () => join(process.env.E2E_DATA_DIR ?? '.', 'e2e-sessions.json');
const read = (): Record<string, Cookies> =>
  existsSync(file()) ? JSON.parse(readFileSync(file(), 'utf8')) : {};

export const DEMO_PASSWORD = 'demo-password';
export const demoEmail = (who: 'owner' | 'admin' | 'worker') => `${who}@demo.roundwise.local`;

/** Signs the page's context in as `email`, reusing a live session of this run when there is one. */
export async function signInAs(page: Page, email: string, { fresh = false } = {}) {
  const context = page.context();
  const cached = fresh ? undefined : read()[email];
  if (cached) {
    await context.addCookies(cached);
    const me = await page.request.get('/api/me');
    if (me.ok() && (await me.json()).user?.email === email) return;
    await context.clearCookies();
  }
  const login = await page.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  // A fresh session is the test's own (it may switch account or sign out): not shared.
  if (!fresh) writeFileSync(file(), JSON.stringify({ ...read(), [email]: await context.cookies() }));
}

/** An API request context of its own signed in as `email` (so a page can be someone else). */
export async function apiContextAs(baseURL: string | undefined, email: string): Promise<APIRequestContext> {
  const cached = read()[email];
  if (cached) {
    const api = await request.newContext({ baseURL, storageState: { cookies: cached, origins: [] } });
    const me = await api.get('/api/me');
    if (me.ok() && (await me.json()).user?.email === email) return api;
    await api.dispose();
  }
  const api = await request.newContext({ baseURL });
  const login = await api.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const { cookies } = await api.storageState();
  writeFileSync(file(), JSON.stringify({ ...read(), [email]: cookies }));
  return api;
}
