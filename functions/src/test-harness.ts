import { createDb, ensureTable } from '@roundwise/db';
import { startEngine } from '@roundwise/db/test-engines';
import { localBilling } from './adapters/billing.ts';
import { createApp } from './app.ts';
import type { AttachmentBucket } from './attachments/bucket.ts';
import { forget } from './auth/actor.ts';
import { settleBackground } from './background.ts';
import type { BackupBucket } from './backups/backup-files.ts';
import { createDeps } from './create-deps.ts';
import type { AppDeps, LocalMailServers, SmsProvider } from './deps.ts';
import type { EffectQueue } from './effects/queue.ts';
import type { PaymentProvider } from './payments/providers/provider.ts';
import type { HmrcConfig } from './vat/hmrc.ts';

/** The edge secret of the test API: requests that send it are taken as coming through CloudFront. */
export const TEST_EDGE_SECRET = 'test-edge-secret-0123456789';

/** Headers CloudFront sends for a viewer at `address` who asked for `host` (api/edge.ts). */
export const viaEdge = (address: string, host = 'app.roundwise.test') => ({
  'x-roundwise-edge': TEST_EDGE_SECRET,
  'x-roundwise-viewer-address': address,
  'x-roundwise-viewer-host': host,
});

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * The real API over a real (in-memory) dynalite, for integration tests. Effects (mails) are
 * delivered in this process after each reply, as the queue worker would; sent mails go to the
 * `outbox` array here (the SMTP path itself is covered by the local runtime's tests). A `Client`
 * waits for that delivery after each request, as a person reading their mail would.
 */
export async function startTestApi(
  engine: 'dynalite' | 'dynamodb-local' = 'dynalite',
  options: {
    /** How long sending one mail takes (an SMTP server's round trips); default none. */
    mailDelayMs?: number;
    backups?: BackupBucket;
    attachments?: AttachmentBucket;
    /** Where effects go; default delivered in this process after each reply. */
    effectQueue?: EffectQueue;
    paymentProviders?: PaymentProvider[];
    /** Where texts go; default none configured (a text fails for good). */
    sms?: SmsProvider;
    /** Two-way email: the sealing secret and the local mail servers' certificate. */
    mailboxSecret?: string;
    localMailServers?: LocalMailServers;
    /** HMRC's VAT API (the local simulator). */
    hmrc?: HmrcConfig;
  } = {},
) {
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
  const appDeps: AppDeps = {
    db,
    mailer: {
      send: async (m) => {
        if (options.mailDelayMs) await new Promise((resolve) => setTimeout(resolve, options.mailDelayMs));
        outbox.push(m);
      },
    },
    billing: localBilling,
    publicUrl: 'http://localhost:3000',
    secureCookies: false,
    clock: () => new Date(Date.now() + offsetMs),
    snapshotDelayMs: 0,
    ...(options.effectQueue ? { effectQueue: options.effectQueue } : {}),
    edgeSecret: TEST_EDGE_SECRET,
    ...(options.backups ? { backups: options.backups } : {}),
    ...(options.attachments ? { attachments: options.attachments } : {}),
    ...(options.paymentProviders ? { paymentProviders: options.paymentProviders } : {}),
    ...(options.sms ? { sms: options.sms } : {}),
    ...(options.mailboxSecret ? { mailboxSecret: options.mailboxSecret } : {}),
    ...(options.localMailServers ? { localMailServers: options.localMailServers } : {}),
    ...(options.hmrc ? { hmrc: options.hmrc } : {}),
  };
  const deps = createDeps(appDeps);
  const app = createApp(appDeps, deps);
  return {
    app,
    /** The server's shared parts (what a worker beside the API is given). */
    deps,
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
    /**
     * Invites `email` to `owner`'s account with `roles` and accepts as someone new, from the
     * mail: the new member's client (signed in there) and user id.
     */
    async addMember(owner: Client, email: string, roles: string[], password = 'member pass 1') {
      const invited = await owner.post('/users/invite', { email, name: email.split('@')[0], roles });
      if (invited.status !== 201) throw new Error(`invite ${email}: ${invited.status} ${invited.json?.code}`);
      const member = new Client(app);
      const token = linkFrom(outbox, email, 'accept-invite');
      const accepted = await member.post('/auth/accept-invite', { token, password });
      if (accepted.status !== 200)
        throw new Error(`accept ${email}: ${accepted.status} ${accepted.json?.code}`);
      return { member, userId: accepted.json.user.userId as string, me: accepted.json };
    },
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
    // Work after the reply (effects' delivery) lands before the caller looks at its mail.
    await settleBackground();
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
  delete = (path: string) => this.call('DELETE', path);
  post = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.call('POST', path, body ?? {}, headers);
  patch = (path: string, body: unknown) => this.call('PATCH', path, body);
  put = (path: string, body: unknown) => this.call('PUT', path, body);

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
