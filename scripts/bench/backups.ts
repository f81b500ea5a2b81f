import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { S3Client } from '@aws-sdk/client-s3';
import type { Actor } from '@roundwise/core';
import { AuthRepository, createDb, EntityRepository, RestoreJobs } from '@roundwise/db';
import { localBilling } from '../../functions/src/adapters/billing.ts';
import { settleBackground } from '../../functions/src/background.ts';
import { createBackup } from '../../functions/src/backups/create-backup.ts';
import { readAccount } from '../../functions/src/backups/read-account.ts';
import { startRestore } from '../../functions/src/backups/start-restore.ts';
import { createDeps } from '../../functions/src/create-deps.ts';
import { deliverEffect } from '../../functions/src/effects/index.ts';
import { startDynamo } from '../local/dynamo.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION, TABLE_NAME } from '../local/runtime.ts';
import { BUCKETS, s3ClientOptions, startS3 } from '../local/s3.ts';
import { customerUpdates, liveCustomers, sequentialCommands } from './command-load.ts';
import { Caller, type Figures, round, saveFigures, startRoundwise } from './lib.ts';
import { townFolder } from './town.ts';

/**
 * Backups and restore on the town data set (budgets), through the API as the backups
 * screen calls it, against `npm start`'s own process (dynalite and s3rver):
 * - `backup.town_ms`: 'run manual backup now', the whole account read as a consistent snapshot,
 *   gzipped and written with its manifest (budget 10 s); `backup.town_bytes`: the file's size;
 * - `restore.town_ms`: restoring that backup after every customer was edited (the command load,
 *   about 2,000 customers): the backup read and checked against its hash, the account read again,
 *   a backup of it written first, then the changed records written back, on the queue worker,
 *   followed as the screen does until done (budget 30 s); `restore.town_written` says how many,
 *   `restore.town_request_ms` how long the request itself took.
 */
export async function manualBackup(caller: Caller) {
  const res = await caller.request('POST', '/api/backups');
  if (res.status !== 201) throw new Error(`backup failed: ${res.status} ${JSON.stringify(res.json)}`);
  return { ms: res.wallMs, bytes: res.json.size as number, id: res.json.id as string };
}

/**
 * A restore as the screen runs it: the request (answered with the job at once), then the job
 * followed every 100 ms until done; from the request to the first answer saying done.
 */
export async function restoreBackup(caller: Caller, id: string) {
  const started = performance.now();
  const res = await caller.request('POST', `/api/backups/${id}/restore`);
  if (res.status !== 202) throw new Error(`restore failed: ${res.status} ${JSON.stringify(res.json)}`);
  for (;;) {
    const job = (await caller.request('GET', `/api/backups/restores/${res.json.id}`)).json;
    if (job.state === 'failed') throw new Error(`restore failed: ${job.error}`);
    if (job.state === 'done') {
      return {
        ms: performance.now() - started,
        requestMs: res.wallMs,
        written: job.written as number,
        deleted: job.deleted as number,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The three figures on a runtime holding the town data set: a backup, `changed` edits, a restore. */
export async function backupFigures(caller: Caller, changed = 2000): Promise<Figures> {
  const backup = await manualBackup(caller);
  const next = customerUpdates(await liveCustomers(caller), `bench-backup-${process.pid}`);
  await sequentialCommands(caller, changed, next, undefined, 0);
  return figuresOf(backup, await restoreBackup(caller, backup.id));
}

export function figuresOf(
  backup: Awaited<ReturnType<typeof manualBackup>>,
  restore: Awaited<ReturnType<typeof restoreBackup>>,
): Figures {
  if (restore.written === 0) throw new Error('the restore wrote nothing back');
  console.log(`restore wrote ${restore.written} records back and deleted ${restore.deleted}`);
  return {
    'backup.town_ms': { value: round(backup.ms), unit: 'ms' },
    'backup.town_bytes': { value: backup.bytes, unit: 'bytes' },
    'restore.town_ms': { value: round(restore.ms), unit: 'ms' },
    'restore.town_request_ms': { value: round(restore.requestMs), unit: 'ms' },
    'restore.town_written': { value: restore.written, unit: 'records' },
  };
}

/**
 * The worst case, `restore.town_full_ms` (`--full`; not in `npm run bench`): every record of the
 * town account changed since the backup, so the restore writes all 40,000 back. In process on the
 * town table (dynalite) and an s3rver of its own: the change to every record is made with
 * `batchPut` beforehand, untimed; the restore is the job the API records, its steps delivered as
 * the queue worker delivers them.
 */
export async function fullRestoreFigure(townDir: string, work: string): Promise<Figures> {
  await cp(townDir, join(work, 'town'), { recursive: true });
  const dynamo = await startDynamo(join(work, 'town', 'dynamo'));
  const s3 = await startS3(join(work, 's3'));
  const s3Client = new S3Client(s3ClientOptions(s3.endpoint, LOCAL_REGION));
  const db = createDb({
    tableName: TABLE_NAME,
    endpoint: dynamo.endpoint,
    region: LOCAL_REGION,
    credentials: { ...LOCAL_CREDENTIALS },
  });
  try {
    const files = { s3: s3Client, bucket: BUCKETS.backups };
    const [account] = await new AuthRepository(db).listAccounts();
    if (!account) throw new Error('no town account');
    const { accountId } = account;
    const backup = await createBackup({ db, files, accountId, initiator: 'manual' });
    const repo = new EntityRepository(db, accountId);
    const stamp = new Date(Date.now() + 1000).toISOString();
    const changed = [...(await readAccount(repo)).values()]
      .filter((c) => !c.entity._deleted)
      .map((c) => ({
        type: c.type,
        entity: { ...c.entity, _version: c.entity._version + 1, _updatedAt: stamp, benchChanged: true },
      }));
    await repo.batchPut(changed);
    const actor: Actor = {
      userId: 'bench',
      email: 'bench@example.com',
      accountId,
      roles: ['Owner'],
      level: 'Ultimate',
      subscription: 'subscribed',
      flags: [],
      developerMode: false,
      settings: {},
    };
    // The path the API and the queue worker take, in this process: the job recorded, then each
    // effect it hands on delivered as the worker would, until none is left.
    const queued: string[] = [];
    const deps = createDeps({
      db,
      mailer: { send: async () => {} },
      billing: localBilling,
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
      backups: files,
      effectQueue: { send: async (ids) => void queued.push(...ids) },
    });
    const started = performance.now();
    const job = await startRestore(deps, files, actor, backup.id, async () => {});
    let steps = 0;
    for (let id = queued.shift(); id; id = queued.shift()) {
      await deliverEffect(deps, id);
      steps++;
    }
    const ms = performance.now() - started;
    await settleBackground();
    const result = await new RestoreJobs(db).get(accountId, job.jobId);
    if (result?.state !== 'done') throw new Error(`the restore ended ${result?.state} ${result?.error}`);
    console.log(`full restore wrote ${result.written} records back in ${steps} steps`);
    return {
      'restore.town_full_ms': { value: round(ms), unit: 'ms' },
      'restore.town_full_written': { value: result.written, unit: 'records' },
    };
  } finally {
    db.client.destroy();
    s3Client.destroy();
    await s3.stop();
    await dynamo.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv.includes('--full')) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { dir } = await townFolder();
  const work = await mkdtemp(join(tmpdir(), 'roundwise-backups-'));
  try {
    const figures = await fullRestoreFigure(dir, work);
    for (const [name, f] of Object.entries(figures)) console.log(`${name.padEnd(36)} ${f.value} ${f.unit}`);
    if (process.env.BENCH_SAVE === '1') await saveFigures(figures);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { dir, login } = await townFolder();
  const work = await mkdtemp(join(tmpdir(), 'roundwise-backups-'));
  try {
    await cp(dir, work, { recursive: true });
    const runtime = await startRoundwise(work);
    try {
      const caller = new Caller(runtime.url);
      await caller.login(login.email, login.password);
      const figures = await backupFigures(caller, Number(process.argv[2] ?? 2000));
      for (const [name, f] of Object.entries(figures)) console.log(`${name.padEnd(36)} ${f.value} ${f.unit}`);
      if (process.env.BENCH_SAVE === '1') await saveFigures(figures);
    } finally {
      await runtime.stop();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
