import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Notifications } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countOf, kill, type Running, startChild } from './child-runtime.ts';
import { type Api, addCustomers, mailsIn, signIn, signUpVerified, until } from './messaging-fixture.ts';
import { type LocalRuntime, startLocal } from './runtime.ts';

/**
 * A bulk email to 2,000 customers with the runtime SIGKILLed twice during
 * the run and restarted; and an SMS provider that answers 500 or never answers for 10% of sends.
 */
const MINUTE = 60_000;

let dataDir: string;
let running: Running | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'roundwise-msg-kill-'));
  await mkdir(join(dataDir, 'web'), { recursive: true });
  await writeFile(join(dataDir, 'web', 'index.html'), '<!doctype html><title>Roundwise</title>');
});

afterAll(async () => {
  if (running) await kill(running);
  await rm(dataDir, { recursive: true, force: true });
});

describe('bulk email to 2,000 customers, the runtime killed twice', () => {
  it('every customer with an email gets exactly one message, credits are debited once each, the counts are right', async () => {
    running = await startChild(dataDir, 0);
    let api: Api = await signUpVerified(running.url, running.db, 'bulk@example.com');
    const customers = await addCustomers(running.db, api.accountId, 2000, 10);
    const withEmail = customers.filter((c) => c.email !== '');
    expect(withEmail).toHaveLength(1800);
    const bought = await api.send('POST', '/customer/purchase-sms-credits', {
      amount: 5000,
      purchaseId: 'bulk-kill-credits',
    });
    const before = bought.json.credits as number;

    const input = {
      bulkId: 'bulk-kill-1',
      customerIds: customers.map((c) => c._id),
      content: 'Spring clean offer',
    };
    const commandId = '01JBULKKILL000000000000001';
    // Kill 1: while the command is being written (it writes in parts of 99): as soon as some of
    // its messages are in the table and not all.
    let answered = false;
    void api.command('notifications.send-bulk', input, commandId).then(
      () => {
        answered = true;
      },
      () => {},
    );
    const storedCount = () => countOf(running!.db, api.accountId, 'notification');
    await until(async () => answered || (await storedCount()) > 0, 30_000, 'the first part');
    const partWritten = await storedCount();
    await kill(running);
    expect(answered).toBe(false);
    expect(partWritten).toBeGreaterThan(0);
    expect(partWritten).toBeLessThan(1800);

    // Restarted: the client replays the command until it is answered.
    running = await startChild(dataDir, MINUTE);
    api = await signIn(running.url, api.cookie);
    let answer = await api.command('notifications.send-bulk', input, commandId);
    for (let i = 0; i < 100 && answer.status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      answer = await api.command('notifications.send-bulk', input, commandId);
    }
    expect(answer.status).toBe(200);
    expect(answer.json.result).toEqual({
      bulkId: 'bulk-kill-1',
      total: 2000,
      queued: 1800,
      skipped: 200,
      skippedBecause: { 'notification.customer-no-contact-methods': 200 },
    });

    // Kill 2: in the middle of the delivery.
    const mailDir = running.mailDir;
    const sentSoFar = async () => (await mailsIn(mailDir)).filter((m) => m.key).length;
    await until(async () => (await sentSoFar()) >= 300, 60_000, '300 mails');
    expect(await sentSoFar()).toBeLessThan(1800);
    await kill(running);

    running = await startChild(dataDir, 3 * MINUTE);
    api = await signIn(running.url, api.cookie);
    const again = await api.command('notifications.send-bulk', input, commandId);
    expect(again.json).toEqual(answer.json);
    // Messages to customers (the sign-up's verification mail is in the sink too).
    const toCustomers = async () => (await mailsIn(mailDir)).filter((m) => m.key);
    await until(async () => (await toCustomers()).length >= 1800, 90_000, 'every mail');
    // Let anything still under way finish, then count.
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    const mails = await toCustomers();
    const perAddress = new Map<string, number>();
    for (const m of mails) perAddress.set(m.to, (perAddress.get(m.to) ?? 0) + 1);
    expect([...perAddress.entries()].filter(([, n]) => n > 1)).toEqual([]);
    expect([...perAddress.keys()].sort()).toEqual(withEmail.map((c) => c.email).sort());
    expect(mails).toHaveLength(1800);

    const stored = (
      await new EntityRepository(running.db, api.accountId).list<Notifications.Notification>('notification')
    ).filter((n) => n.bulkId === 'bulk-kill-1');
    expect(stored).toHaveLength(1800);
    expect(stored.every((n) => n.sent)).toBe(true);
    expect((await api.get('/customer/squeegee-credits')).json.squeegeeCredits).toBe(before - 1800);
  }, 240_000);
});

describe('an SMS provider failing 10% of sends', () => {
  let runtime: LocalRuntime;
  afterAll(async () => runtime?.stop());

  it('retries with backoff and sends each message exactly once', async () => {
    runtime = await startLocal({
      port: 0,
      dataDir: join(dataDir, 'flaky'),
      webDir: join(dataDir, 'web'),
      quiet: true,
      seed: false,
      schedules: false,
      // Time enough for a loaded machine to reach the provider: a call cut off before the provider
      // reads it is not a lost answer, and its retry may come after the delivery report (no repeat).
      sms: { failRate: 0.05, timeoutRate: 0.05, timeoutMs: 2_000 },
    });
    const api = await signUpVerified(runtime.url, runtime.db, 'flaky@example.com');
    await addCustomers(runtime.db, api.accountId, 200);
    await api.send('POST', '/customer/purchase-sms-credits', { amount: 1000, purchaseId: 'flaky-credits' });
    const ids: string[] = [];
    for (let i = 0; i < 200; i++) {
      const sent = await api.command('notifications.send', {
        customerId: `cust${String(i).padStart(5, '0')}`,
        type: 'SMS',
        content: `Hello ${i}`,
      });
      expect(sent.status).toBe(200);
      ids.push(sent.json.result._id);
    }
    const repo = new EntityRepository(runtime.db, api.accountId);
    await until(
      async () =>
        (await repo.list<Notifications.Notification>('notification')).filter((n) => n.sent).length === 200,
      60_000,
      'every SMS sent',
    );
    const messages = runtime.sms.messages();
    expect(messages).toHaveLength(200);
    expect(new Set(messages.map((m) => m.key)).size).toBe(200);
    expect(new Set(messages.map((m) => m.to)).size).toBe(200);
    // Lost answers were tried again and recognised by their key, not sent twice.
    expect(runtime.sms.duplicates()).toBeGreaterThan(0);
  }, 120_000);
});
