import { createDb, ensureTable } from '@roundwise/db';
import { startEngine } from '@roundwise/db/test-engines';
import { localBilling } from './adapters/billing.ts';
import { createApp } from './app.ts';
import { forget } from './auth/actor.ts';
import { settleBackground } from './background.ts';

export interface SentMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * The real API over a real (in-memory) dynalite, for integration tests. Mail goes to an outbox
 * array here; the SMTP path itself is covered by the local runtime's tests.
 */
export async function startTestApi(engine: 'dynalite' | 'dynamodb-local' = 'dynalite') {
  const server = await startEngine(engine);
  const db = createDb({
    tableName: `t${Date.now()}`,
    endpoint: server.endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await ensureTable(db);
  const outbox: SentMail[] = [];
  let offsetMs = 0;
  const app = createApp({
    db,
    mailer: { send: async (m) => void outbox.push(m) },
    billing: localBilling,
    publicUrl: 'http://localhost:3000',
    secureCookies: false,
    clock: () => new Date(Date.now() + offsetMs),
    snapshotDelayMs: 0,
  });
  return {
    app,
    db,
    outbox,
    /** The server's clock. */
    now: () => new Date(Date.now() + offsetMs),
    /** Moves the server's clock forward (session expiry, trials). */
    advance(ms: number) {
      offsetMs += ms;
      forget();
    },
    client: () => new Client(app),
    stop: async () => {
      await settleBackground();
      await server.stop();
    },
  };
}

/** A browser-like caller: keeps the session cookie between requests. */
export class Client {
  cookie = '';
  constructor(
    private readonly app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> },
  ) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await this.app.request(`/api${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) {
      const pair = setCookie.split(';')[0] ?? '';
      this.cookie = pair.endsWith('=') ? '' : pair;
    }
    const text = await res.text();
    // biome-ignore lint/suspicious/noExplicitAny: test callers read arbitrary JSON
    const json: any = text ? JSON.parse(text) : undefined;
    return { status: res.status, json, headers: res.headers };
  }

  get = (path: string) => this.call('GET', path);
  post = (path: string, body?: unknown) => this.call('POST', path, body ?? {});
  patch = (path: string, body: unknown) => this.call('PATCH', path, body);

  async signup(email: string, businessName = 'Sparkle Windows', password = 'correct horse 1') {
    return this.post('/auth/signup', { email, password, name: email.split('@')[0], businessName });
  }

  command(name: string, input: unknown, commandId: string = crypto.randomUUID()) {
    return this.post(`/commands/${name}`, { commandId, input });
  }
}

/** The first link in the newest mail to `to`. */
export function linkFrom(outbox: SentMail[], to: string, path: string): string {
  const mail = [...outbox].reverse().find((m) => m.to === to && m.text.includes(`/${path}?token=`));
  const url = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`no ${path} mail to ${to}`);
  return new URL(url).searchParams.get('token') ?? '';
}
