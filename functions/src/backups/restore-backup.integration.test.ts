import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { AuditLog, EntityRepository, Outbox } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUCKETS, type LocalS3, s3ClientOptions, startS3 } from '../../../scripts/local/s3.ts';
import { localBilling } from '../adapters/billing.ts';
import { createDeps } from '../create-deps.ts';
import { sweepOutbox } from '../effects/sweep.ts';
import { type Client, linkFrom, startTestApi } from '../test-harness.ts';
import { type BackupManifest, dataKey } from './backup-files.ts';
import { contentHash } from './content-hash.ts';
import { readAccount } from './read-account.ts';
import { runNightlyBackup } from './run-nightly-backup.ts';

let s3: LocalS3;
let s3Client: S3Client;
let dir: string;
let api: Awaited<ReturnType<typeof startTestApi>>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'roundwise-backups-'));
  s3 = await startS3(dir);
  s3Client = new S3Client(s3ClientOptions(s3.endpoint));
  api = await startTestApi('dynalite', { backups: { s3: s3Client, bucket: BUCKETS.backups } });
}, 60_000);
afterAll(async () => {
  await api.stop();
  s3Client.destroy();
  await s3.stop();
  await rm(dir, { recursive: true, force: true });
});

/** A small round: a service, customers with a job each, a completed visit with its invoice. */
async function business(c: Client) {
  const service = (await c.command('services.create', { name: 'Windows', defaultPrice: 12 })).json.result;
  const customers = [];
  for (const name of ['Ann Able', 'Ben Baker', 'Cat Cole']) {
    const customer = (await c.command('customers.create', { name })).json.result;
    const job = (
      await c.command('jobs.create', {
        customerId: customer._id,
        date: '2026-11-02',
        price: 12,
        services: [service._id],
        frequencyType: 'Weeks',
        frequencyInterval: 4,
      })
    ).json.result;
    customers.push({ customer, job });
  }
  const done = await c.command('visits.complete', { jobId: customers[0]!.job._id, isoDueDate: '2026-11-02' });
  expect(done.status).toBe(200);
  return customers;
}

/**
 * A restore through the API: the request answers its job at once (202); the job runs on the queue
 * worker (here, in this process after the reply) and is followed as the screen does, to its end.
 */
async function restore(c: Client, backupId: string) {
  const started = await c.post(`/backups/${backupId}/restore`);
  if (started.status !== 202) return started;
  expect(started.json).toMatchObject({ backupId, state: 'queued', done: 0 });
  for (let i = 0; i < 100; i++) {
    const job = await c.get(`/backups/restores/${started.json.id}`);
    if (job.json.state === 'done' || job.json.state === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the restore did not end');
}

const accountOf = async (accountId: string) => {
  const state = await readAccount(new EntityRepository(api.db, accountId));
  return contentHash(state.values());
};

describe('backups and restore', () => {
  it('restores the account to the backup: counts per type and content hash equal, every device told, nothing sent', async () => {
    const c = api.client();
    const me = (await c.signup('restore@example.com')).json;
    const accountId = me.account.accountId as string;
    const [ann, ben] = await business(c);

    const made = await c.post('/backups');
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ initiatorTask: 'manual', size: expect.any(Number) });
    const backupId = made.json.id as string;
    const atBackup = await accountOf(accountId);
    const listed = await c.get('/backups');
    expect(listed.json).toEqual([made.json]);

    // A device in step with the account before the changes.
    let cursor = '';
    for (;;) {
      const page = await c.get(`/sync?cursor=${cursor}`);
      cursor = page.json.cursor;
      if (!page.json.hasMore) break;
    }
    api.advance(10_000);
    cursor = (await c.get(`/sync?cursor=${cursor}`)).json.cursor;

    // Changes after the backup: an edit, a delete (with its job), a new customer.
    api.advance(10_000);
    expect(
      (await c.command('customers.update', { _id: ann!.customer._id, changes: { name: 'Ann Changed' } }))
        .status,
    ).toBe(200);
    expect((await c.command('customers.delete', { _id: ben!.customer._id })).status).toBe(200);
    const dan = (await c.command('customers.create', { name: 'Dan New' })).json.result;
    const changed = await accountOf(accountId);
    expect(changed.hash).not.toBe(atBackup.hash);
    const mailsBefore = api.outbox.length;

    api.advance(10_000);
    const restored = await restore(c, backupId);
    expect(restored.status).toBe(200);
    expect(restored.json).toMatchObject({ backupId, state: 'done', deleted: 1, error: null });
    expect(restored.json.done).toBe(restored.json.total);

    const after = await accountOf(accountId);
    expect(after.counts).toEqual(atBackup.counts);
    expect(after.hash).toBe(atBackup.hash);

    // The state it replaced was backed up first, and is listed.
    const list = (await c.get('/backups')).json as { id: string; initiatorTask: string }[];
    expect(list.map((b) => b.initiatorTask).sort()).toEqual(['manual', 'restore-backup']);
    expect(list.find((b) => b.initiatorTask === 'restore-backup')?.id).toBe(restored.json.before);

    // The device learns it through the feed: the new customer dropped, the deleted one back.
    const delta = (await c.get(`/sync?cursor=${cursor}`)).json.changes as {
      type: string;
      entity: { _id: string; _deleted?: boolean; name?: string; _version: number };
    }[];
    const newest = new Map(delta.map((ch) => [ch.entity._id, ch.entity]));
    expect(newest.get(dan._id)).toMatchObject({ _deleted: true });
    expect(newest.get(ben!.customer._id)).toMatchObject({ name: 'Ben Baker' });
    expect(newest.get(ben!.job._id)).toMatchObject({ customerId: ben!.customer._id });
    expect(newest.get(ann!.customer._id)).toMatchObject({ name: 'Ann Able' });
    expect(newest.get(ben!.customer._id)!._version).toBeGreaterThan(2);
    // Nothing outside: no mail went, no effect is waiting to go.
    expect(api.outbox.length).toBe(mailsBefore);
    const pending = await new Outbox(api.db).pending(new Date(api.now().getTime() + 3_600_000), 100);
    expect(pending.ids).toEqual([]);

    // The restore is in the audit log (it runs no command, so it is recorded as an event).
    const actions: string[] = [];
    for await (const page of new AuditLog(api.db).pages(accountId, {})) {
      actions.push(...page.entries.map((e) => e.action));
    }
    expect(actions).toContain('backups.restore');

    // Restoring again changes nothing: the account already equals the backup.
    const again = await restore(c, backupId);
    expect(again.json).toMatchObject({ state: 'done', total: 0, written: 0, deleted: 0 });
  });

  it('restores data, never effects: a message cancelled since stays cancelled, credits bought since stay', async () => {
    const c = api.client();
    const me = (await c.signup('restore-effects@example.com')).json;
    const accountId = me.account.accountId as string;
    const token = linkFrom(api.outbox, 'restore-effects@example.com', 'verify-email');
    expect((await c.post('/auth/verify-email', { token })).status).toBe(200);
    const customer = (
      await c.command('customers.create', {
        name: 'Eve Early',
        email: 'eve@example.org',
        contactMethods: ['email'],
      })
    ).json.result;
    const inAnHour = Math.floor(api.now().getTime() / 1000) + 3600;
    const scheduled = await c.command('notifications.send', {
      customerId: customer._id,
      type: 'Email',
      subject: 'Tomorrow',
      content: 'We come tomorrow.',
      sendAtSecondsTimestamp: inAnHour,
    });
    expect(scheduled.json.result).toMatchObject({ status: 'scheduled' });
    const messageId = scheduled.json.result._id as string;
    const backupId = (await c.post('/backups')).json.id as string;

    // Since the backup: the message cancelled (its credit back) and credits bought.
    api.advance(10_000);
    expect((await c.command('notifications.cancel', { ids: [messageId] })).status).toBe(200);
    const bought = await c.post('/customer/purchase-sms-credits', {
      amount: 500,
      purchaseId: 'restore-purchase-1',
    });
    expect(bought.json).toMatchObject({ success: true });
    const balance = (await c.get('/customer/squeegee-credits')).json.squeegeeCredits as number;
    expect(balance).toBe(bought.json.credits);

    api.advance(10_000);
    const restored = await restore(c, backupId);
    expect(restored.json).toMatchObject({ state: 'done', error: null });
    const repo = new EntityRepository(api.db, accountId);
    expect(await repo.get('notification', messageId)).toMatchObject({ status: 'cancelled' });
    expect((await c.get('/customer/squeegee-credits')).json.squeegeeCredits).toBe(balance);

    // Its time comes: nothing goes.
    const mailsBefore = api.outbox.length;
    api.advance(2 * 3_600_000);
    const worker = createDeps({
      db: api.db,
      mailer: { send: async (m) => void api.outbox.push(m) },
      billing: localBilling,
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
      clock: api.now,
    });
    await sweepOutbox(worker, 0);
    expect(api.outbox.slice(mailsBefore).filter((m) => m.to === 'eve@example.org')).toEqual([]);
    expect(await repo.get('notification', messageId)).toMatchObject({ status: 'cancelled' });
  });

  it("a job's custom-field answers are backed up and come back with a restore", async () => {
    const c = api.client();
    await c.signup('restore-fields@example.com');
    expect((await c.patch('/account', { flags: ['metadata'] })).status).toBe(200);
    const [ann] = await business(c);
    const schema = (await c.command('custom-fields.create-schema', { title: 'Access', target: 'job' })).json
      .result;
    await c.command('custom-fields.save-item', {
      schemaId: schema._id,
      item: { title: 'Gate code', type: 'text' },
    });
    const fill = (value: string) =>
      c.command('custom-fields.fill', {
        schemaId: schema._id,
        target: 'job',
        targetObjectId: ann!.job._id,
        answers: { '0': { value } },
      });
    expect((await fill('1234')).status).toBe(200);
    const made = (await c.post('/backups')).json as BackupManifest;
    expect((await fill('9999')).status).toBe(200);

    expect((await restore(c, made.id)).json).toMatchObject({ state: 'done', error: null });
    const answers = [];
    let cursor = '';
    for (;;) {
      const page = await c.get(`/sync?cursor=${cursor}`);
      answers.push(...page.json.changes.filter((ch: { type: string }) => ch.type === 'fieldValues'));
      cursor = page.json.cursor;
      if (!page.json.hasMore) break;
    }
    expect(answers.at(-1).entity).toMatchObject({
      targetObjectId: ann!.job._id,
      values: { '0': { value: '1234' } },
    });
  });

  it('refuses a damaged backup and changes nothing', async () => {
    const c = api.client();
    const me = (await c.signup('damaged@example.com')).json;
    const accountId = me.account.accountId as string;
    await business(c);
    const made = (await c.post('/backups')).json as BackupManifest;
    await c.command('customers.create', { name: 'After' });
    const before = await accountOf(accountId);
    // The data file replaced by other (valid) lines: the manifest's hash no longer matches.
    const { gzipSync } = await import('node:zlib');
    await s3Client.send(
      new PutObjectCommand({
        Bucket: BUCKETS.backups,
        Key: dataKey(accountId, made.id),
        Body: gzipSync(
          JSON.stringify({
            type: 'customer',
            entity: { _id: 'x', _version: 1, _updatedAt: '2026-01-01T00:00:00.000Z', name: 'X' },
          }),
        ),
      }),
    );
    const refused = await restore(c, made.id);
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('backups.damaged');
    expect(await accountOf(accountId)).toEqual(before);
    expect(((await c.get('/backups')).json as unknown[]).length).toBe(1);
  });

  it("answers another account's backup, a made-up id and a Worker as the route table says", async () => {
    const a = api.client();
    await a.signup('owner-a@example.com');
    const made = (await a.post('/backups')).json as BackupManifest;
    const b = api.client();
    await b.signup('owner-b@example.com');
    expect((await b.get(`/backups/${made.id}`)).json.code).toBe('backups.not-found');
    expect((await b.post(`/backups/${made.id}/restore`)).status).toBe(404);
    expect((await b.get('/backups/not-a-backup')).status).toBe(404);
    expect((await b.get('/backups')).json).toEqual([]);

    const { member } = await api.addMember(a, 'worker-a@example.com', ['Worker']);
    const refused = await member.get('/backups');
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('access.role-required');
  });

  it('downloads through a short-lived link with the spec headers, and streams lines in developer mode only', async () => {
    const c = api.client();
    const me = (await c.signup('download@example.com')).json;
    await business(c);
    const made = (await c.post('/backups')).json as BackupManifest;
    const link = await c.call('GET', `/backups/${made.id}`, undefined, {
      'data-email': 'download@example.com',
    });
    expect(link.status).toBe(200);
    const url = new URL(link.json.url);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain(`roundwise-backup-${made.id}.jsonl.gz`);
    const { gunzipSync } = await import('node:zlib');
    const lines = gunzipSync(Buffer.from(await file.arrayBuffer()))
      .toString('utf8')
      .split('\n');
    const { counts } = await accountOf(me.account.accountId);
    expect(lines.length).toBe(Object.values(counts).reduce((n, k) => n + k, 0));
    const other = await c.call('GET', `/backups/${made.id}`, undefined, {
      'data-email': 'someone@example.com',
    });
    expect(other.json.code).toBe('backups.wrong-account');

    expect((await c.get(`/backups/${made.id}/stream-data`)).json.code).toBe('access.developer-mode-required');
    expect((await c.patch('/me', { developerMode: true })).status).toBe(200);
    api.advance(5_000);
    const raw = await api.app.request(`/api/backups/${made.id}/stream-data`, {
      headers: { cookie: c.cookie, 'data-email': me.user.email },
    });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toContain('application/x-ndjson');
    const streamedLines = (await raw.text()).trim().split('\n');
    // A client that accepts gzip gets the stored file as it is: the same lines, a tenth of the bytes.
    const zipped = await api.app.request(`/api/backups/${made.id}/stream-data`, {
      headers: { cookie: c.cookie, 'accept-encoding': 'gzip, deflate' },
    });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(
      gunzipSync(Buffer.from(await zipped.arrayBuffer()))
        .toString('utf8')
        .trim()
        .split('\n'),
    ).toEqual(streamedLines);
    expect(streamedLines.map((l) => JSON.parse(l).entity._id).sort()).toEqual(
      lines.map((l) => JSON.parse(l).entity._id).sort(),
    );
  });

  it('runs nightly once a day per account, and shows Core accounts only the backups people started', async () => {
    const c = api.client();
    const me = (await c.signup('nightly@example.com')).json;
    const accountId = me.account.accountId as string;
    await business(c);
    const files = { s3: s3Client, bucket: BUCKETS.backups };
    const night = () => new Date('2026-11-25T02:00:00.000Z');
    const first = await runNightlyBackup({ db: api.db, files, now: night });
    expect(first.map((w) => w.accountId)).toContain(accountId);
    const again = await runNightlyBackup({
      db: api.db,
      files,
      now: () => new Date('2026-11-25T02:30:00.000Z'),
    });
    expect(again.map((w) => w.accountId)).not.toContain(accountId);
    const manual = (await c.post('/backups')).json as BackupManifest;
    const auto = first.find((w) => w.accountId === accountId)!.id;

    // A trial is Ultimate: every backup.
    expect(((await c.get('/backups')).json as { id: string }[]).map((b) => b.id).sort()).toEqual(
      [auto, manual.id].sort(),
    );
    // At Core: only those people started; the nightly one cannot be fetched either.
    expect((await c.post('/account/subscription', { level: 'Core' })).status).toBe(200);
    api.advance(5_000);
    expect(((await c.get('/backups')).json as { id: string }[]).map((b) => b.id)).toEqual([manual.id]);
    expect((await c.get(`/backups/${auto}`)).json.code).toBe('backups.not-found');
    expect((await c.post(`/backups/${auto}/restore`)).status).toBe(404);
    // Developer mode sees them all again.
    await c.patch('/me', { developerMode: true });
    api.advance(5_000);
    expect(((await c.get('/backups')).json as { id: string }[]).map((b) => b.id).sort()).toEqual(
      [auto, manual.id].sort(),
    );
  });
});
