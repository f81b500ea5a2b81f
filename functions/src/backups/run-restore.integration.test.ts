import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import type { Actor, Change } from '@roundwise/core';
import { type Db, EntityRepository, RestoreJobs } from '@roundwise/db';
import { createTestDb, type Engine, startEngine } from '@roundwise/db/test-engines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUCKETS, type LocalS3, s3ClientOptions, startS3 } from '../../../scripts/local/s3.ts';
import { localBilling } from '../adapters/billing.ts';
import type { Deps } from '../context.ts';
import { createDeps } from '../create-deps.ts';
import { contentHash } from './content-hash.ts';
import { createBackup } from './create-backup.ts';
import { readAccount } from './read-account.ts';
import { runRestoreStep } from './run-restore.ts';
import { RESTORE_EFFECT, startRestore } from './start-restore.ts';

/**
 * A restore longer than one step: each step writes what its time allows (here one wave, the
 * least a step writes) and hands the rest on to a new effect; the last step ends the job. The
 * account then equals the backup, each record written once.
 */
let engine: Engine;
let db: Db;
let s3: LocalS3;
let s3Client: S3Client;
let dir: string;
let s: Deps;
const queued: string[] = [];
const accountId = 'steps-account';
const actor: Actor = {
  userId: 'steps-owner',
  email: 'steps@example.com',
  accountId,
  roles: ['Owner'],
  level: 'Ultimate',
  subscription: 'subscribed',
  flags: [],
  developerMode: false,
  settings: {},
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'roundwise-restore-steps-'));
  [engine, s3] = await Promise.all([startEngine('dynalite'), startS3(dir)]);
  db = await createTestDb(engine);
  s3Client = new S3Client(s3ClientOptions(s3.endpoint));
  s = createDeps({
    db,
    mailer: { send: async () => {} },
    billing: localBilling,
    publicUrl: 'http://localhost:3000',
    secureCookies: false,
    backups: { s3: s3Client, bucket: BUCKETS.backups },
    effectQueue: { send: async (ids) => void queued.push(...ids) },
  });
}, 60_000);
afterAll(async () => {
  s3Client?.destroy();
  await Promise.all([engine?.stop(), s3?.stop()]);
  await rm(dir, { recursive: true, force: true });
});

const customers = (count: number, name: (i: number) => string, version: number): Change[] =>
  Array.from({ length: count }, (_, i) => ({
    type: 'customer',
    entity: {
      _id: `c${String(i).padStart(4, '0')}`,
      _version: version,
      _updatedAt: new Date().toISOString(),
      name: name(i),
    },
  }));

describe('a restore in several steps', () => {
  it('hands itself on until the plan is written, then ends: the account equals the backup', async () => {
    const repo = new EntityRepository(db, accountId);
    await repo.batchPut(customers(1000, (i) => `Customer ${i}`, 1));
    const backup = await createBackup({ db, files: s.backups!, accountId, initiator: 'manual' });
    await repo.batchPut(customers(1000, (i) => `Renamed ${i}`, 2));

    const job = await startRestore(s, s.backups!, actor, backup.id, async () => {});
    // The queue worker's part, with a step of no time: each delivery writes one wave (400
    // records) and hands on.
    const delivered: string[] = [];
    for (let id = queued.shift(); id; id = queued.shift()) {
      const effect = await s.outbox.claim(id, s.now(), 60_000);
      expect(effect?.kind).toBe(RESTORE_EFFECT);
      await runRestoreStep(s, accountId, job.jobId, 0);
      await s.outbox.done(id, s.now());
      delivered.push(id);
    }
    expect(delivered).toHaveLength(3);
    expect(new Set(delivered).size).toBe(3);

    const ended = await new RestoreJobs(db).get(accountId, job.jobId);
    expect(ended).toMatchObject({
      state: 'done',
      total: 1000,
      done: 1000,
      written: 1000,
      deleted: 0,
      step: 2,
    });
    const after = contentHash((await readAccount(repo)).values());
    expect(after).toEqual({ counts: backup.counts, hash: backup.hash });
    const versions = new Set((await repo.list('customer')).map((c) => c._version));
    expect([...versions]).toEqual([3]);
  });
});
