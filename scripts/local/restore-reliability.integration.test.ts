import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Change } from '@roundwise/core';
import { AuditLog, EntityRepository, Outbox, RestoreJobs } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentHash } from '../../functions/src/backups/content-hash.ts';
import { readAccount } from '../../functions/src/backups/read-account.ts';
import { kill, type Running, startChild } from './child-runtime.ts';
import { type Api, addCustomers, mailsIn, signIn, signUpVerified, until } from './messaging-fixture.ts';

/**
 * A restore on the queue worker: the runtime SIGKILLed while the restore is writing, and
 * restarted. The restore goes on from where its job stands and finishes; the account then equals
 * the backup by count per type and by hash, every planned record written exactly once, one backup
 * of the state before, one audit entry, and nothing sent to anyone.
 */
const MINUTE = 60_000;
const CUSTOMERS = 5_000;

let dataDir: string;
let running: Running | undefined;

/** The account as the runtime holds it, read on the runtime's clock: counts per type and hash. */
async function accountOf(r: Running, accountId: string) {
  const state = await readAccount(
    new EntityRepository(r.db, accountId),
    () => new Date(Date.now() + r.offsetMs),
  );
  return contentHash(state.values());
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'roundwise-restore-kill-'));
  await mkdir(join(dataDir, 'web'), { recursive: true });
  await writeFile(join(dataDir, 'web', 'index.html'), '<!doctype html><title>Roundwise</title>');
});

afterAll(async () => {
  if (running) await kill(running);
  await rm(dataDir, { recursive: true, force: true });
});

describe('a restore of 5,000 changed customers, the runtime killed while it writes', () => {
  it('finishes after the restart: the account equals the backup, each record written once, one backup before, one audit entry, nothing sent', async () => {
    running = await startChild(dataDir, 0);
    let api: Api = await signUpVerified(running.url, running.db, 'restore-kill@example.com');
    const { accountId } = api;
    const customers = await addCustomers(running.db, accountId, CUSTOMERS);
    const made = await api.send('POST', '/backups', {});
    expect(made.status).toBe(201);
    const atBackup = await accountOf(running, accountId);
    expect(atBackup.counts.customer).toBe(CUSTOMERS);

    // After the backup: every customer renamed, and 50 new ones (which the restore deletes).
    const repo = new EntityRepository(running.db, accountId);
    const stamp = new Date().toISOString();
    const changed: Change[] = (await repo.list('customer')).map((c) => ({
      type: 'customer',
      entity: { ...c, _version: c._version + 1, _updatedAt: stamp, name: `${c.name} (renamed)` },
    }));
    const added: Change[] = Array.from({ length: 50 }, (_, i) => ({
      type: 'customer',
      entity: { _id: `new${i}`, _version: 1, _updatedAt: stamp, name: `New ${i}`, state: 'active' },
    }));
    await repo.batchPut([...changed, ...added], { concurrency: 8 });
    expect((await accountOf(running, accountId)).hash).not.toBe(atBackup.hash);
    const mailsBefore = (await mailsIn(running.mailDir)).length;

    const started = await api.send('POST', `/backups/${made.json.id}/restore`, {});
    expect(started.status).toBe(202);
    const jobId = started.json.id as string;
    // A second restore while this one runs is refused, and records nothing.
    const second = await api.send('POST', `/backups/${made.json.id}/restore`, {});
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({ code: 'backups.restore-running', params: { jobId } });

    // Killed once part of the plan is written and not all of it.
    const jobs = () => new RestoreJobs(running!.db);
    let partWay = await jobs().get(accountId, jobId);
    await until(
      async () => {
        partWay = await jobs().get(accountId, jobId);
        return (partWay?.done ?? 0) > 0;
      },
      60_000,
      'the first chunk',
    );
    await kill(running);
    const killedAt = Date.now();
    expect(partWay?.state).toBe('running');
    expect(partWay?.done).toBeLessThan(partWay?.total ?? 0);

    running = await startChild(dataDir, 2 * MINUTE);
    api = await signIn(running.url, api.cookie);

    // The screen follows the job to its end.
    let job = (await api.get(`/backups/restores/${jobId}`)).json;
    await until(
      async () => {
        job = (await api.get(`/backups/restores/${jobId}`)).json;
        return job.state === 'done' || job.state === 'failed';
      },
      120_000,
      'the restore to end',
    );
    expect(job).toMatchObject({ state: 'done', error: null, total: CUSTOMERS + 50, done: CUSTOMERS + 50 });
    expect(job.written + job.deleted).toBe(CUSTOMERS + 50);
    expect(job.deleted).toBe(50);
    // Every planned record written exactly once, none twice after the restart, none skipped: each
    // customer is at version 3 (made, renamed, restored), each new one deleted at version 2.
    const stored = await new EntityRepository(running.db, accountId).getManyRaw('customer', [
      ...customers.map((c) => c._id),
      ...added.map((c) => c.entity._id),
    ]);
    const versions: Record<string, number> = {};
    for (const c of stored) {
      const key = `${c._deleted ? 'deleted' : 'live'} v${c._version}`;
      versions[key] = (versions[key] ?? 0) + 1;
    }
    expect(versions).toEqual({
      'live v3': CUSTOMERS,
      'deleted v2': 50,
    });
    // It ended in the restarted runtime (whose clock is two minutes ahead), not before the kill.
    expect(Date.parse((await jobs().get(accountId, jobId))!.updatedAt)).toBeGreaterThan(killedAt + MINUTE);

    const after = await accountOf(running, accountId);
    expect(after.counts).toEqual(atBackup.counts);
    expect(after.hash).toBe(atBackup.hash);
    const restored = await new EntityRepository(running.db, accountId).get('customer', customers[0]!._id);
    expect(restored?.name).toBe('Customer 0');

    // One backup of the state before, listed; one audit entry; the account free for another restore.
    const list = (await api.get('/backups')).json as { id: string; initiatorTask: string }[];
    expect(list.filter((b) => b.initiatorTask === 'restore-backup').map((b) => b.id)).toEqual([job.before]);
    const actions: string[] = [];
    for await (const page of new AuditLog(running.db).pages(accountId, {})) {
      actions.push(...page.entries.map((e) => e.action));
    }
    expect(actions.filter((a) => a === 'backups.restore')).toHaveLength(1);
    expect(await jobs().running(accountId)).toBeUndefined();

    // Nothing outside: no mail went, no effect waits to go.
    expect((await mailsIn(running.mailDir)).length).toBe(mailsBefore);
    const pending = await new Outbox(running.db).pending(new Date(Date.now() + 10 * MINUTE), 100);
    expect(pending.ids).toEqual([]);
  }, 300_000);
});
