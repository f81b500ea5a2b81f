import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Change } from '@roundwise/core';
import { AuthRepository, type Db, EntityRepository } from '@roundwise/db';

/** Test support for the messaging tests and benchmark: a signed-in, verified business on a runtime. */

// biome-ignore lint/suspicious/noExplicitAny: tests read the answers' JSON loosely
type Loose = any;

export interface Api {
  accountId: string;
  /** The session cookie (`signIn` again with it after a restart on another port). */
  cookie: string;
  get(path: string): Promise<{ status: number; json: Loose }>;
  send(
    method: 'POST' | 'PUT' | 'PATCH',
    path: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; json: Loose }>;
  command(name: string, input: unknown, commandId?: string): Promise<{ status: number; json: Loose }>;
}

let commandSeq = 0;
const commandId = () => `msgtest-${Date.now().toString(36)}-${(++commandSeq).toString(36).padStart(6, '0')}`;

/** Signs up `email` on the runtime at `url`, marks the user verified, and returns its API. */
export async function signUpVerified(url: string, db: Db, email: string): Promise<Api> {
  const signup = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: 'correct horse battery',
      name: 'Olive Owner',
      businessName: 'Olive Windows',
    }),
  });
  if (signup.status !== 201) throw new Error(`signup ${signup.status}: ${await signup.text()}`);
  const user = await new AuthRepository(db).getUserByEmail(email);
  if (!user) throw new Error(`no user ${email}`);
  await new AuthRepository(db).updateUser(user.userId, { emailVerified: true });
  // A new session: the server keeps who a session is for a moment, so the sign-up's would still
  // be unverified.
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery' }),
  });
  if (login.status !== 200) throw new Error(`login ${login.status}: ${await login.text()}`);
  return signIn(url, (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '');
}

/** The API of a session cookie. */
export async function signIn(url: string, cookie: string): Promise<Api> {
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${url}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie, ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {}
    return { status: response.status, json: json as Loose };
  };
  const me = await call('GET', '/me');
  return {
    accountId: me.json.account.accountId as string,
    cookie,
    get: (path) => call('GET', path),
    send: (method, path, body, headers) => call(method, path, body, headers),
    command: (name, input, id = commandId()) => call('POST', `/commands/${name}`, { commandId: id, input }),
  };
}

/** `count` customers written straight to the table (setup, not under test); every `noEmailEvery`th has no email. */
export async function addCustomers(db: Db, accountId: string, count: number, noEmailEvery = 0) {
  const now = new Date().toISOString();
  const changes: Change[] = Array.from({ length: count }, (_, i) => ({
    type: 'customer',
    entity: {
      _id: `cust${String(i).padStart(5, '0')}`,
      _version: 1,
      _updatedAt: now,
      name: `Customer ${i}`,
      email: noEmailEvery > 0 && i % noEmailEvery === noEmailEvery - 1 ? '' : `customer${i}@example.com`,
      telephoneNumber: `+447700${String(900000 + i)}`,
      contactMethods: ['email', 'sms'],
      state: 'active',
    },
  }));
  await new EntityRepository(db, accountId).batchPut(changes, { concurrency: 8 });
  return changes.map((c) => c.entity as unknown as { _id: string; email: string });
}

/** The mails in a sink folder: recipient and delivery key of each. */
export async function mailsIn(mailDir: string) {
  const names = (await readdir(mailDir).catch(() => [])).filter((f) => f.endsWith('.eml'));
  return Promise.all(
    names.map(async (f) => {
      // Headers unfolded: a long one continues on the next line after white space.
      const text = (await readFile(join(mailDir, f), 'utf8')).replace(/\r?\n[ \t]+/g, ' ');
      return {
        to: /^To: (.*)$/im.exec(text)?.[1]?.trim() ?? '',
        key: /^X-Roundwise-Delivery:\s*(\S+)/im.exec(text)?.[1],
        text,
      };
    }),
  );
}

/** Waits until `check` is true (polling), or fails after `timeoutMs`. */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs = 10_000, what = 'condition') {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
