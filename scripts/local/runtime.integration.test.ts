import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalRuntime, startLocal } from './runtime.ts';
import { testClock } from './test-clock.ts';

/** Resolves true when something accepts a TCP connection on the port. */
const isListening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const portOf = (url: string) => Number(new URL(url).port);

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('local runtime', () => {
  let dataDir: string;
  let webDir: string;
  /** An inline script in the stand-in page, like web/index.html's: allowed by its hash only. */
  const INLINE = "document.documentElement.classList.add('dark');";
  let runtime: LocalRuntime;
  const logs: string[] = [];
  const log = (line: string) => logs.push(line);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'roundwise-local-'));
    // A stand-in for web/dist, so the test does not depend on a build.
    webDir = join(dataDir, 'web-dist');
    await mkdir(join(webDir, 'assets'), { recursive: true });
    await writeFile(
      join(webDir, 'index.html'),
      `<!doctype html><title>Roundwise</title><script>${INLINE}</script><div id="root"></div>`,
    );
    await writeFile(join(webDir, 'assets', 'index-Ab12Cd34.js'), 'console.log("app")');
    await writeFile(join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    runtime = await startLocal({ port: 0, dataDir, webDir, log, seed: false });
  }, 30_000);

  afterAll(async () => {
    await runtime?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('reports every component healthy at /api/health', async () => {
    const res = await fetch(`${runtime.url}/api/health`);
    const body = (await res.json()) as {
      ok: boolean;
      components: Record<string, { ok: boolean; detail?: string }>;
    };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.ok).toBe(true);
    for (const name of ['table', 'dynamo', 's3', 'sqs', 'smtp', 'scheduler']) {
      expect(body.components[name], name).toMatchObject({ ok: true });
    }
    // Nothing waits: no effect pending, no job dead-lettered, no alarm would fire.
    expect(body).toMatchObject({
      backlog: { outbox: { oldestId: null, oldestSeconds: 0 }, deadLetters: { count: 0 } },
      alarms: [],
    });
  });

  it('writes a mail sent through the Mailer as an .eml file, listed by the dev mail page', async () => {
    await runtime.mailer.send({
      to: 'owner@example.com',
      subject: 'Verify your email',
      text: 'Open http://localhost/verify?token=abc',
    });
    const files = await waitFor(async () => {
      const names = (await readdir(runtime.mailDir)).filter((f) => f.endsWith('.eml'));
      return names.length > 0 ? names : undefined;
    });
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{8}T\d{9}Z-\d{4}\.eml$/);
    const eml = await readFile(join(runtime.mailDir, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: owner@example\.com$/m);
    expect(eml).toMatch(/^Subject: Verify your email$/m);
    expect(eml).toMatch(/^From: Roundwise <no-reply@roundwise\.localhost>$/m);

    const res = await fetch(`${runtime.url}/api/dev/mail`, { headers: { accept: 'application/json' } });
    const { mails } = (await res.json()) as { mails: { id: string; subject: string; links: string[] }[] };
    expect(mails[0]).toMatchObject({
      id: files[0],
      subject: 'Verify your email',
      links: ['http://localhost/verify?token=abc'],
    });
  });

  it('stores objects in s3rver through the AWS SDK, with paginated listing', async () => {
    const s3 = new S3Client(runtime.s3ClientOptions);
    try {
      for (const key of ['a/1.txt', 'a/2.txt', 'a/3.txt']) {
        await s3.send(
          new PutObjectCommand({
            Bucket: runtime.buckets.attachments,
            Key: key,
            Body: `body of ${key}`,
            ContentType: 'text/plain',
          }),
        );
      }
      const got = await s3.send(
        new GetObjectCommand({ Bucket: runtime.buckets.attachments, Key: 'a/2.txt' }),
      );
      expect(await got.Body?.transformToString()).toBe('body of a/2.txt');
      expect(got.ContentType).toBe('text/plain');

      // Continuation tokens are DES-encrypted by s3rver (see s3.ts); two pages prove they round-trip.
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await s3.send(
          new ListObjectsV2Command({
            Bucket: runtime.buckets.attachments,
            Prefix: 'a/',
            MaxKeys: 2,
            ContinuationToken: token,
          }),
        );
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        token = page.NextContinuationToken;
      } while (token);
      expect(keys).toEqual(['a/1.txt', 'a/2.txt', 'a/3.txt']);
    } finally {
      s3.destroy();
    }
  });

  it('passes messages through the queues with the AWS SDK', async () => {
    const sqs = new SQSClient(runtime.sqsClientOptions);
    try {
      // The dead-letter queue: the bulk-send queue itself is consumed by the runtime's worker.
      const body = JSON.stringify({ type: 'test', payload: { n: 1 } });
      await sqs.send(new SendMessageCommand({ QueueUrl: runtime.queueUrls.bulkSendDlq, MessageBody: body }));
      const received = await sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: runtime.queueUrls.bulkSendDlq,
          MaxNumberOfMessages: 1,
          WaitTimeSeconds: 2,
        }),
      );
      expect(received.Messages?.map((m) => m.Body)).toEqual([body]);
      await sqs.send(
        new DeleteMessageCommand({
          QueueUrl: runtime.queueUrls.bulkSendDlq,
          ReceiptHandle: received.Messages![0]!.ReceiptHandle,
        }),
      );
    } finally {
      sqs.destroy();
    }
  });

  it('serves the web app: files, hashed assets cached for good, index.html for client routes', async () => {
    const asset = await fetch(`${runtime.url}/assets/index-Ab12Cd34.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.log("app")');

    const icon = await fetch(`${runtime.url}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    await icon.arrayBuffer();

    for (const path of ['/', '/rounds/123', '/settings/users']) {
      const page = await fetch(`${runtime.url}${path}`);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(await page.text()).toContain('<div id="root">');
    }

    const missingAsset = await fetch(`${runtime.url}/assets/gone-Zz99Yy88.js`);
    expect(missingAsset.status).toBe(404);
    await missingAsset.arrayBuffer();

    // Unknown API paths stay JSON 404s, never the HTML page.
    const api = await fetch(`${runtime.url}/api/no-such-thing`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'general.not-found' });
  });

  it('sends the security headers with the web app and the API, the dev mail page too', async () => {
    const inlineHash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
    const answers = {
      page: await fetch(`${runtime.url}/rounds/123`),
      asset: await fetch(`${runtime.url}/assets/index-Ab12Cd34.js`),
      missing: await fetch(`${runtime.url}/assets/gone-Zz99Yy88.js`),
      api: await fetch(`${runtime.url}/api/health`),
      mail: await fetch(`${runtime.url}/api/dev/mail`),
    };
    for (const [name, res] of Object.entries(answers)) {
      await res.arrayBuffer();
      expect(res.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), name).toBe('same-origin');
      expect(res.headers.get('x-frame-options'), name).toBe('DENY');
      expect(res.headers.get('content-security-policy'), name).toContain("frame-ancestors 'none'");
    }
    const web = answers.page.headers.get('content-security-policy') ?? '';
    // The app's own scripts and its hashed inline one; nothing else may run.
    expect(web).toContain(`script-src 'self' ${inlineHash};`);
    expect(web).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval)/);
    expect(answers.api.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
    // The mail sink's page: its one inline style by hash, no script at all.
    expect(answers.mail.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; style-src 'sha256-[\w+/=]+'; frame-ancestors 'none'/,
    );
  });

  it('runs the registered schedules: nightly backup against the local S3, the outbox sweep, the payments pull', async () => {
    expect(runtime.schedules?.list().map((s) => [s.name, s.pattern])).toEqual([
      ['nightly-backup', '0 0 2 * * ? *'],
      ['outbox-sweep', '*/5 * * * *'],
      ['payments-pull', '*/15 * * * *'],
      ['outbox-due', '* * * * *'],
    ]);
    await runtime.schedules!.trigger('nightly-backup');
    await runtime.schedules!.trigger('outbox-sweep');
    await runtime.schedules!.trigger('payments-pull');
    await runtime.schedules!.trigger('outbox-due');
    // (outbox-due also runs on its own every minute: only the triggered runs are counted here.)
    // Each run's line is the app's own (functions/src/scheduled.ts), in the terminal's form.
    const ran = logs.filter((l) => l.startsWith('[schedule]'));
    expect(ran.filter((l) => !l.startsWith('[schedule] outboxDue'))).toEqual([
      expect.stringMatching(/^\[schedule\] nightlyBackup ok \d+ ms \{"accounts":0\}$/),
      expect.stringMatching(/^\[schedule\] outboxSweep ok \d+ ms \{"sent":0\}$/),
      // No account has a provider connected yet: none is pulled.
      expect.stringMatching(/^\[schedule\] paymentsPull ok \d+ ms \{"accounts":0,"changed":0\}$/),
    ]);
    expect(ran.at(-1)).toMatch(/^\[schedule\] outboxDue ok \d+ ms \{"sent":0,"oldestSeconds":0\}$/);
  });

  it('reads JSON bodies through the local server: sign up, run a command, refuse malformed JSON', async () => {
    const post = (path: string, body: string, cookie = '') =>
      fetch(`${runtime.url}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body,
      });
    const signup = await post(
      '/auth/signup',
      JSON.stringify({
        email: 'body@example.com',
        password: 'correct horse battery',
        name: 'Bo Dee',
        businessName: 'Bodies Ltd',
      }),
    );
    expect(signup.status).toBe(201);
    // Every answer says not to cache it and how long the server took.
    expect(signup.headers.get('cache-control')).toBe('no-store');
    expect(signup.headers.get('server-timing')).toMatch(/^app;dur=\d+\.\d$/);
    const cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const created = await post(
      '/commands/customers.create',
      JSON.stringify({ commandId: 'runtime-body-0001', input: { name: 'Zoë Body £' } }),
      cookie,
    );
    expect(created.status).toBe(200);
    expect((await created.json()).result).toMatchObject({ name: 'Zoë Body £', _version: 1 });
    const malformed = await post('/commands/customers.create', '{"commandId": "runtime-body-0002", ', cookie);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'general.validation-failed' });
    // The sign-up's verification mail went through the outbox, the bulk-send queue on fauxqs and
    // the runtime's queue worker to the SMTP sink, once.
    const verification = async () => {
      const names = (await readdir(runtime.mailDir)).filter((f) => f.endsWith('.eml'));
      const mails = await Promise.all(names.map((f) => readFile(join(runtime.mailDir, f), 'utf8')));
      return mails.filter((m) => /^To: body@example\.com$/m.test(m) && m.includes('verify-email'));
    };
    for (let i = 0; i < 100 && (await verification()).length === 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await verification()).toHaveLength(1);
  });

  it('keeps table data and objects across a restart, and stops every listener', async () => {
    const { db } = runtime;
    await db.doc.send(
      new PutCommand({ TableName: db.tableName, Item: { pk: 'TEST#persist', sk: 'one', value: 42 } }),
    );
    const s3 = new S3Client(runtime.s3ClientOptions);
    await s3.send(
      new PutObjectCommand({ Bucket: runtime.buckets.backups, Key: 'kept.txt', Body: 'still here' }),
    );
    s3.destroy();

    const ports = [
      runtime.port,
      portOf(runtime.endpoints.dynamo),
      portOf(runtime.endpoints.s3),
      portOf(runtime.endpoints.sqs),
      runtime.endpoints.smtp.port,
    ];
    expect(await Promise.all(ports.map(isListening))).toEqual(ports.map(() => true));
    await runtime.stop();
    expect(await Promise.all(ports.map(isListening))).toEqual(ports.map(() => false));

    runtime = await startLocal({ port: 0, dataDir, webDir, log, seed: false });
    const again = await runtime.db.doc.send(
      new GetCommand({ TableName: runtime.db.tableName, Key: { pk: 'TEST#persist', sk: 'one' } }),
    );
    expect(again.Item).toMatchObject({ value: 42 });
    const s3Again = new S3Client(runtime.s3ClientOptions);
    try {
      const kept = await s3Again.send(
        new GetObjectCommand({ Bucket: runtime.buckets.backups, Key: 'kept.txt' }),
      );
      expect(await kept.Body?.transformToString()).toBe('still here');
    } finally {
      s3Again.destroy();
    }
  }, 30_000);
});

describe('demo seed', () => {
  it('seeds on the first start only, records the login in demo.json, and refuses a second runtime on the same folder', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'roundwise-seed-'));
    const seedModule = join(dataDir, 'fake-demo.mjs');
    await writeFile(
      seedModule,
      `export async function seedDemo({ db }) {
        globalThis.__seedCalls = (globalThis.__seedCalls ?? 0) + 1;
        if (!db.tableName) throw new Error('no db');
        return { email: 'demo@example.com', password: 'demo password 1' };
      }`,
    );
    const calls = () => (globalThis as { __seedCalls?: number }).__seedCalls ?? 0;
    const options = { port: 0, dataDir, quiet: true, schedules: false, seedModule };
    try {
      const first = await startLocal(options);
      expect(first.demo).toEqual({ email: 'demo@example.com', password: 'demo password 1' });
      expect(JSON.parse(await readFile(join(dataDir, 'demo.json'), 'utf8'))).toMatchObject(first.demo!);
      await expect(startLocal(options)).rejects.toThrow(/already running on/);
      await first.stop();

      const second = await startLocal(options);
      expect(second.demo).toEqual(first.demo);
      expect(calls()).toBe(1);
      await second.stop();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  it("takes a test clock for the app's now and the demo's day, and lets it run on", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'roundwise-clock-'));
    const seedModule = join(dataDir, 'fake-demo.mjs');
    await writeFile(
      seedModule,
      `export async function seedDemo({ today }) {
        globalThis.__seedToday = today;
        return { email: 'demo@example.com', password: 'demo password 1' };
      }`,
    );
    const clock = testClock('2027-03-28T01:30:00Z', Date.now());
    try {
      const runtime = await startLocal({
        port: 0,
        dataDir,
        quiet: true,
        schedules: false,
        seedModule,
        clock,
      });
      expect((globalThis as { __seedToday?: string }).__seedToday).toBe('2027-03-28');
      const signup = await fetch(`${runtime.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: 'clock@example.com',
          password: 'correct horse 1',
          name: 'Cy',
          businessName: 'Clocks',
        }),
      });
      const cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const created = await fetch(`${runtime.url}/api/commands/customers.create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ commandId: 'runtime-clock-0001', input: { name: 'Clara' } }),
      });
      const { createdDate } = (await created.json()).result;
      expect(Date.parse(createdDate)).toBeGreaterThan(Date.parse('2027-03-28T01:30:00Z'));
      expect(Date.parse(createdDate)).toBeLessThan(clock().getTime() + 1);
      await runtime.stop();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  it('starts without a demo when the seed module is absent', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'roundwise-seed-'));
    const lines: string[] = [];
    try {
      const runtime = await startLocal({
        port: 0,
        dataDir,
        schedules: false,
        seedModule: join(dataDir, 'missing.ts'),
        log: (l) => lines.push(l),
      });
      expect(runtime.demo).toBeUndefined();
      expect(lines.some((l) => l.startsWith('Demo seed skipped:'))).toBe(true);
      await runtime.stop();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
