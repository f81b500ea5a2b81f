import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { createAdaptorServer } from '@hono/node-server';
import { createDb, type Db, ensureTable } from '@roundwise/db';
import { createSmtpMailer } from '../../functions/src/adapters/mailer.ts';
import { createApp } from '../../functions/src/app.ts';
import { settleBackground } from '../../functions/src/background.ts';
import { runNightlyBackup } from '../../functions/src/backups/run-nightly-backup.ts';
import { createDeps } from '../../functions/src/create-deps.ts';
import type { AppDeps, HealthCheck, Mailer } from '../../functions/src/deps.ts';
import { sqsEffectQueue, sweepOutbox } from '../../functions/src/effects/index.ts';
import { startMailboxWorkers } from '../../functions/src/email-engine/worker.ts';
import { type LogSink, setLogSink } from '../../functions/src/log.ts';
import { DELIVERY_HEADER } from '../../functions/src/notifications/send-one.ts';
import { createHttpSmsProvider } from '../../functions/src/notifications/sms-provider.ts';
import { createHttpPaymentProvider } from '../../functions/src/payments/providers/http-provider.ts';
import { pullAllAccounts } from '../../functions/src/payments/pull-status.ts';
import { PORTAL_PAGE_PREFIX, portalPageRequest } from '../../functions/src/portal/page-path.ts';
import { PUBLIC_PAGE_PREFIXES, publicPageRequest } from '../../functions/src/quotes/public-path.ts';
import { reportOutboxAge, runScheduled } from '../../functions/src/scheduled.ts';
import type { HmrcConfig } from '../../functions/src/vat/hmrc.ts';
import type { seedDemo } from '../seed/demo.ts';
import { type BillingSink, createBillingSink } from './billing.ts';
import { type LocalDynamo, startDynamo } from './dynamo.ts';
import { type HmrcSimulator, startHmrcSimulator } from './hmrc-simulator.ts';
import { lockDataDir } from './lock.ts';
import { jsonLog, readableLog } from './log-format.ts';
import type { MailServers } from './mail-servers.ts';
import { devMailboxes, localMailServersFor, mailboxSecretOf, startLocalMailServers } from './mailboxes.ts';
import { closeServer, LOOPBACK, listen } from './net.ts';
import { type PaymentSimulator, type SimulatorOptions, startPaymentSimulator } from './payment-simulator.ts';
import { startProviderCallbacks } from './provider-callbacks.ts';
import { startQueueWorker } from './queue-worker.ts';
import { type LocalQueues, QUEUES, startQueues } from './queues.ts';
import { BUCKETS, type LocalS3, s3ClientOptions, startS3 } from './s3.ts';
import { type RunningSchedules, SCHEDULES, startSchedules } from './schedules.ts';
import { type SmsSink, startSmsSink } from './sms.ts';
import { type SmtpSink, startSmtpSink } from './smtp.ts';
import { webApp } from './web.ts';

export { QUEUES } from './queues.ts';
export { BUCKETS, s3ClientOptions } from './s3.ts';
export { SCHEDULES } from './schedules.ts';

/** The repository root (this file is `scripts/local/runtime.ts`). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Region every local client uses (the production region); the emulators accept any. */
export const LOCAL_REGION = 'eu-west-2';
export const TABLE_NAME = 'roundwise';
/** dynalite and fauxqs check no signatures; any non-empty key pair will do. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

export interface LocalOptions {
  /** HTTP port of the app; 0 picks a free one. Default 3000. */
  port?: number;
  /** Address the app listens on. Default 127.0.0.1 (not reachable from other machines). */
  host?: string;
  /** Where everything is kept between runs. Default `<repo>/.data`. */
  dataDir?: string;
  /** The built web app. Default `<repo>/web/dist`. */
  webDir?: string;
  /** No log lines at all. */
  quiet?: boolean;
  /** Seed the demo business on the first start (when `<dataDir>/demo.json` is absent). Default true. */
  seed?: boolean;
  /** The demo seed module (exports `seedDemo`). Default `<repo>/scripts/seed/demo.ts`; tests swap it. */
  seedModule?: string;
  /** Register the croner schedules. Default true. */
  schedules?: boolean;
  /** Where log lines go. Default console.log. */
  log?: (line: string) => void;
  /**
   * Where the app's structured lines go (functions/src/log.ts: one per request, queue job and
   * scheduled run). Default: a readable form of them through `log` (JSON with
   * `ROUNDWISE_LOG=json`); none when `quiet`.
   */
  logLines?: LogSink;
  /**
   * The app's clock, and the day the demo business is seeded for. Default the real time; the
   * browser tests fix it (test-clock.ts).
   */
  clock?: () => Date;
  /**
   * The local SMS provider's failures (reliability tests): shares of calls answered 500 or taken
   * and never answered, and how long the app waits for an answer. Default none, 10 s.
   */
  sms?: { failRate?: number; timeoutRate?: number; timeoutMs?: number };
  /**
   * The simulated payment providers' webhook delivery and outcomes (reliability tests): see
   * `SimulatorOptions`. Default: each webhook twice, 0.1-1.5 s late, none dropped; no failures.
   */
  payments?: Pick<SimulatorOptions, 'delivery' | 'rates' | 'random'>;
  /** The billing provider. Default the local one, keeping its charges in `<dataDir>/billing`. */
  billing?: BillingSink;
  /** HMRC's API. Default the local simulator (`hmrc-simulator.ts`); the kill tests keep one outside. */
  hmrc?: HmrcConfig;
}

export interface DemoLogin {
  email: string;
  password: string;
}

export interface LocalRuntime {
  /** `http://localhost:<port>`: the app and the API under `/api`. */
  url: string;
  port: number;
  dataDir: string;
  mailDir: string;
  db: Db;
  mailer: Mailer;
  region: string;
  endpoints: { dynamo: string; s3: string; sqs: string; smtp: { host: string; port: number } };
  buckets: typeof BUCKETS;
  /** Queue URLs by key of {@link QUEUES}; use these exact strings (fauxqs matches URLs literally). */
  queueUrls: Record<keyof typeof QUEUES, string>;
  /** Client options for `new SQSClient(...)` pointed at fauxqs. */
  sqsClientOptions: {
    endpoint: string;
    region: string;
    credentials: { accessKeyId: string; secretAccessKey: string };
  };
  /** Client options for `new S3Client(...)` pointed at s3rver. */
  s3ClientOptions: ReturnType<typeof s3ClientOptions>;
  /** The demo login, when a demo business was seeded (now or on an earlier start). */
  demo: DemoLogin | undefined;
  schedules: RunningSchedules | undefined;
  /** The local SMS provider (what it sent, its duplicates). */
  sms: SmsSink;
  /** The simulated payment providers (their payments, mandates and clock). */
  payments: { directDebit: PaymentSimulator; card: PaymentSimulator };
  /** The local billing provider (the credit purchases it charged). */
  billing: BillingSink;
  /** The local HMRC (obligations, returns, fraud header checks), unless one was given. */
  hmrc: HmrcSimulator | undefined;
  /** Milliseconds each start phase took (components run in parallel). */
  timings: Record<string, number>;
  /** The businesses' own mail servers (IMAP and SMTP), when Dovecot is installed. */
  mailServers: MailServers | undefined;
  stop(): Promise<void>;
}

const since = (t: number) => Math.round(performance.now() - t);

/**
 * Starts the whole local runtime in this process: dynalite, s3rver, fauxqs, the SMTP sink and
 * croner in parallel, then the API and the built web app on one HTTP port.
 */
export async function startLocal(options: LocalOptions = {}): Promise<LocalRuntime> {
  const t0 = performance.now();
  const log = options.quiet ? () => {} : (options.log ?? ((line: string) => console.log(line)));
  const dataDir = resolve(options.dataDir ?? join(REPO_ROOT, '.data'));
  const mailDir = join(dataDir, 'mail');
  const billing = options.billing ?? createBillingSink(join(dataDir, 'billing'));
  const webDir = resolve(options.webDir ?? join(REPO_ROOT, 'web', 'dist'));
  const timings: Record<string, number> = {};
  const timed = async <T>(name: string, work: () => Promise<T>) => {
    const t = performance.now();
    const result = await work();
    timings[name] = since(t);
    return result;
  };

  await mkdir(dataDir, { recursive: true });
  // One runtime per data folder: a second dynalite on the same LevelDB cannot take its lock and
  // then throws from its request handler, which would crash this process with "Database is closed".
  const releaseLock = await lockDataDir(dataDir);

  // Everything that can stop is collected as soon as it has started, so a failure half-way
  // through the start leaves nothing running. The HTTP server and the schedules stop first (no
  // new work), then the components and their clients, in parallel.
  const stopFirst: (() => Promise<void>)[] = [];
  const stopThen: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    const failed: unknown[] = [];
    for (const group of [stopFirst, stopThen, [releaseLock]]) {
      const results = await Promise.allSettled(group.splice(0).map((stop) => stop()));
      for (const r of results) if (r.status === 'rejected') failed.push(r.reason);
    }
    if (failed.length > 0) throw new AggregateError(failed, 'Some local components did not stop cleanly');
  };
  // The app's own log lines (the same logger as in Lambda), until this runtime stops.
  const restoreLogSink = setLogSink(
    options.logLines ??
      (options.quiet ? () => {} : process.env.ROUNDWISE_LOG === 'json' ? jsonLog(log) : readableLog(log)),
  );
  stopThen.push(async () => restoreLogSink());
  const track = <T extends { stop(): Promise<void> }>(component: T) => {
    stopThen.push(() => component.stop());
    return component;
  };

  // The sink providers' delivery callbacks go to this runtime's own webhook, signed with a secret
  // made for this run (nothing outside the process knows it).
  const webhookSecret = randomBytes(32).toString('hex');
  let appUrl: string | undefined;
  const callbacks = startProviderCallbacks({ url: () => appUrl, secret: webhookSecret, log });
  stopFirst.push(() => callbacks.stop());

  try {
    // Two-way email's servers start beside the rest (their own line so the list below stays as it is).
    const mailServersStarting = timed('mail-servers', async () => {
      const servers = await startLocalMailServers(dataDir);
      if (servers) stopThen.push(() => servers.stop());
      return servers;
    });
    mailServersStarting.catch(() => {});
    // The local HMRC, beside the rest (its own line, as the mail servers have).
    const hmrcStarting = options.hmrc
      ? Promise.resolve(undefined)
      : timed('hmrc', async () =>
          track(
            await startHmrcSimulator({
              directory: join(dataDir, 'hmrc'),
              ...(options.clock ? { clock: options.clock } : {}),
              log,
            }),
          ),
        );
    hmrcStarting.catch(() => {});
    const started = await Promise.allSettled([
      timed('dynamo', async () => {
        const dynamo = track(await startDynamo(join(dataDir, 'dynamo')));
        const db = createDb({
          tableName: TABLE_NAME,
          endpoint: dynamo.endpoint,
          region: LOCAL_REGION,
          credentials: { ...LOCAL_CREDENTIALS },
        });
        stopThen.push(async () => db.client.destroy());
        await ensureTable(db, 10_000);
        return { dynamo, db };
      }),
      timed('s3', async () => track(await startS3(join(dataDir, 's3')))),
      timed('sqs', async () => track(await startQueues(LOCAL_REGION))),
      timed('smtp', async () =>
        track(
          await startSmtpSink(mailDir, {
            idempotencyHeader: DELIVERY_HEADER,
            onDelivered: ({ key }) =>
              callbacks.emit({
                event: 'delivered',
                eventId: `${key}:delivered`,
                deliveryId: key,
                timestamp: new Date().toISOString(),
              }),
          }),
        ),
      ),
      timed('sms', async () =>
        track(
          await startSmsSink({
            directory: join(dataDir, 'sms'),
            callbacks,
            failRate: options.sms?.failRate,
            timeoutRate: options.sms?.timeoutRate,
          }),
        ),
      ),
      readDemo(dataDir),
      timed('payments', async () => {
        const simulator = (name: string, kind: SimulatorOptions['kind']) =>
          startPaymentSimulator({
            name,
            kind,
            directory: join(dataDir, 'payments'),
            webhookUrl: () => (appUrl ? `${appUrl}/api/payments/webhook/${name}` : undefined),
            ...(options.clock ? { clock: options.clock } : {}),
            ...options.payments,
            log,
          }).then(track);
        const [directDebit, card] = await Promise.all([
          simulator('simulated-direct-debit', 'direct-debit'),
          simulator('simulated-card', 'card'),
        ]);
        return { directDebit, card };
      }),
    ]);
    const failures = started.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failures.length > 0) throw failures[0]!.reason;
    const [dynamoResult, s3Result, sqsResult, smtpResult, smsResult, demoResult, paymentsResult] =
      started as [
        PromiseFulfilledResult<{ dynamo: LocalDynamo; db: Db }>,
        PromiseFulfilledResult<LocalS3>,
        PromiseFulfilledResult<LocalQueues>,
        PromiseFulfilledResult<SmtpSink>,
        PromiseFulfilledResult<SmsSink>,
        PromiseFulfilledResult<DemoLogin | undefined>,
        PromiseFulfilledResult<{ directDebit: PaymentSimulator; card: PaymentSimulator }>,
      ];
    const payments = paymentsResult.value;
    const { dynamo, db } = dynamoResult.value;
    const s3 = s3Result.value;
    const queues = sqsResult.value;
    const smtp = smtpResult.value;
    const sms = smsResult.value;
    let demo = demoResult.value;

    const s3Options = s3ClientOptions(s3.endpoint, LOCAL_REGION);
    const s3Client = new S3Client(s3Options);
    stopThen.push(async () => s3Client.destroy());
    const mailer = createSmtpMailer({
      host: smtp.host,
      port: smtp.port,
      secure: false,
      from: 'Roundwise <no-reply@roundwise.localhost>',
      pool: true,
    });
    stopThen.push(async () => mailer.close?.());

    let schedules: RunningSchedules | undefined;
    const health: Record<string, HealthCheck> = {
      dynamo: async () => {
        const { Table } = await db.client.send(new DescribeTableCommand({ TableName: db.tableName }));
        return {
          ok: Table?.TableStatus === 'ACTIVE',
          detail: `dynalite at ${dynamo.endpoint}, table ${db.tableName} ${Table?.TableStatus}`,
        };
      },
      s3: async () => {
        await Promise.all(
          Object.values(BUCKETS).map((Bucket) => s3Client.send(new HeadBucketCommand({ Bucket }))),
        );
        return { ok: true, detail: `s3rver, buckets ${Object.values(BUCKETS).join(', ')}` };
      },
      sqs: async () => {
        const ok = await queues.check();
        return { ok, detail: `fauxqs, queues ${Object.values(QUEUES).join(', ')}${ok ? '' : ' (missing)'}` };
      },
      smtp: async () => {
        const banner = await smtpBanner(smtp.host, smtp.port);
        return { ok: banner.startsWith('220'), detail: `sink to ${mailDir}` };
      },
      scheduler: async () => {
        if (!schedules) return { ok: true, detail: 'croner, schedules off' };
        return {
          ok: schedules.healthy(),
          detail: `croner, ${schedules
            .list()
            .map((s) => `${s.name} next ${s.nextRun?.toISOString() ?? 'never'}`)
            .join('; ')}`,
        };
      },
    };

    // The HTTP server listens first (port 0 resolves to a real port) and the app, which needs its
    // public URL, is attached right after.
    let handle: ((request: Request, env: unknown) => Response | Promise<Response>) | undefined;
    const server = createAdaptorServer({
      fetch: (request: Request, env: unknown) =>
        handle
          ? handle(request, env)
          : new Response('Starting', { status: 503, headers: { 'retry-after': '1' } }),
    }) as Server;
    const port = await timed('http', async () => {
      try {
        return await listen(server, options.port ?? 3000, options.host ?? LOOPBACK);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
          throw new Error(
            `Port ${options.port ?? 3000} is already in use (another Roundwise running?). Stop it, or start with PORT=<another port>.`,
          );
        }
        throw error;
      }
    });
    // No new requests, then the writes answered requests left behind (command answer records).
    stopFirst.push(async () => {
      await closeServer(server);
      await settleBackground();
    });
    const url = `http://localhost:${port}`;
    appUrl = url;

    // Effects are dispatched on the bulk-send queue on fauxqs, as on AWS, and delivered by the
    // local queue worker.
    const sqs = new SQSClient({
      endpoint: queues.endpoint,
      region: LOCAL_REGION,
      credentials: { ...LOCAL_CREDENTIALS },
    });
    stopThen.push(async () => sqs.destroy());
    const appDeps: AppDeps = {
      db,
      mailer,
      billing,
      publicUrl: url,
      secureCookies: false,
      health,
      mailDir,
      sms: createHttpSmsProvider({ url: sms.url, apiKey: sms.apiKey, timeoutMs: options.sms?.timeoutMs }),
      webhookSecret,
      paymentProviders: [payments.directDebit, payments.card].map((sim) =>
        createHttpPaymentProvider({
          name: sim.name,
          kind: sim.kind,
          url: sim.url,
          apiKey: sim.apiKey,
          webhookSecret: sim.webhookSecret,
        }),
      ),
      devSinks: {
        sms: () => sms.messages(),
        async reply(type, deliveryId, from, text) {
          if (type === 'SMS') return sms.reply(deliveryId, text);
          // A reply mail, as the inbound side of an email provider reports it.
          callbacks.emit({
            event: 'inbound',
            eventId: `mail-${randomBytes(12).toString('hex')}`,
            inReplyTo: deliveryId,
            from,
            text,
            timestamp: new Date().toISOString(),
          });
          await callbacks.flush();
        },
        payments: payments,
      },
      effectQueue: sqsEffectQueue(sqs, queues.urls.bulkSend),
      async deadLetters() {
        const { Attributes } = await sqs.send(
          new GetQueueAttributesCommand({
            QueueUrl: queues.urls.bulkSendDlq,
            AttributeNames: ['ApproximateNumberOfMessages'],
          }),
        );
        return Number(Attributes?.ApproximateNumberOfMessages ?? 0);
      },
      backups: { s3: s3Client, bucket: BUCKETS.backups },
      attachments: { s3: s3Client, bucket: BUCKETS.attachments },
      ...(options.clock ? { clock: options.clock } : {}),
    };
    const hmrc = await hmrcStarting;
    appDeps.hmrc =
      options.hmrc ?? (hmrc && { url: hmrc.url, clientId: hmrc.clientId, clientSecret: hmrc.clientSecret });
    const mailServers = await mailServersStarting;
    appDeps.mailboxSecret = await mailboxSecretOf(dataDir);
    if (mailServers) {
      appDeps.localMailServers = localMailServersFor(mailServers);
      if (appDeps.devSinks) appDeps.devSinks.mailboxes = devMailboxes(mailServers);
    }
    const deps = createDeps(appDeps);
    const api = createApp(appDeps, deps);
    // Each connected business mailbox held open (IDLE): what a long-lived service does on AWS.
    const mailboxes = startMailboxWorkers(deps);
    stopFirst.push(() => mailboxes.stop());
    const worker = startQueueWorker({ sqs, queueUrl: queues.urls.bulkSend, deps, log });
    stopFirst.push(() => worker.stop());
    // Effects a previous run wrote but never delivered (it stopped or died first).
    const swept = await sweepOutbox(deps, 0);
    if (swept > 0) log(`Dispatched ${swept} effects left over from the last run.`);
    if (options.schedules !== false) {
      schedules = startSchedules(
        [
          {
            name: 'nightly-backup',
            expression: SCHEDULES.nightlyBackup,
            // The Lambda entry builds AWS clients from its environment; locally the same backup
            // runs against dynalite and s3rver.
            run: () =>
              runScheduled('nightlyBackup', async () => ({
                accounts: (
                  await runNightlyBackup({
                    db,
                    files: { s3: s3Client, bucket: BUCKETS.backups },
                    now: deps.now,
                  })
                ).length,
              })),
          },
          {
            name: 'outbox-sweep',
            expression: SCHEDULES.outboxSweep,
            run: () => runScheduled('outboxSweep', async () => ({ sent: await sweepOutbox(deps) })),
          },
          {
            // What the payment providers' lost webhooks would have said (functions/src/payments).
            name: 'payments-pull',
            expression: SCHEDULES.paymentsPull,
            run: () => runScheduled('paymentsPull', () => pullAllAccounts(deps)),
          },
          {
            // Effects that have come due (scheduled messages) and deliveries whose lease ran out,
            // then the outbox's age, as functions/src/lambda/schedules.ts does.
            name: 'outbox-due',
            expression: SCHEDULES.outboxDue,
            run: () =>
              runScheduled('outboxDue', async () => ({
                sent: await sweepOutbox(deps, 0),
                oldestSeconds: await reportOutboxAge(deps),
              })),
          },
        ],
        // Each run writes its own line (runScheduled): croner's wrapper says nothing more.
        { log: () => {} },
      );
      const running = schedules;
      stopFirst.push(() => running.stop());
    }

    const web = webApp(webDir, { filesOrigin: s3.endpoint });
    handle = (request, env) => {
      const { pathname } = new URL(request.url);
      if (pathname === '/api' || pathname.startsWith('/api/')) return api.fetch(request, env);
      // The customer's quote and payment pages are the API's (as CloudFront sends it, stacks/web.ts).
      if (PUBLIC_PAGE_PREFIXES.some((p) => pathname.startsWith(p)))
        return api.fetch(publicPageRequest(request), env);
      if (pathname.startsWith(PORTAL_PAGE_PREFIX)) return api.fetch(portalPageRequest(request), env);
      return web.fetch(request, env);
    };

    if (!demo && options.seed !== false) {
      const seedModule = options.seedModule ?? join(REPO_ROOT, 'scripts', 'seed', 'demo.ts');
      const now = options.clock?.() ?? new Date();
      // The demo's receipts go where the app's uploads do.
      const files = async (Key: string, Body: Uint8Array, ContentType: string) => {
        await s3Client.send(new PutObjectCommand({ Bucket: BUCKETS.attachments, Key, Body, ContentType }));
      };
      demo = await timed('seed', () => seedDemoBusiness(seedModule, db, dataDir, log, now, files));
    }

    timings.total = since(t0);
    return {
      url,
      port,
      dataDir,
      mailDir,
      db,
      mailer,
      region: LOCAL_REGION,
      endpoints: {
        dynamo: dynamo.endpoint,
        s3: s3.endpoint,
        sqs: queues.endpoint,
        smtp: { host: smtp.host, port: smtp.port },
      },
      buckets: BUCKETS,
      queueUrls: queues.urls,
      sqsClientOptions: {
        endpoint: queues.endpoint,
        region: LOCAL_REGION,
        credentials: { ...LOCAL_CREDENTIALS },
      },
      s3ClientOptions: s3Options,
      demo,
      schedules,
      sms,
      payments,
      billing,
      hmrc,
      timings,
      mailServers,
      stop: once(stopAll),
    };
  } catch (error) {
    await stopAll().catch(() => {});
    throw error;
  }
}

const once = (fn: () => Promise<void>) => {
  let running: Promise<void> | undefined;
  return () => {
    running ??= fn();
    return running;
  };
};

async function readDemo(dataDir: string): Promise<DemoLogin | undefined> {
  const text = await readFile(join(dataDir, 'demo.json'), 'utf8').catch(() => undefined);
  if (!text) return undefined;
  let parsed: Partial<DemoLogin>;
  try {
    parsed = JSON.parse(text) as Partial<DemoLogin>;
  } catch {
    return undefined; // unreadable: seed again (and say so if the demo user already exists)
  }
  return typeof parsed.email === 'string' && typeof parsed.password === 'string'
    ? { email: parsed.email, password: parsed.password }
    : undefined;
}

/** Checked against the seed generator at typecheck; loaded only when a first start seeds. */
type SeedDemo = typeof seedDemo;

/**
 * Seeds the demo business with `scripts/seed/demo.ts` and records its login in `demo.json`, so
 * later starts print it without seeding again. Skipped (with a line saying so) while the seed
 * generator does not exist.
 */
async function seedDemoBusiness(
  file: string,
  db: Db,
  dataDir: string,
  log: (line: string) => void,
  now: Date,
  files: NonNullable<Parameters<SeedDemo>[0]['files']>,
): Promise<DemoLogin | undefined> {
  const name = relative(REPO_ROOT, file);
  if (!existsSync(file)) {
    log(`Demo seed skipped: ${name} does not exist yet.`);
    return undefined;
  }
  const module = (await import(pathToFileURL(file).href)) as { seedDemo?: SeedDemo };
  if (typeof module.seedDemo !== 'function') {
    log(`Demo seed skipped: ${name} does not export seedDemo().`);
    return undefined;
  }
  log('Seeding the demo business (first start)...');
  let login: DemoLogin;
  try {
    login = await module.seedDemo({ db, today: now.toISOString().slice(0, 10), files });
  } catch (error) {
    // The app still works without it (sign up); the next start tries again.
    log(`Demo seed FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    log(`The app runs without the demo business. To retry from scratch, stop and delete ${dataDir}.`);
    return undefined;
  }
  const demo = { email: login.email, password: login.password };
  const target = join(dataDir, 'demo.json');
  await writeFile(`${target}.tmp`, `${JSON.stringify({ ...demo, seededAt: now.toISOString() }, null, 2)}\n`);
  await rename(`${target}.tmp`, target);
  return demo;
}

/** The first line an SMTP server sends (`220 ...`): proves it accepts connections and talks. */
function smtpBanner(host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    socket.setTimeout(2000, () => socket.destroy(new Error('SMTP sink did not greet in 2 s')));
    socket.once('error', reject);
    socket.once('data', (chunk) => {
      socket.end('QUIT\r\n');
      resolve(chunk.toString('utf8').trim());
    });
  });
}
