import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Credits } from '@roundwise/core';
import { MessageLinks } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '../../functions/src/notifications/webhook.ts';
import { type Api, addCustomers, mailsIn, signIn, signUpVerified, until } from './messaging-fixture.ts';
import { type LocalRuntime, startLocal } from './runtime.ts';

/**
 * Messaging end to end on the real local runtime: commands, the outbox, fauxqs and the queue
 * worker, nodemailer to the SMTP sink, the HTTP SMS sink, and the sinks' signed callbacks.
 */
let dataDir: string;
let runtime: LocalRuntime;
let api: Api;
const start = () => startLocal({ port: 0, dataDir, webDir: join(dataDir, 'web'), quiet: true, seed: false });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'roundwise-msg-'));
  await mkdir(join(dataDir, 'web'), { recursive: true });
  await writeFile(join(dataDir, 'web', 'index.html'), '<!doctype html><title>Roundwise</title>');
  runtime = await start();
  api = await signUpVerified(runtime.url, runtime.db, 'olive@example.com');
  await addCustomers(runtime.db, api.accountId, 5);
}, 60_000);

afterAll(async () => {
  await runtime?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const get = async (id: string) => (await api.get(`/notifications/get/${id}`)).json.notification;
const balance = async () => (await api.get('/customer/squeegee-credits')).json.squeegeeCredits as number;
const statusOf = (id: string) => async () => (await get(id)).status as string;

describe('sending', () => {
  it('an email goes to the SMTP sink once with its delivery id, and its status goes to delivered', async () => {
    const before = await balance();
    const sent = await api.command('notifications.send', {
      customerId: 'cust00000',
      type: 'Email',
      subject: 'Tomorrow',
      content: 'We are coming tomorrow.',
    });
    expect(sent.status).toBe(200);
    const id = sent.json.result._id as string;
    await until(async () => (await statusOf(id)()) === 'delivered', 10_000, 'delivered');
    const n = await get(id);
    expect(n.sent).toBe(true);
    expect(n.statusHistory.map((e: { status: string }) => e.status)).toEqual([
      'pending',
      'sent',
      'delivered',
    ]);
    const mails = (await mailsIn(runtime.mailDir)).filter((m) => m.to === 'customer0@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.key).toBe(`ntf.${api.accountId}.${id}.0`);
    expect(await balance()).toBe(before - 1);
    // Its public link (the token delivery made for it) shows it to anyone holding the link,
    // signed in or not; its id is no link.
    const token = (await new MessageLinks(runtime.db).tokensFor(api.accountId, [id])).get(id);
    const link = await fetch(`${runtime.url}/api/go/m/${token}`);
    expect(await link.json()).toMatchObject({
      businessName: 'Olive Windows',
      type: 'Email',
      subject: 'Tomorrow',
      content: 'We are coming tomorrow.',
    });
    expect((await fetch(`${runtime.url}/api/go/m/${id}`)).status).toBe(404);
  });

  it('an SMS goes to the SMS provider with its key, costs one credit a part, and is delivered', async () => {
    const before = await balance();
    const sent = await api.command('notifications.send', {
      customerId: 'cust00001',
      type: 'SMS',
      content: 'x'.repeat(161),
    });
    const id = sent.json.result._id as string;
    await until(async () => (await statusOf(id)()) === 'delivered', 10_000, 'delivered');
    const sms = runtime.sms.messages().filter((m) => m.key === `ntf.${api.accountId}.${id}.0`);
    expect(sms).toHaveLength(1);
    expect(sms[0]?.to).toBe('+447700900001');
    expect(await balance()).toBe(before - 2);
  });

  it('refuses bad input with the spec key and writes nothing', async () => {
    const before = await balance();
    const refused = await api.command('notifications.send', {
      customerId: 'cust00002',
      type: 'Email',
      content: '  ',
    });
    expect([refused.status, refused.json.code]).toEqual([400, 'validation.description-required']);
    expect((await api.get('/notifications/conversation?customerId=cust00002')).json.notifications).toEqual(
      [],
    );
    expect(await balance()).toBe(before);
  });
});

describe('one message, one charge', () => {
  it('a second send of the same message (another commandId) changes nothing and charges nothing', async () => {
    const before = await balance();
    const input = { _id: '01JONEMESSAGE0000000000001', customerId: 'cust00001', type: 'SMS', content: 'Hi' };
    const first = await api.command('notifications.send', input, '01JONEMESSAGECMD0000000001');
    expect(first.status).toBe(200);
    const id = first.json.result._id as string;
    await until(async () => (await statusOf(id)()) === 'delivered', 10_000, 'delivered');
    const again = await api.command('notifications.send', input, '01JONEMESSAGECMD0000000002');
    expect(again.status).toBe(200);
    expect(again.json.result._id).toBe(id);
    // Given time to go out again, were it going to.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const n = await get(id);
    expect(n.status).toBe('delivered');
    expect(n.statusHistory.map((e: { status: string }) => e.status)).toEqual([
      'pending',
      'sent',
      'delivered',
    ]);
    expect(
      runtime.sms.messages().filter((m) => m.key.startsWith(`ntf.${api.accountId}.${id}.`)),
    ).toHaveLength(1);
    expect(await balance()).toBe(before - 1);
  });
});

describe('customers with no contact methods (spec 000 section 2.6)', () => {
  it('get no message: none chosen, or an address given for them, is refused and charges nothing', async () => {
    const quiet = await api.command('customers.create', {
      _id: '01JNOCONTACT00000000000001',
      name: 'No Contact',
      email: 'nocontact@example.com',
      mobileNumber: '07700 900999',
      contactMethods: [],
    });
    expect(quiet.status).toBe(200);
    const before = await balance();
    for (const input of [
      { type: 'Email', content: 'Hi' },
      { type: 'SMS', content: 'Hi' },
      { type: 'Email', content: 'Hi', address: 'nocontact@example.com' },
      { type: 'SMS', content: 'Hi', address: '07700 900999' },
    ]) {
      const refused = await api.command('notifications.send', {
        customerId: '01JNOCONTACT00000000000001',
        ...input,
      });
      expect([refused.status, refused.json.code]).toEqual([400, 'notification.customer-no-contact-methods']);
    }
    // Email only chosen: an SMS is refused too.
    const emailOnly = await api.command('customers.create', {
      _id: '01JNOCONTACT00000000000002',
      name: 'Email Only',
      email: 'emailonly@example.com',
      mobileNumber: '07700 900999',
      contactMethods: ['email'],
    });
    expect(emailOnly.status).toBe(200);
    const sms = await api.command('notifications.send', {
      customerId: '01JNOCONTACT00000000000002',
      type: 'SMS',
      content: 'Hi',
    });
    expect([sms.status, sms.json.code]).toEqual([400, 'notification.customer-no-contact-methods']);
    expect(
      (await api.get('/notifications/conversation?customerId=01JNOCONTACT00000000000001')).json.notifications,
    ).toEqual([]);
    expect(await balance()).toBe(before);
    expect(runtime.sms.messages().filter((m) => m.to.replace(/\s/g, '').endsWith('900999'))).toEqual([]);
  });

  it('a bulk email skips them too, with the reason, and sends only to those who chose email', async () => {
    for (const [_id, contactMethods] of [
      ['01JBULKNOCONTACT0000000001', []],
      ['01JBULKNOCONTACT0000000002', ['sms']],
    ] as const) {
      const created = await api.command('customers.create', {
        _id,
        name: `Bulk ${_id.slice(-1)}`,
        email: `bulk${_id.slice(-1)}@example.com`,
        mobileNumber: '07700 900888',
        contactMethods,
      });
      expect(created.status).toBe(200);
    }
    const before = await balance();
    const sent = await api.command('notifications.send-bulk', {
      bulkId: '01JBULKNOCONTACTBULK000001',
      customerIds: ['01JBULKNOCONTACT0000000001', '01JBULKNOCONTACT0000000002', 'cust00001'],
      subject: 'News',
      content: 'Bulk news',
    });
    expect(sent.status).toBe(200);
    expect(sent.json.result).toMatchObject({ total: 3, queued: 1, skipped: 2 });
    expect(sent.json.result.skippedBecause).toEqual({ 'notification.customer-no-contact-methods': 2 });
    expect(await balance()).toBe(before - 1);
    for (const customerId of ['01JBULKNOCONTACT0000000001', '01JBULKNOCONTACT0000000002']) {
      expect(
        (await api.get(`/notifications/conversation?customerId=${customerId}`)).json.notifications,
      ).toEqual([]);
    }
    // Only the one who may be emailed: refused outright when none may.
    const none = await api.command('notifications.send-bulk', {
      bulkId: '01JBULKNOCONTACTBULK000002',
      customerIds: ['01JBULKNOCONTACT0000000001'],
      content: 'Bulk news',
    });
    expect([none.status, none.json.code]).toEqual([400, 'notification.no-customers-with-email-selected']);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const mails = await mailsIn(runtime.mailDir);
    expect(mails.filter((m) => /bulk[12]@example\.com/.test(m.to))).toEqual([]);
  });
});

describe('the provider webhook', () => {
  const post = (body: string, signature?: string) =>
    fetch(`${runtime.url}/api/notifications/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'x-roundwise-signature': signature } : {}),
      },
      body,
    });
  /** A signed callback, as the runtime's sinks sign them (the test reads the secret's effect only). */
  const secretPost = async (events: unknown[]) => {
    // The runtime's secret is its own; post through the sinks' path instead: sign with a wrong
    // secret must fail, so the test signs nothing it should not.
    return post(JSON.stringify(events), sign('wrong-secret', JSON.stringify(events)));
  };

  it('refuses an unsigned or wrongly signed callback and changes nothing', async () => {
    const sent = await api.command('notifications.send', {
      customerId: 'cust00002',
      type: 'Email',
      content: 'Hi',
    });
    const id = sent.json.result._id as string;
    await until(async () => (await statusOf(id)()) === 'delivered');
    const events = [
      {
        event: 'bounce',
        eventId: 'evil-1',
        deliveryId: `ntf.${api.accountId}.${id}.0`,
        timestamp: new Date().toISOString(),
      },
    ];
    expect((await post(JSON.stringify(events))).status).toBe(401);
    expect((await secretPost(events)).status).toBe(401);
    expect(await statusOf(id)()).toBe('delivered');
  });
});

describe('replies, the inbox and read state', () => {
  it('a customer replies by SMS: it lands unread in the inbox and in their thread', async () => {
    const sent = await api.command('notifications.send', {
      customerId: 'cust00003',
      type: 'SMS',
      content: 'Coming Friday?',
    });
    const id = sent.json.result._id as string;
    await until(async () => (await get(id)).sent === true);
    const reply = await api.send('POST', '/dev/reply', { notificationId: id, text: 'Yes please' });
    expect(reply.status).toBe(200);
    await until(
      async () => (await api.get('/notifications/unread_count')).json.count === 1,
      10_000,
      'the reply',
    );
    const inbox = (await api.get('/notifications?inbound=true')).json;
    expect(inbox.success).toBe(true);
    expect(inbox.notifications).toHaveLength(1);
    expect(inbox.notifications[0]).toMatchObject({
      type: 'SMSReply',
      customerId: 'cust00003',
      unread: true,
      message: 'Yes please',
    });
    const thread = (await api.get('/notifications/conversation?customerId=cust00003&take=30&skip=0')).json
      .notifications;
    expect(thread.map((n: { type: string }) => n.type)).toEqual(['SMSReply', 'SMS']);
    // The oldest-notification lookup names the thread's first message (the SMS sent).
    const oldest = (await api.get('/notifications/oldest?customerId=cust00003')).json.notification;
    expect(oldest._id).toBe(thread[1]._id);
    expect((await api.get('/notifications/unread_count/cust00003')).json.count).toBe(1);
    const read = await api.send(
      'POST',
      '/notifications/mark_as_read',
      { notificationIds: [inbox.notifications[0]._id] },
      { 'idempotency-key': 'mark-read-call-1' },
    );
    expect(read.json).toEqual({ success: true });
    expect((await api.get('/notifications/unread_count')).json.count).toBe(0);
  });

  it('a reply by email too', async () => {
    const sent = await api.command('notifications.send', {
      customerId: 'cust00004',
      type: 'Email',
      subject: 'Quote',
      content: 'Here it is',
    });
    const id = sent.json.result._id as string;
    await until(async () => (await get(id)).sent === true);
    await api.send('POST', '/dev/reply', { notificationId: id, text: 'Thanks!' });
    await until(
      async () =>
        (await api.get('/notifications?inbound=true&unreadOnly=true')).json.notifications.length === 1,
    );
    const [reply] = (await api.get('/notifications?inbound=true&unreadOnly=true')).json.notifications;
    expect(reply).toMatchObject({ type: 'EmailReply', subject: 'Re: Quote', relatedItemId: id });
  });
});

describe('scheduled messages', () => {
  it('cancel while in the future gives the credit back; a due one is sent, also after a restart', async () => {
    const before = await balance();
    const later = Math.floor(Date.now() / 1000) + 3600;
    const a = await api.command('notifications.send', {
      customerId: 'cust00000',
      type: 'Email',
      content: 'Later',
      sendAtSecondsTimestamp: later,
    });
    expect(a.json.result.status).toBe('scheduled');
    expect(await balance()).toBe(before - 1);
    const cancelCall = { 'idempotency-key': 'cancel-call-1' };
    const keyless = await api.send('PUT', '/notifications/schedule/cancel', {
      notifications: [a.json.result._id],
    });
    expect([keyless.status, keyless.json.code]).toEqual([400, 'general.validation-failed']);
    expect(await statusOf(a.json.result._id)()).toBe('scheduled');
    const cancelled = await api.send(
      'PUT',
      '/notifications/schedule/cancel',
      { notifications: [a.json.result._id] },
      cancelCall,
    );
    expect(cancelled.json).toEqual({ success: true });
    // Retried (the answer was lost): the same call, answered as before, no second refund.
    const again = await api.send(
      'PUT',
      '/notifications/schedule/cancel',
      { notifications: [a.json.result._id] },
      cancelCall,
    );
    expect(again.json).toEqual({ success: true });
    expect(await statusOf(a.json.result._id)()).toBe('cancelled');
    expect(await balance()).toBe(before);

    // Due after the restart below, however long that takes on a busy machine.
    const soon = Math.floor(Date.now() / 1000) + 10;
    const b = await api.command('notifications.send', {
      customerId: 'cust00001',
      type: 'Email',
      content: 'Soon',
      sendAtSecondsTimestamp: soon,
    });
    const id = b.json.result._id as string;
    // Restarted before it is due: the message waits in the table, not in a timer.
    await runtime.stop();
    runtime = await start();
    api = await signIn(runtime.url, api.cookie);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await statusOf(id)()).toBe('scheduled');
    // Its time comes: the every-minute schedule sends it (run at once here).
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, soon * 1000 - Date.now() + 250)));
    await runtime.schedules?.trigger('outbox-due');
    await until(async () => (await get(id)).sent === true, 10_000, 'the scheduled send');
    const tooLate = await api.send(
      'PUT',
      '/notifications/schedule/cancel',
      { notifications: [id] },
      { 'idempotency-key': 'cancel-call-2' },
    );
    expect([tooLate.status, tooLate.json.code]).toEqual([400, 'failed.to-cancel']);
  }, 30_000);
});

describe('credits', () => {
  it('prices a quantity and refuses one out of range', async () => {
    const price = await api.get('/customer/squeegee-credit-pricing?quantity=1000');
    expect(price.json).toMatchObject({
      amount: Credits.CREDIT_PRICE.amount,
      taxPercentage: Credits.CREDIT_PRICE.taxPercentage,
    });
    for (const [q, code, params] of [
      ['99', 'enter.at-least', { min: 100 }],
      ['50000', 'enter.less-than', { max: 50_000 }],
      ['100.5', 'enter.whole-number', {}],
      ['abc', 'enter.whole-number', {}],
      ['', 'enter.whole-number', {}],
    ] as const) {
      const refused = await api.get(`/customer/squeegee-credit-pricing?quantity=${q}`);
      expect([refused.status, refused.json.code, refused.json.params]).toEqual([400, code, params]);
    }
    expect((await api.get('/customer/squeegee-credit-pricing?quantity=49999')).json.total).toBe(
      Credits.purchaseCost(49_999, Credits.CREDIT_PRICE),
    );
  });

  it('a purchase adds the credits once and answers the new total; a retry under its key is the same purchase', async () => {
    const before = await balance();
    const charged = async (purchaseId: string) =>
      (await runtime.billing.charges()).filter((c) => c.key.includes(`-${purchaseId}-`));
    const buy = (amount: number, purchaseId: string) =>
      api.send('POST', '/customer/purchase-sms-credits', { amount, purchaseId });
    const bought = await buy(1000, '01JPURCHASE000000000000001');
    expect(bought.json).toEqual({ success: true, credits: before + 1000, error: null });
    expect(await balance()).toBe(before + 1000);
    // A timeout's retry, and a double tap: the same key is the same purchase, charged once.
    const retries = await Promise.all([1, 2, 3].map(() => buy(1000, '01JPURCHASE000000000000001')));
    expect(retries.map((r) => r.json)).toEqual(retries.map(() => bought.json));
    expect(await charged('01JPURCHASE000000000000001')).toHaveLength(1);
    expect((await charged('01JPURCHASE000000000000001'))[0]).toMatchObject({
      accountId: api.accountId,
      quantity: 1000,
      total: Credits.purchaseCost(1000, Credits.CREDIT_PRICE),
    });
    expect(await balance()).toBe(before + 1000);
    // Another attempt is another key: another purchase.
    const second = await buy(100, '01JPURCHASE000000000000002');
    expect(second.json).toEqual({ success: true, credits: before + 1100, error: null });
    expect(await charged('01JPURCHASE000000000000002')).toHaveLength(1);
    // Without a key, or out of range: refused, nothing charged.
    const charges = (await runtime.billing.charges()).length;
    const keyless = await api.send('POST', '/customer/purchase-sms-credits', { amount: 1000 });
    expect(keyless.status).toBe(400);
    const refused = await buy(50_000, '01JPURCHASE000000000000003');
    expect([refused.status, refused.json.code]).toEqual([400, 'enter.less-than']);
    expect(await balance()).toBe(before + 1100);
    expect(await runtime.billing.charges()).toHaveLength(charges);
    // Each purchase has its entries in the audit log: bought, then paid.
    expect((await api.send('PATCH', '/account', { flags: ['audit'] })).status).toBe(200);
    expect((await api.send('PATCH', '/me', { developerMode: true })).status).toBe(200);
    const audit = await api.send('POST', '/audit/events', { query: '' });
    const actions = (audit.json.items as { action: string; id: string }[])
      .filter((e) => e.action.startsWith('credits.'))
      .map((e) => `${e.action} ${e.id}`);
    expect(actions.sort()).toEqual([
      'credits.purchase 01JPURCHASE000000000000001',
      'credits.purchase 01JPURCHASE000000000000002',
      'credits.settle-purchase 01JPURCHASE000000000000001-settle',
      'credits.settle-purchase 01JPURCHASE000000000000002-settle',
    ]);
  });
});
