import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { Notifications } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailServers, startMailServers } from '../../../scripts/local/mail-servers.ts';
import { sendOne } from '../notifications/send-one.ts';
import { type Client, startTestApi } from '../test-harness.ts';
import type { Outcome } from './receive.ts';
import { startMailboxWorkers } from './worker.ts';

/**
 * Two-way email against real servers: Dovecot (IMAP, IDLE, quota) and an SMTP server with TLS
 * and logins, both with a self-signed certificate the API is told to trust. The business's
 * mailbox is `office@sparkle.test`; the customer's `ann@customer.test`, on the same servers.
 */
const OFFICE = { user: 'office@sparkle.test', pass: 'office-pass-1' };
const ANN = { user: 'ann@customer.test', pass: 'ann-pass-1' };

let dir: string;
let mail: MailServers;
let api: Awaited<ReturnType<typeof startTestApi>>;
let owner: Client;
let accountId: string;
const seen: { outcome: Outcome; uid: number; at: number }[] = [];
/** The Reply-To of the business's first message to Ann (its reply token). */
let replyTo = '';

const imap = (pass = OFFICE.pass) => ({
  auth: { user: OFFICE.user, pass },
  host: mail.imap.host,
  port: mail.imap.port,
  secure: true,
});
const smtp = (pass = OFFICE.pass) => ({ ...imap(pass), port: mail.smtp.port });

async function until<T>(check: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const replies = async (customerId: string) =>
  (
    (await owner.get(`/notifications/conversation?customerId=${customerId}`)).json.notifications as {
      _id: string;
      type: string;
      unread: boolean;
      message: string;
      relatedItemId?: string;
    }[]
  ).filter((n) => n.type === 'EmailReply');

const rawMail = (h: Record<string, string>, body: string) =>
  `${Object.entries(h)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\nDate: Sat, 28 Nov 2026 09:00:00 +0000\r\nContent-Type: text/plain\r\n\r\n${body}\r\n`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'roundwise-mail-'));
  mail = await startMailServers(dir);
  await mail.imap.addUser(OFFICE.user, OFFICE.pass);
  await mail.imap.addUser(ANN.user, ANN.pass);
  api = await startTestApi('dynalite', {
    mailboxSecret: 'test-mailbox-secret',
    localMailServers: { ca: mail.imap.ca },
  });
  owner = api.client();
  const me = await owner.signup('owner@sparkle.test');
  accountId = me.json.account.accountId;
  expect((await owner.call('PATCH', '/account', { flags: ['twoWayEmail'] })).status).toBe(200);
  await new EntityRepository(api.db, accountId).put(
    'customer',
    {
      _id: 'c-ann',
      _version: 1,
      _updatedAt: new Date().toISOString(),
      name: 'Ann',
      email: ANN.user,
      telephoneNumber: '',
      contactMethods: ['email'],
    },
    null,
  );
}, 60_000);

afterAll(async () => {
  await api?.stop();
  await mail?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('connecting the business mailbox (spec 002 sections 2.1, 4 and 7)', () => {
  it('needs the twoWayEmail feature (spec 002 section 6)', async () => {
    const other = api.client();
    await other.signup('owner@no-two-way.test', 'No Two Way');
    const res = await other.post('/email-engine/verify-account', { smtp: smtp() });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('access.feature-required');
  });

  it('auto-configures by address with the TLS ports', async () => {
    const res = await owner.get('/email-engine/get-auto-mail-server-config?email=office%40sparkle.test');
    expect(res.json).toEqual({
      smtp: { server: 'smtp.sparkle.test', port: 465, tls: true },
      imap: { server: 'imap.sparkle.test', port: 993, tls: true },
    });
    expect((await owner.get('/email-engine/get-auto-mail-server-config?email=office')).json.code).toBe(
      'validation.valid-email-required',
    );
  });

  it("answers each server's refusal of a wrong password under user and password, with its text", async () => {
    const res = await owner.post('/email-engine/verify-account', {
      smtp: smtp('wrong'),
      imap: imap('wrong'),
    });
    expect(res.status).toBe(200);
    expect(res.json.smtp).toMatchObject({ success: false, error: 'email-engine.auth-failed' });
    expect(res.json.smtp.responseText).toMatch(/authentication failed/i);
    expect(res.json.imap).toMatchObject({ success: false, error: 'email-engine.auth-failed' });
    expect(res.json.imap.responseText).toMatch(/Authentication failed/);
    expect(res.json.fields.map((f: { key: string }) => f.key).sort()).toEqual([
      'pass',
      'pass',
      'user',
      'user',
    ]);
    expect(res.json.error).toBe('email-engine.auth-failed');
    const port = await owner.post('/email-engine/verify-account', { imap: { ...imap(), port: 1 } });
    expect(port.json.imap.success).toBe(false);
    expect(port.json.fields.map((f: { key: string }) => f.key)).toContain('port');
    const form = await owner.post('/email-engine/verify-account', { imap: { ...imap(), port: 'x' } });
    expect(form.status).toBe(400);
    expect(form.json.code).toBe('email-engine.port-numeric');
  });

  it('stays one-way unless both verify; then two-way, the passwords sealed at rest', async () => {
    const refused = await owner.post('/email-engine/account', { smtp: smtp(), imap: imap('wrong') });
    expect(refused.status).toBe(400);
    expect(refused.json.imap.success).toBe(false);
    expect((await owner.get('/me')).json.account.settings.emailAPI).toBe('squeegee-smtp');
    expect((await owner.get('/email-engine/account')).json.account).toBeNull();

    const ok = await owner.post('/email-engine/account', { smtp: smtp(), imap: imap() });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ connected: true, smtp: { success: true }, imap: { success: true } });
    expect((await owner.get('/me')).json.account.settings.emailAPI).toBe('email-engine');
    const { Item } = await api.db.doc.send(
      new GetCommand({ TableName: api.db.tableName, Key: { pk: `A#${accountId}#MAILBOX`, sk: 'MAILBOX' } }),
    );
    expect(JSON.stringify(Item)).not.toContain(OFFICE.pass);
    const view = (await owner.get('/email-engine/account')).json.account;
    expect(view).toMatchObject({ type: 'imap', state: 'connecting', imap: { auth: { user: OFFICE.user } } });
    expect(JSON.stringify(view)).not.toContain('sealedPass');
  });
});

describe('receiving (IDLE, threading, blocklist, restart)', () => {
  let workers: ReturnType<typeof startMailboxWorkers>;
  const start = () =>
    startMailboxWorkers(api.deps, {
      pollMs: 200,
      onMail: (_a, outcome, uid) => seen.push({ outcome, uid, at: Date.now() }),
    });

  it('opens the mailbox and reports its quota', async () => {
    workers = start();
    await until(async () =>
      (await owner.get('/email-engine/await-connected')).json.connected ? true : undefined,
    );
    const view = (await owner.get('/email-engine/account')).json.account;
    expect(view.state).toBe('connected');
    expect(view.quota).toMatchObject({ limit: 10 * 1024 * 1024, level: 'ok' });
  });

  it("sends through the business's SMTP and threads the customer's reply onto their conversation, unread, within 5 s", async () => {
    // Our message to Ann, sent as the app sends (its Message-ID from the delivery id), lands in her mailbox.
    const original = { _id: 'n-first', attempt: 1 };
    const key = Notifications.deliveryId(accountId, original);
    await new EntityRepository(api.db, accountId).put(
      'notification',
      {
        ...original,
        _version: 1,
        _updatedAt: new Date().toISOString(),
        type: 'Email',
        customerId: 'c-ann',
        address: ANN.user,
        addressee: 'Ann',
        status: 'sent',
        statusHistory: [],
        timestamp: new Date().toISOString(),
        createdDate: new Date().toISOString(),
        sent: true,
        unread: false,
        message: 'Your windows are booked for Monday.',
        subject: 'Booking',
        credits: 1,
        refunded: false,
      },
      null,
    );
    // Two-way: sent as the app sends (the delivery effect's `sendOne`), through the business's SMTP.
    const account = await api.deps.auth.getAccount(accountId);
    const stored = await new EntityRepository(api.db, accountId).get<Notifications.Notification>(
      'notification',
      'n-first',
    );
    const serviceMails = api.outbox.length;
    await sendOne(api.deps, account!, stored!, '');
    expect(api.outbox.length).toBe(serviceMails);
    const annBox = new ImapFlow({ ...imap(ANN.pass), auth: ANN, tls: { ca: [mail.imap.ca] }, logger: false });
    await annBox.connect();
    await annBox.mailboxOpen('INBOX');
    const received = await annBox.fetchOne('*', { envelope: true });
    expect(received ? received.envelope?.from?.[0]?.address : undefined).toBe(OFFICE.user);
    await annBox.logout();
    const messageId = received ? received.envelope?.messageId : undefined;
    expect(messageId).toBe(`<${key}@roundwise>`);
    // Its Reply-To is the mailbox with the message's reply token, not the message's id.
    replyTo = (received ? received.envelope?.replyTo?.[0]?.address : undefined) ?? '';
    expect(replyTo).toMatch(/^office\+r[a-z2-7]{24}@sparkle\.test$/);
    expect(replyTo).not.toContain('n-first');

    // Ann answers from another address of hers: the headers, not the address, find the thread.
    const sentAt = Date.now();
    await mail.deliver(
      OFFICE.user,
      rawMail(
        {
          From: 'Ann <ann.work@elsewhere.test>',
          To: OFFICE.user,
          Subject: 'Re: Booking',
          'Message-ID': '<reply-1@elsewhere.test>',
          'In-Reply-To': messageId ?? '',
          References: messageId ?? '',
        },
        'Monday is fine, thanks!',
      ),
    );
    const [reply] = await until(async () => {
      const list = await replies('c-ann');
      return list.length ? list : undefined;
    });
    const latency = Date.now() - sentAt;
    expect(latency).toBeLessThan(5000);
    expect(reply).toMatchObject({ unread: true, relatedItemId: 'n-first' });
    expect(reply?.message).toContain('Monday is fine');
  });

  it('threads a reply that lost its threading headers by the reply token it was sent to', async () => {
    await mail.deliver(
      OFFICE.user,
      rawMail(
        {
          From: 'Ann <ann.phone@elsewhere.test>',
          To: replyTo,
          Subject: 'Booking',
          'Message-ID': '<reply-token-1@elsewhere.test>',
        },
        'Could you come at ten?',
      ),
    );
    const reply = await until(async () =>
      (await replies('c-ann')).find((r) => r.message.includes('come at ten')),
    );
    expect(reply.relatedItemId).toBe('n-first');
    // A token made up, or another account's, threads nothing: the sender is unknown.
    await mail.deliver(
      OFFICE.user,
      rawMail(
        {
          From: 'someone@elsewhere.test',
          To: 'office+raaaaaaaaaaaaaaaaaaaaaaaa@sparkle.test',
          Subject: 'Hello',
          'Message-ID': '<reply-token-2@elsewhere.test>',
        },
        'A forged token',
      ),
    );
    const unknown = await until(async () =>
      (await replies('unknown-sender')).find((r) => r.message.includes('forged token')),
    );
    expect(unknown.relatedItemId).toBeUndefined();
  });

  it('threads a reply with no threading headers by the sender, and keeps unknown senders apart', async () => {
    await mail.deliver(
      OFFICE.user,
      rawMail(
        { From: ANN.user, To: OFFICE.user, Subject: 'Gate code', 'Message-ID': '<r2@customer.test>' },
        'Code is 1234',
      ),
    );
    await until(async () => ((await replies('c-ann')).length === 3 ? true : undefined));
    await mail.deliver(
      OFFICE.user,
      rawMail(
        { From: 'new@lead.test', To: OFFICE.user, Subject: 'Quote?', 'Message-ID': '<r3@lead.test>' },
        'How much for a semi?',
      ),
    );
    const unknown = await until(async () => {
      return (await replies('unknown-sender')).find((r) => r.message.includes('How much'));
    });
    const page = await api.app.request(`/api/notifications/view/${unknown._id}`, {
      headers: { cookie: owner.cookie },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('How much for a semi?');
  });

  it("ignores a blocklisted sender's mail", async () => {
    await owner.post('/account/email-settings/blocklist', { email: 'spam@junk.test' });
    const before = seen.length;
    await mail.deliver(
      OFFICE.user,
      rawMail(
        { From: 'spam@junk.test', To: OFFICE.user, Subject: 'Win', 'Message-ID': '<s1@junk.test>' },
        'Buy now',
      ),
    );
    await until(async () => (seen.slice(before).some((s) => s.outcome === 'blocked') ? true : undefined));
    expect((await replies('unknown-sender')).map((n) => n.message)).not.toContain(
      expect.stringContaining('Buy now'),
    );
  });

  it('resumes after a restart from its cursor, importing nothing twice, and charges each mail once', async () => {
    await workers.stop();
    await mail.deliver(
      OFFICE.user,
      rawMail(
        { From: ANN.user, To: OFFICE.user, Subject: 'While away', 'Message-ID': '<r4@customer.test>' },
        'One more thing',
      ),
    );
    // The same mail again (a copy in the folder): stored once by its Message-ID.
    await mail.deliver(
      OFFICE.user,
      rawMail(
        { From: ANN.user, To: OFFICE.user, Subject: 'While away', 'Message-ID': '<r4@customer.test>' },
        'One more thing',
      ),
    );
    const before = seen.length;
    workers = start();
    await until(async () => (seen.length - before >= 2 ? true : undefined));
    expect(seen.slice(before).map((s) => s.outcome)).toEqual(['matched', 'duplicate']);
    expect((await replies('c-ann')).length).toBe(4);
    // A requested sync reads everything again and stores nothing new.
    const synced = seen.length;
    expect((await owner.put('/email-engine/account/sync', {})).json).toEqual({ sync: true });
    await until(async () => (seen.length - synced >= 8 ? true : undefined));
    expect(new Set(seen.slice(synced).map((s) => s.outcome))).toEqual(new Set(['duplicate', 'blocked']));
    const balance = await new EntityRepository(api.db, accountId).get('creditBalance', 'balance');
    expect((balance as { inboundEmails?: number }).inboundEmails).toBe(6);
  });

  it('disconnecting returns the account to one-way and lets the mailbox go', async () => {
    expect((await owner.delete('/email-engine/account')).status).toBe(200);
    expect((await owner.get('/me')).json.account.settings.emailAPI).toBe('squeegee-smtp');
    expect((await owner.get('/email-engine/account')).json.account).toBeNull();
    await workers.refresh();
    const before = seen.length;
    await mail.deliver(
      OFFICE.user,
      rawMail(
        { From: ANN.user, To: OFFICE.user, Subject: 'Later', 'Message-ID': '<r5@customer.test>' },
        'Hello?',
      ),
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect(seen.length).toBe(before);
    await workers.stop();
  });
});
