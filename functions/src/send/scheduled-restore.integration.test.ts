import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { AccountSettings, type Actor, type Notifications, Send } from '@roundwise/core';
import { type Db, EntityRepository, RestoreJobs } from '@roundwise/db';
import { createTestDb, type Engine, startEngine } from '@roundwise/db/test-engines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUCKETS, type LocalS3, s3ClientOptions, startS3 } from '../../../scripts/local/s3.ts';
import { localBilling } from '../adapters/billing.ts';
import { settleBackground } from '../background.ts';
import { createBackup } from '../backups/create-backup.ts';
import { startRestore } from '../backups/start-restore.ts';
import { runCommand } from '../commands/run-command.ts';
import type { Deps } from '../context.ts';
import { createDeps } from '../create-deps.ts';
import type { Mail } from '../deps.ts';
import { sweepOutbox } from '../effects/sweep.ts';

/**
 * A campaign scheduled for later, a backup taken while it waits, the
 * campaign sent when due; restoring the backup leaves its messages sent (a restore never takes a
 * message's delivery back, docs/backups.md), and nothing sends them again (the campaign stays
 * published).
 */
let engine: Engine;
let db: Db;
let deps: Deps;
let s3: LocalS3;
let s3Client: S3Client;
let dir: string;
let offsetMs = 0;
const mails: Mail[] = [];
const now = () => new Date(Date.now() + offsetMs);
const actor: Actor = {
  userId: 'u1',
  email: 'owner@example.com',
  accountId: 'acc-restore',
  roles: ['Owner'],
  level: 'Ultimate',
  subscription: 'subscribed',
  flags: ['send'],
  developerMode: false,
  emailVerified: true,
  settings: {},
};
let seq = 0;
const run = async (name: string, input: unknown) => {
  const answer = await runCommand(deps, actor, name, `01JRESTORE${String(++seq).padStart(16, '0')}`, input);
  await settleBackground();
  return answer;
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'roundwise-send-restore-'));
  s3 = await startS3(dir);
  s3Client = new S3Client(s3ClientOptions(s3.endpoint));
  engine = await startEngine('dynalite');
  db = await createTestDb(engine);
  deps = createDeps({
    db,
    mailer: { send: async (m) => void mails.push(m) },
    billing: localBilling,
    publicUrl: 'http://localhost:3000',
    secureCookies: false,
    clock: now,
    backups: { s3: s3Client, bucket: BUCKETS.backups },
  });
  await deps.auth.putAccount({
    accountId: actor.accountId,
    businessName: 'Olive Windows',
    dataEmail: actor.email,
    dataOwnerName: 'Olive',
    level: 'Ultimate',
    subscription: 'subscribed',
    flags: ['send'],
    settings: AccountSettings.parse({}),
    createdDate: now().toISOString(),
  });
}, 60_000);

afterAll(async () => {
  await engine?.stop();
  s3Client?.destroy();
  await s3?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('a backup restored after a scheduled campaign went', () => {
  it('does not send the campaign again', async () => {
    for (const name of ['ann', 'bob']) {
      const created = await run('customers.create', {
        _id: name,
        name,
        email: `${name}@example.com`,
        marketingAccepted: true,
        tags: ['spring'],
      });
      expect(created.status).toBe(200);
    }
    await run('templates.create', { _id: 'tpl', name: 'Spring', subject: 'Spring offer' });
    await run('send.create-audience', {
      _id: 'aud',
      name: 'Spring',
      filterGroups: [[{ id: 'f', field: 'tags', label: 'Tags', operator: 'Contains', value: 'spring' }]],
    });
    await run('send.create-campaign', {
      _id: 'cmp',
      name: 'Spring',
      description: 'Offer',
      audiences: ['aud'],
      deliveryMethods: ['Email'],
      templateId: 'tpl',
    });
    const inAnHour = Math.floor(now().getTime() / 1000) + 3600;
    expect((await run('send.publish', { _id: 'cmp', sendAtSecondsTimestamp: inAnHour })).status).toBe(200);
    await sweepOutbox(deps, 0);
    await settleBackground();
    expect(mails).toHaveLength(0); // not due yet

    const files = { s3: s3Client, bucket: BUCKETS.backups };
    const backup = await createBackup({ db, files, accountId: actor.accountId, initiator: 'manual', now });

    offsetMs += 2 * 3_600_000; // the campaign's time comes: the due effect sends it
    await sweepOutbox(deps, 0);
    await settleBackground();
    expect(mails.map((m) => m.to).sort()).toEqual(['ann@example.com', 'bob@example.com']);

    offsetMs += 60_000;
    // The restore runs as the queue worker runs it (here, in this process).
    const job = await startRestore(deps, files, actor, backup.id, async () => {});
    await settleBackground();
    expect((await new RestoreJobs(db).get(actor.accountId, job.jobId))?.state).toBe('done');
    const repo = new EntityRepository(db, actor.accountId);
    const restored = await repo.get<Notifications.Notification>(
      'notification',
      Send.campaignNotificationId('cmp', 'ann', 'Email'),
    );
    expect(restored?.status).toBe('sent'); // as it went, not as it was in the backup

    // The schedules run on; the campaign is published in the backup, so it cannot be published again.
    for (let i = 0; i < 3; i++) {
      offsetMs += 5 * 60_000;
      await sweepOutbox(deps, 0);
      await settleBackground();
    }
    expect((await run('send.publish', { _id: 'cmp' })).body).toMatchObject({
      code: 'campaigns.errors-already-published',
    });
    expect(mails).toHaveLength(2);
  }, 60_000);
});
