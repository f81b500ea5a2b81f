import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SendMessageCommand, SetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { Outbox } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectJob } from '../../functions/src/effects/queue.ts';
import type { WrittenLine } from '../../functions/src/log.ts';
import { type LocalRuntime, startLocal } from './runtime.ts';

/**
 * The app's log lines and the local view of two alarms, through the whole local runtime: real
 * requests, the outbox, fauxqs and the queue worker. The lines are the ones Lambda writes.
 */

/** Every key a log line may have (functions/src/log.ts), plus the sink's time and level. */
const LINE_KEYS = new Set([
  'time',
  'level',
  'type',
  'requestId',
  'traceId',
  'accountId',
  'command',
  'method',
  'route',
  'job',
  'effect',
  'effectId',
  'status',
  'durationMs',
  'receiveCount',
  'counts',
  'errorName',
  'error',
  'metric',
  'value',
  'Stage',
  'Job',
  'JobSucceeded',
  'OutboxOldestAgeSeconds',
  '_aws',
]);

async function waitFor<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('logs and alarms in the local runtime', () => {
  let dataDir: string;
  let runtime: LocalRuntime;
  const lines: WrittenLine[] = [];
  /** The app's clock runs this far ahead of the real one (the dead-letter test moves it). */
  let ahead = 0;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'roundwise-observe-'));
    runtime = await startLocal({
      port: 0,
      dataDir,
      quiet: true,
      seed: false,
      // No croner runs: the outbox sweeps would dispatch the failing effect again.
      schedules: false,
      clock: () => new Date(Date.now() + ahead),
      logLines: (line) => lines.push(line),
    });
  }, 30_000);

  afterAll(async () => {
    await runtime?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('writes one line per request and per job, with ids and never personal data, a password or a token', async () => {
    const post = (path: string, body: unknown, cookie = '') =>
      fetch(`${runtime.url}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });
    const secrets = {
      email: 'leak.check@example.com',
      password: 'Correct horse 4242',
      name: 'Prudence Private',
      business: 'Hidden Windows Ltd',
      customer: 'Zebedee Quietly',
      customerEmail: 'zebedee@example.org',
      mobile: '07700 900123',
      card: '4242 4242 4242 4242',
    };
    const signup = await post('/auth/signup', {
      email: secrets.email,
      password: secrets.password,
      name: secrets.name,
      businessName: secrets.business,
    });
    expect(signup.status).toBe(201);
    const cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const session = cookie.split('=')[1] ?? '';
    expect(session.length).toBeGreaterThan(10);
    const created = await post(
      '/commands/customers.create',
      {
        commandId: 'observe-0001',
        input: {
          name: secrets.customer,
          email: secrets.customerEmail,
          mobileNumber: secrets.mobile,
          notes: secrets.card,
        },
      },
      cookie,
    );
    expect(created.status).toBe(200);
    // A public link's token is in its path: the line names the route's pattern, not the path.
    const linkToken = 'k3J9x2mQpLr8TzVw4Yb1NcD7sQ';
    const link = await fetch(`${runtime.url}/api/go/q/${linkToken}`);
    await link.arrayBuffer();
    expect(lines.some((l) => l.type === 'request' && l.route?.startsWith('/api/go/q/'))).toBe(true);
    // A refused body: its words must not reach the log either.
    const refused = await post('/auth/login', { email: secrets.email, password: 'wrong horse 9999' });
    expect(refused.status).toBeGreaterThanOrEqual(400);

    // The verification mail's delivery: a job line, in the sign-up request's trace.
    const signupLine = lines.find((l) => l.type === 'request' && l.route === '/api/auth/signup')!;
    const delivered = await waitFor(() =>
      lines.find((l) => l.type === 'job' && l.job === 'effect' && l.status === 'ok'),
    );
    expect(delivered).toMatchObject({
      requestId: expect.any(String),
      effectId: expect.any(String),
      receiveCount: 1,
      durationMs: expect.any(Number),
      traceId: signupLine.traceId,
    });
    const mail = await waitFor(async () => {
      const names = (await readdir(runtime.mailDir)).filter((f) => f.endsWith('.eml'));
      return names.length > 0 ? readFile(join(runtime.mailDir, names[0]!), 'utf8') : undefined;
    });
    const mailToken = /token=([\w-]+)/.exec(mail)?.[1] ?? /verify-email\/([\w-]+)/.exec(mail)?.[1];
    expect(mailToken, mail).toBeTruthy();

    const command = lines.find((l) => l.type === 'request' && l.command === 'customers.create');
    expect(command).toMatchObject({
      level: 'info',
      method: 'POST',
      route: '/api/commands/:name',
      status: 200,
      accountId: expect.stringMatching(/^\w{10,}$/),
      requestId: expect.any(String),
      traceId: expect.stringMatching(/^1-[0-9a-f]{8}-[0-9a-f]{24}$/),
      durationMs: expect.any(Number),
    });
    expect(lines.filter((l) => l.type === 'request').map((l) => l.route)).toEqual(
      expect.arrayContaining(['/api/auth/signup', '/api/commands/:name', '/api/auth/login']),
    );

    const written = lines.map((line) => JSON.stringify(line)).join('\n');
    for (const [what, value] of Object.entries({
      ...secrets,
      session,
      mailToken,
      linkToken,
      wrong: 'wrong horse',
    })) {
      expect(written, what).not.toContain(value);
    }
    expect(written).not.toContain('07700');
    expect(written).not.toContain('900123');
    for (const line of lines) {
      for (const key of Object.keys(line)) expect(LINE_KEYS.has(key), key).toBe(true);
    }
  });

  it('reports an effect that failed until it reached the dead-letter queue, and the outbox waiting, at /api/health', async () => {
    const sqs = new SQSClient(runtime.sqsClientOptions);
    try {
      // Failed jobs come back after a second, not the 6 minutes the stacks give the worker.
      await sqs.send(
        new SetQueueAttributesCommand({
          QueueUrl: runtime.queueUrls.bulkSend,
          Attributes: { VisibilityTimeout: '1' },
        }),
      );
      // An effect written 20 minutes ago that no handler delivers: each delivery throws.
      const id = 'observe-fails-always';
      await new Outbox(runtime.db).add(
        { id, kind: 'observe.no-such-kind', payload: {} },
        new Date(Date.now() + ahead - 20 * 60_000),
      );
      // Each delivery leases the effect for a minute: move the clock past it after each failure,
      // so every receive tries it again, as 6 minutes apart on AWS.
      const failures = () => lines.filter((l) => l.effectId === id && l.status === 'failed').length;
      let seen = 0;
      const tick = setInterval(() => {
        const now = failures();
        if (now > seen) {
          ahead += (now - seen) * 2 * 60_000;
          seen = now;
        }
      }, 10);
      try {
        await sqs.send(
          new SendMessageCommand({
            QueueUrl: runtime.queueUrls.bulkSend,
            MessageBody: JSON.stringify(effectJob(id)),
          }),
        );
        const health = await waitFor(async () => {
          const body = (await (await fetch(`${runtime.url}/api/health`)).json()) as {
            ok: boolean;
            backlog: {
              outbox: { oldestId: string | null; oldestSeconds: number };
              deadLetters: { count: number };
            };
            alarms: string[];
          };
          return body.backlog.deadLetters.count > 0 ? body : undefined;
        }, 40_000);
        expect(health).toMatchObject({
          // Work waiting is reported, not a component down.
          ok: true,
          backlog: { outbox: { oldestId: id }, deadLetters: { count: 1 } },
          alarms: ['outbox-age', 'dead-letters'],
        });
        expect(health.backlog.outbox.oldestSeconds).toBeGreaterThanOrEqual(20 * 60);
      } finally {
        clearInterval(tick);
      }
      // Five receives, each a failed job line with the effect's id and a masked error.
      const failed = lines.filter((l) => l.effectId === id && l.status === 'failed');
      expect(failed.map((l) => l.receiveCount)).toEqual([1, 2, 3, 4, 5]);
      expect(failed[0]).toMatchObject({
        level: 'error',
        type: 'job',
        job: 'effect',
        errorName: 'Error',
        error: expect.stringContaining('No handler registered for effect observe.no-such-kind'),
      });
    } finally {
      sqs.destroy();
    }
  }, 60_000);
});
