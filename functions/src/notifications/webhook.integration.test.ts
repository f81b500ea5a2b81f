import { type Actor, type Audit, Credits, Notifications } from '@roundwise/core';
import { type Db, DynamoStore, EntityRepository } from '@roundwise/db';
import { createTestDb, type Engine, startEngine } from '@roundwise/db/test-engines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localBilling } from '../adapters/billing.ts';
import { createApp } from '../app.ts';
import { settleBackground } from '../background.ts';
import { runCommand } from '../commands/run-command.ts';
import type { Deps } from '../context.ts';
import { createDeps } from '../create-deps.ts';
import type { Mail } from '../deps.ts';
import { sign } from './webhook.ts';

/**
 * Provider callbacks through `POST /api/notifications/webhook` over dynalite: the signature, one
 * application per event id, events out of order, and the credits of a failed attempt given back
 * once (then paid again by a retry).
 */
const SECRET = 'test-webhook-secret';
let engine: Engine;
let db: Db;
let deps: Deps;
let app: ReturnType<typeof createApp>;
const mails: (Mail & { id?: string })[] = [];
const actor: Actor = {
  userId: 'u1',
  email: 'owner@example.com',
  accountId: 'acc1',
  roles: ['Owner'],
  level: 'Ultimate',
  subscription: 'subscribed',
  flags: [],
  developerMode: false,
  emailVerified: true,
  settings: {},
};

beforeAll(async () => {
  engine = await startEngine('dynalite');
  db = await createTestDb(engine);
  const appDeps = {
    db,
    mailer: { send: async (m: Mail & { id?: string }) => void mails.push(m) },
    billing: localBilling,
    publicUrl: 'http://localhost:3000',
    secureCookies: false,
    webhookSecret: SECRET,
  };
  deps = createDeps(appDeps);
  app = createApp(appDeps, deps);
  await deps.auth.putAccount({
    accountId: 'acc1',
    businessName: 'Olive Windows',
    dataEmail: 'owner@example.com',
    dataOwnerName: 'Olive',
    level: 'Ultimate',
    subscription: 'subscribed',
    flags: [],
    settings: (await import('@roundwise/core')).AccountSettings.parse({}),
    createdDate: new Date().toISOString(),
  });
  await new EntityRepository(db, 'acc1').put(
    'customer',
    {
      _id: 'c1',
      _version: 1,
      _updatedAt: new Date().toISOString(),
      name: 'Ann',
      email: 'ann@example.com',
      telephoneNumber: '',
      contactMethods: ['email'],
    },
    null,
  );
}, 60_000);

afterAll(async () => {
  await engine?.stop();
});

const post = (events: unknown[], secret = SECRET) => {
  const body = JSON.stringify(events);
  return app.request('/api/notifications/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-roundwise-signature': sign(secret, body) },
    body,
  });
};
const read = (id: string) =>
  new EntityRepository(db, 'acc1').get<Notifications.Notification>('notification', id);
const balance = async () =>
  (await Credits.readBalance(new DynamoStore(new EntityRepository(db, 'acc1'), () => new Date()))).balance;

async function sendEmail(commandId: string) {
  const answer = await runCommand(deps, actor, 'notifications.send', commandId, {
    customerId: 'c1',
    type: 'Email',
    content: 'Hello',
  });
  await settleBackground(); // the in-process effect queue delivers after the reply
  const n = (answer.body as { result: Notifications.Notification }).result;
  return { id: n._id, key: Notifications.deliveryId('acc1', n) };
}
/** A provider's event time, `s` seconds after now (after our own `sent` record). */
const at = (s: number) => new Date(Date.now() + s * 1000).toISOString();

describe('the provider webhook', () => {
  it('refuses a wrong signature (401) and changes nothing', async () => {
    const { id, key } = await sendEmail('01JWEBHOOK000000000000000A');
    const refused = await post(
      [{ event: 'bounce', eventId: 'e0', deliveryId: key, timestamp: at(1) }],
      'not-the-secret',
    );
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'notification.webhook-signature-invalid' });
    expect((await read(id))?.status).toBe('sent');
  });

  it('applies each event once, whatever order they come in', async () => {
    const { id, key } = await sendEmail('01JWEBHOOK000000000000000B');
    const open = { event: 'open', eventId: 'e-open', deliveryId: key, timestamp: at(30) };
    const delivered = { event: 'delivered', eventId: 'e-delivered', deliveryId: key, timestamp: at(20) };
    expect((await post([open])).status).toBe(200);
    expect((await post([delivered, open])).status).toBe(200); // the open again, with its late delivery
    const n = await read(id);
    expect(n?.status).toBe('open');
    expect(Notifications.displayStatus(n?.status)).toBe('opened');
    const history = n?.statusHistory.map((e) => e.status);
    expect(history?.filter((s) => s === 'open')).toHaveLength(1);
    // In time order, whatever the order of arrival.
    expect(history?.slice(-2)).toEqual(['delivered', 'open']);
    // Provider events are in the audit log, with the status each message went to.
    const entries: Audit.AuditEntry[] = [];
    for await (const page of deps.audit.pages('acc1', {})) entries.push(...page.entries);
    const provider = entries.filter((e) => e.action === 'provider.delivery-events');
    expect(provider.length).toBeGreaterThanOrEqual(2);
    expect(provider[0]).toMatchObject({
      createdBy: 'provider',
      subject: { id, resourceType: 'notification' },
    });
    expect(provider[0]?.actionDetailsDescription).toContain('status');
  });

  it('a bounce gives the credit back once; a retry pays again and is a new delivery', async () => {
    const { id, key } = await sendEmail('01JWEBHOOK000000000000000C');
    const before = await balance();
    const bounce = {
      event: 'bounce',
      eventId: 'e-bounce',
      deliveryId: key,
      timestamp: at(40),
      reason: '550 no such user',
    };
    await post([bounce]);
    await post([bounce, { ...bounce, eventId: 'e-bounce-2', event: 'dropped' }]);
    const failed = await read(id);
    expect([Notifications.displayStatus(failed?.status), failed?.refunded]).toEqual(['failed', true]);
    expect(await balance()).toBe(before + 1);

    const sentBefore = mails.length;
    const retried = await runCommand(deps, actor, 'notifications.retry', '01JWEBHOOK000000000000000D', {
      _id: id,
    });
    expect(retried.status).toBe(200);
    await settleBackground();
    expect(await balance()).toBe(before);
    const again = await read(id);
    expect([again?.status, again?.attempt, again?.sent]).toEqual(['sent', 1, true]);
    expect(mails.slice(sentBefore).map((m) => m.id)).toEqual([`ntf.acc1.${id}.1`]);
    // A late event of the first attempt does not touch the second.
    await post([{ event: 'delivered', eventId: 'e-late', deliveryId: key, timestamp: at(50) }]);
    expect((await read(id))?.status).toBe('sent');
  });

  it('a message only moves forward: a delivered, sent or deferred one is not retried or cancelled', async () => {
    const { id, key } = await sendEmail('01JWEBHOOK000000000000000F');
    const deferred = await sendEmail('01JWEBHOOK000000000000000G');
    await post([
      { event: 'delivered', eventId: 'f-delivered', deliveryId: key, timestamp: at(20) },
      // Deferred: the provider still tries; it may yet deliver under this attempt.
      { event: 'deferred', eventId: 'f-deferred', deliveryId: deferred.key, timestamp: at(20) },
    ]);
    const before = await balance();
    const sentBefore = mails.length;
    const historyOf = async (n: string) => (await read(n))?.statusHistory.map((e) => e.status);
    const [delivered, later] = [await historyOf(id), await historyOf(deferred.id)];
    expect(delivered).toEqual(['pending', 'sent', 'delivered']);
    expect(later).toEqual(['pending', 'sent', 'deferred']);
    let n = 0;
    for (const [verb, input, code] of [
      ['notifications.retry', { _id: id }, 'notification.only-failed-can-retry'],
      ['notifications.retry', { _id: deferred.id }, 'notification.only-failed-can-retry'],
      ['notifications.cancel', { ids: [id] }, 'failed.to-cancel'],
      ['notifications.cancel', { ids: [deferred.id] }, 'failed.to-cancel'],
    ] as const) {
      const answer = await runCommand(deps, actor, verb, `01JWEBHOOKFORWARD00000000${n++}`, input);
      expect([verb, answer.status, (answer.body as { code?: string }).code]).toEqual([verb, 400, code]);
    }
    // The same send again (another command id) changes nothing either.
    const resent = await runCommand(deps, actor, 'notifications.send', '01JWEBHOOKFORWARD00000000X', {
      _id: id,
      customerId: 'c1',
      type: 'Email',
      content: 'Hello',
    });
    expect(resent.status).toBe(200);
    await settleBackground();
    expect([await historyOf(id), await historyOf(deferred.id)]).toEqual([delivered, later]);
    expect(mails.length).toBe(sentBefore);
    expect(await balance()).toBe(before);
    // The deferred one delivered after all: it moves on, under its one attempt.
    await post([{ event: 'delivered', eventId: 'f-late', deliveryId: deferred.key, timestamp: at(60) }]);
    expect((await read(deferred.id))?.status).toBe('delivered');
  });

  it('a repeated delivery of the send effect does not send again', async () => {
    const { id } = await sendEmail('01JWEBHOOK000000000000000E');
    const count = mails.filter((m) => m.id === `ntf.acc1.${id}.0`).length;
    // The same effect delivered a second time (a queue redelivery after a lost acknowledgement).
    const { effectHandler } = await import('../effects/registry.ts');
    await effectHandler(Notifications.SEND_EFFECT)?.(deps, {
      id: 'again',
      kind: Notifications.SEND_EFFECT,
      payload: { accountId: 'acc1', notificationIds: [id] },
      status: 'pending',
      createdAt: new Date().toISOString(),
      attempts: 1,
    });
    expect(count).toBe(1);
    expect(mails.filter((m) => m.id === `ntf.acc1.${id}.0`)).toHaveLength(1);
  });
});
