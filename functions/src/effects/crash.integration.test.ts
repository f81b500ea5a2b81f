import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SQSClient } from '@aws-sdk/client-sqs';
import { type Actor, newId } from '@roundwise/core';
import { AuthRepository, type Db, EntityRepository } from '@roundwise/db';
import { createTestDb, type Engine, startEngine } from '@roundwise/db/test-engines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalQueues, startQueues } from '../../../scripts/local/queues.ts';
import { type SmtpSink, startSmtpSink } from '../../../scripts/local/smtp.ts';
import { localBilling } from '../adapters/billing.ts';
import { createSmtpMailer } from '../adapters/mailer.ts';
import { runDefinedCommand } from '../commands/run-command.ts';
import type { Deps } from '../context.ts';
import { createDeps } from '../create-deps.ts';
import { drainQueue, type KillPoint, welcomeCustomer } from './crash-fixture.ts';
import './index.ts';
import { sqsEffectQueue } from './queue.ts';
import { sweepOutbox } from './sweep.ts';

/**
 * A command with an effect (a customer and a mail to them), and a password reset, run in a child
 * process that is killed with SIGKILL at each step: before its commit, right after it, after the
 * effect is dispatched to the queue, and during the effect's delivery (before and after the SMTP
 * server took the mail). Then what a real deployment does next: the client replays the command,
 * the sweep and the queue worker run. The entities must be right and the mail must arrive once.
 */
const CHILD = fileURLToPath(new URL('./crash-child.ts', import.meta.url));
const HOUR = 3_600_000;

let engine: Engine;
let db: Db;
let queues: LocalQueues;
let sink: SmtpSink;
let mailDir: string;
let sqs: SQSClient;
let recovery: Deps;
const actor: Actor = {
  userId: 'crash-owner',
  email: 'owner@example.com',
  accountId: 'crash-account',
  roles: ['Owner'],
  level: 'Ultimate',
  subscription: 'subscribed',
  flags: [],
  developerMode: false,
  settings: {},
};

beforeAll(async () => {
  mailDir = await mkdtemp(join(tmpdir(), 'crash-mail-'));
  [engine, queues, sink] = await Promise.all([
    startEngine('dynalite'),
    startQueues('eu-west-2'),
    startSmtpSink(mailDir),
  ]);
  db = await createTestDb(engine);
  sqs = new SQSClient({
    endpoint: queues.endpoint,
    region: 'eu-west-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  // What runs after the crash, an hour later: any lease the dead process held has run out.
  recovery = createDeps({
    db,
    mailer: createSmtpMailer({ host: sink.host, port: sink.port, secure: false, from: 'x@y.z' }),
    billing: localBilling,
    publicUrl: 'http://localhost:3000',
    secureCookies: false,
    effectQueue: sqsEffectQueue(sqs, queues.urls.bulkSend),
    clock: () => new Date(Date.now() + HOUR),
  });
}, 60_000);

afterAll(async () => {
  sqs?.destroy();
  await Promise.all([engine?.stop(), queues?.stop(), sink?.stop()]);
  await rm(mailDir, { recursive: true, force: true });
});

/** Runs the child until it exits or is killed; its answer, when it gave one. */
function runChild(env: Record<string, string>) {
  return new Promise<{ signal: NodeJS.Signals | null; answer?: unknown }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      env: {
        ...process.env,
        DYNAMO: engine.endpoint,
        TABLE: db.tableName,
        SQS: queues.endpoint,
        QUEUE_URL: queues.urls.bulkSend,
        SMTP_PORT: String(sink.port),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code !== 0 && signal === null) reject(new Error(`child failed (${code}): ${err}`));
      const line = out.split('\n').find((l) => l.startsWith('{'));
      resolve({ signal, ...(line ? { answer: JSON.parse(line) } : {}) });
    });
  });
}

/** The mails the sink received for `to`, with their Message-IDs. */
async function mailsTo(to: string) {
  const files = (await readdir(mailDir)).filter((f) => f.endsWith('.eml'));
  const mails = await Promise.all(files.map((f) => readFile(join(mailDir, f), 'utf8')));
  return mails
    .filter((m) => new RegExp(`^To: ${to}$`, 'mi').test(m))
    .map((m) => /^Message-ID: (.*)$/im.exec(m)?.[1]?.trim());
}

/** What a deployment does after a crash: the sweep hands over what was never dispatched, the worker delivers. */
async function recover() {
  await sweepOutbox(recovery);
  await drainQueue(sqs, queues.urls.bulkSend, recovery);
}

const killPoints: KillPoint[] = [
  'none',
  'before-commit',
  'after-commit',
  'after-dispatch',
  'delivery-before-send',
  'delivery-after-send',
];

describe('a command with an effect, killed at each step', () => {
  it.each(killPoints)(
    'killed %s: the replay answers at once, the customer is stored once, the mail arrives',
    async (point) => {
      const email = `${point}@example.com`;
      const commandId = newId();
      const input = { name: `Crash ${point}`, email };
      const child = await runChild({
        KILL_AT: point,
        ACTOR: JSON.stringify(actor),
        COMMAND_ID: commandId,
        INPUT: JSON.stringify(input),
      });
      expect(child.signal).toBe(point === 'none' ? null : 'SIGKILL');

      // The client replays the command (it never got an answer, or wants it again).
      const started = performance.now();
      const replay = await runDefinedCommand(recovery, actor, welcomeCustomer as never, commandId, input);
      expect(performance.now() - started).toBeLessThan(2000);
      expect(replay.status).toBe(200);
      if (child.answer) expect(replay).toEqual(child.answer);
      const again = await runDefinedCommand(recovery, actor, welcomeCustomer as never, commandId, input);
      expect(again).toEqual(replay);
      await recover();

      const customers = (
        await new EntityRepository(db, actor.accountId).list<{ email?: string }>('customer')
      ).filter((c) => c.email === email);
      expect(customers).toHaveLength(1);
      expect(customers[0]?._version).toBe(1);
      const mails = await mailsTo(email);
      if (point === 'delivery-after-send') {
        // Killed between the SMTP server's acceptance and the effect being marked done: the
        // delivery is repeated, with the same Message-ID (see effects/mail.ts).
        expect(mails).toHaveLength(2);
        expect(new Set(mails).size).toBe(1);
      } else {
        expect(mails).toHaveLength(1);
      }
      // Nothing is left pending.
      expect((await recovery.outbox.pending(new Date(Date.now() + 2 * HOUR), 100)).ids).toEqual([]);
    },
    30_000,
  );
});

describe('a password reset, killed after its write', () => {
  it.each(['after-commit', 'after-dispatch'] as const)(
    'killed %s: its mail arrives once',
    async (point) => {
      const email = `reset-${point}@example.com`;
      await new AuthRepository(db).createUser({
        userId: newId(),
        email,
        name: 'Reset',
        passwordHash: 'x',
        emailVerified: true,
        developerMode: false,
        settings: {},
        createdDate: new Date().toISOString(),
      });
      const child = await runChild({ KILL_AT: point, RESET_EMAIL: email });
      expect(child.signal).toBe('SIGKILL');
      await recover();
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
    },
    30_000,
  );
});
