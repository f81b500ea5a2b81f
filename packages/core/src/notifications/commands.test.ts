import { beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '../access/model.ts';
import type { CommandContext, CommandDef, Effect } from '../commands/define.ts';
import { executeCommand } from '../commands/execute.ts';
import { readBalance } from '../credits/ledger.ts';
import { STARTING_CREDITS } from '../credits/schema.ts';
import type { EntityType } from '../entity.ts';
import { MemoryStore } from '../store/memory-store.ts';
import { throughView, viewFor } from '../sync/view.ts';
import { rejection, testActor } from '../testing.ts';
import {
  cancelScheduled,
  markRead,
  requestRating,
  retryNotification,
  sendBulkEmail,
  sendNotification,
  sendOnMyWay,
} from './commands.ts';
import type { Notification } from './schema.ts';

const NOW = new Date('2026-11-21T09:00:00Z');
let store: MemoryStore;
let effects: Effect[];
let ids = 0;

function run<D extends CommandDef>(
  def: D,
  input: unknown,
  actor: Actor = testActor({ emailVerified: true }),
) {
  const ctx: CommandContext = {
    store,
    actor,
    now: NOW,
    newId: () => `id${++ids}`,
    emit: (e) => effects.push(e),
  };
  return executeCommand(def as never, ctx, input) as Promise<never>;
}

beforeEach(async () => {
  store = new MemoryStore(() => NOW);
  effects = [];
  await store.put('customer', {
    _id: 'c1',
    name: 'Ann',
    email: 'ann@example.com',
    telephoneNumber: '07700 900123',
    contactMethods: ['email', 'sms'],
  });
  await store.put('customer', { _id: 'c2', name: 'Bob', email: '', telephoneNumber: '' });
  await store.put('customer', { _id: 'c3', name: 'Cat', email: 'cat@example.com', telephoneNumber: '' });
});

const balance = async () => (await readBalance(store)).balance;

describe('notifications.send (spec 000 sections 4 and 5)', () => {
  it('saves a pending email, takes one credit and asks for its delivery', async () => {
    const n: Notification = await run(sendNotification, {
      customerId: 'c1',
      type: 'Email',
      content: ' Hello ',
      subject: 'Hi',
    });
    expect(n).toMatchObject({
      status: 'pending',
      address: 'ann@example.com',
      addressee: 'Ann',
      message: 'Hello',
      credits: 1,
      sent: false,
    });
    expect(n.statusHistory.map((e) => e.status)).toEqual(['pending']);
    expect(await balance()).toBe(STARTING_CREDITS - 1);
    expect(effects).toEqual([
      { type: 'notification.send', payload: { accountId: 'a1', notificationIds: [n._id] } },
    ]);
  });

  it('an SMS costs one credit per part', async () => {
    await run(sendNotification, { customerId: 'c1', type: 'SMS', content: 'x'.repeat(200) });
    expect(await balance()).toBe(STARTING_CREDITS - 2);
  });

  it.each([
    [{ content: ' \u200b\n ' }, testActor({ emailVerified: true }), 'validation.description-required'],
    [
      { content: 'Hi' },
      testActor({ emailVerified: false }),
      'notification.account-email-not-verified-message-sending',
    ],
    [
      { content: 'Hi', type: 'SMS' },
      testActor({ emailVerified: true, settings: { smsMobilePhonePrefixes: '+447, 447' } }),
      'notification.account-sms-prefix-not-allowed',
    ],
    [
      { content: 'Hi', customerId: 'c2' },
      testActor({ emailVerified: true }),
      'notification.customer-no-contact-methods',
    ],
    // An address given does not stand in for the customer's choice (spec 000 section 2.6).
    [
      { content: 'Hi', customerId: 'c3', address: 'cat@example.com' },
      testActor({ emailVerified: true }),
      'notification.customer-no-contact-methods',
    ],
    [
      { content: 'Hi', sendAtSecondsTimestamp: NOW.getTime() / 1000 - 1 },
      testActor({ emailVerified: true }),
      'time-picker.date-is-in-the-past',
    ],
  ])('%j is refused with its key and changes nothing', async (over, actor, code) => {
    const e = await rejection(run(sendNotification, { customerId: 'c1', type: 'Email', ...over }, actor));
    expect(e.code).toBe(code);
    expect(await store.list('notification')).toEqual([]);
    expect(await balance()).toBe(STARTING_CREDITS);
    expect(effects).toEqual([]);
  });

  it('an SMS goes to the mobile number when the customer has one', async () => {
    await store.put('customer', {
      _id: 'c4',
      name: 'Dee',
      email: '',
      telephoneNumber: '01632 960000',
      mobileNumber: '07700 900444',
      contactMethods: ['sms'],
    });
    const n: Notification = await run(sendNotification, { customerId: 'c4', type: 'SMS', content: 'Hi' });
    expect(n.address).toBe('07700 900444');
  });

  it('an allowed prefix passes (spaces ignored)', async () => {
    const actor = testActor({ emailVerified: true, settings: { smsMobilePhonePrefixes: '+44, 07' } });
    const n: Notification = await run(
      sendNotification,
      { customerId: 'c1', type: 'SMS', content: 'Hi' },
      actor,
    );
    expect(n.status).toBe('pending');
  });

  it('never spends credits it does not have', async () => {
    await store.put('creditBalance', { _id: 'balance', balance: 1, purchased: 0, used: 0 });
    const e = await rejection(
      run(sendNotification, { customerId: 'c1', type: 'SMS', content: 'x'.repeat(200) }),
    );
    expect(e.code).toBe('credits.not-enough');
    expect(await balance()).toBe(1);
  });

  it('a blocklisted address: kept as failed with the reason, nothing sent, no credit used', async () => {
    const actor = testActor({ emailVerified: true, settings: { ignoredEmails: ['ANN@example.com'] } });
    const n: Notification = await run(
      sendNotification,
      { customerId: 'c1', type: 'Email', content: 'Hi' },
      actor,
    );
    expect(n.status).toBe('failed');
    expect(n.statusHistory.at(-1)?.data).toEqual({ reason: 'notification.address-blocklisted' });
    expect(effects).toEqual([]);
    expect(await balance()).toBe(STARTING_CREDITS);
  });

  it('a scheduled message is due at its time', async () => {
    const at = NOW.getTime() / 1000 + 3600;
    const n: Notification = await run(sendNotification, {
      customerId: 'c1',
      type: 'Email',
      content: 'Hi',
      sendAtSecondsTimestamp: at,
    });
    expect(n.status).toBe('scheduled');
    expect(effects[0]?.dueAt).toBe(new Date(at * 1000).toISOString());
  });
});

describe('retry and cancel', () => {
  it('retry sets a failed message back to pending with a new created date, paying again only if refunded', async () => {
    const n: Notification = await run(sendNotification, { customerId: 'c1', type: 'Email', content: 'Hi' });
    await store.put('notification', {
      ...n,
      status: 'bounce',
      createdDate: '2026-01-01T00:00:00Z',
      refunded: true,
    });
    await store.put('creditBalance', { ...(await readBalance(store)), balance: 10 });
    const later = await run(retryNotification, { _id: n._id });
    expect(later).toMatchObject({
      status: 'pending',
      createdDate: NOW.toISOString(),
      attempt: 1,
      refunded: false,
      credits: 1,
    });
    expect(await balance()).toBe(9);
    expect(effects).toHaveLength(2);
  });

  it('only a failed message can be retried', async () => {
    const n: Notification = await run(sendNotification, { customerId: 'c1', type: 'Email', content: 'Hi' });
    expect((await rejection(run(retryNotification, { _id: n._id }))).code).toBe(
      'notification.only-failed-can-retry',
    );
  });

  it('cancel: only scheduled in the future; the credits go back', async () => {
    const at = NOW.getTime() / 1000 + 3600;
    const s: Notification = await run(sendNotification, {
      customerId: 'c1',
      type: 'Email',
      content: 'Hi',
      sendAtSecondsTimestamp: at,
    });
    const p: Notification = await run(sendNotification, { customerId: 'c1', type: 'Email', content: 'Hi' });
    expect((await rejection(run(cancelScheduled, { ids: [s._id, p._id] }))).code).toBe('failed.to-cancel');
    expect(await balance()).toBe(STARTING_CREDITS - 2);
    await run(cancelScheduled, { ids: [s._id] });
    expect((await store.get<Notification>('notification', s._id))?.status).toBe('cancelled');
    expect(await balance()).toBe(STARTING_CREDITS - 1);
  });

  it('mark-read clears unread', async () => {
    await store.put('notification', { _id: 'r1', unread: true });
    expect(await run(markRead, { notificationIds: ['r1', 'r1'] })).toEqual({ success: true, marked: 1 });
    expect((await store.get<Notification>('notification', 'r1'))?.unread).toBe(false);
  });
});

describe('notifications.send-bulk', () => {
  it('one message per customer who chose email, paid once each, one delivery effect', async () => {
    const result = await run(sendBulkEmail, {
      bulkId: 'b1',
      customerIds: ['c1', 'c2', 'c3', 'c1'],
      content: 'News',
    });
    // c3 has an address but chose no contact method: skipped, as the message form would.
    expect(result).toEqual({
      bulkId: 'b1',
      total: 4,
      queued: 1,
      skipped: 3,
      skippedBecause: { 'notification.customer-no-contact-methods': 2 },
    });
    const sent = await store.list<Notification>('notification');
    expect(sent.map((n) => n.address)).toEqual(['ann@example.com']);
    expect(await balance()).toBe(STARTING_CREDITS - 1);
    expect(effects).toHaveLength(1);
    expect(effects[0]?.payload.notificationIds).toHaveLength(1);
  });

  it('no customer with an email: notification.no-customers-with-email-selected', async () => {
    const e = await rejection(run(sendBulkEmail, { bulkId: 'b2', customerIds: ['c2'], content: 'News' }));
    expect(e.code).toBe('notification.no-customers-with-email-selected');
  });
});

describe('notifications.on-my-way (the visit screen at the door)', () => {
  const worker = testActor({
    userId: 'w1',
    roles: ['Worker'],
    flags: ['multiUser'],
    emailVerified: true,
  });
  beforeEach(async () => {
    const job = { customerId: 'c1', date: '2026-11-21', price: 20, rounds: [], services: [], notes: '' };
    const recurs = { frequencyType: 'Weeks', frequencyInterval: 4 };
    await store.put('job', { _id: 'j1', ...job, ...recurs, assignees: ['w1'] });
    await store.put('job', { _id: 'j2', ...job, ...recurs, assignees: [] });
  });
  const onMyWay = (jobId: string, actor = worker) =>
    run(
      sendOnMyWay,
      { _id: `n-${jobId}`, jobId, isoDueDate: '2026-11-21', content: "We're on our way" },
      actor,
    );

  it("texts the visit's customer from the worker it is assigned to, with its id, paid for and queued", async () => {
    const n: Notification = await onMyWay('j1');
    expect(n).toMatchObject({
      _id: 'n-j1',
      type: 'SMS',
      address: '07700 900123',
      customerId: 'c1',
      relatedItemId: 'j1',
      credits: 1,
    });
    expect(effects).toHaveLength(1);
    expect(await balance()).toBe(STARTING_CREDITS - 1);
  });

  it("runs on the Worker's own device, from what it holds of the customer (the run before it sends)", async () => {
    // The device runs the command first, by the same rules (the contact rule included), on the
    // records the Worker's view sends it: the customer as a card. A rule the card could not
    // answer refused the text there, and it never reached the server.
    const device = new MemoryStore(() => NOW);
    const view = viewFor(worker);
    for (const [type, id] of [
      ['customer', 'c1'],
      ['job', 'j1'],
    ] as [EntityType, string][]) {
      const held = throughView(view, { type, entity: (await store.get(type, id)) as never });
      if (typeof held === 'object') await device.put(type, held.send.entity);
    }
    store = device;
    const n: Notification = await onMyWay('j1');
    expect(n).toMatchObject({ _id: 'n-j1', type: 'SMS', address: '07700 900123', credits: 1 });
    expect(await balance()).toBe(STARTING_CREDITS - 1);
  });

  it("refuses a worker another's visit, sending nothing", async () => {
    const e = await rejection(onMyWay('j2'));
    expect(e.code).toBe('visits.not-assigned-to-you');
    expect(effects).toEqual([]);
    expect(await balance()).toBe(STARTING_CREDITS);
  });
});

describe('notifications.request-rating (a done visit, spec 001 section 2.11)', () => {
  beforeEach(async () => {
    const job = { customerId: 'c1', date: '2026-11-20', price: 20, rounds: [], services: [], notes: '' };
    await store.put('job', {
      _id: 'j1',
      ...job,
      frequencyType: 'Weeks',
      frequencyInterval: 4,
      assignees: [],
    });
    const visit = {
      jobId: 'j1',
      customerId: 'c1',
      isoDueDate: '2026-11-20',
      isoPlannedDate: '2026-11-20',
      price: 20,
      rounds: [],
      plannedOrder: 0,
      assignees: [],
    };
    await store.put('visit', {
      _id: 'j1-20261120',
      ...visit,
      status: 1,
      completedDate: '2026-11-20T10:00:00Z',
    });
  });
  const ask = (input: Record<string, unknown> = {}, actor?: Actor) =>
    run(
      requestRating,
      {
        _id: 'n-rate',
        jobId: 'j1',
        isoDueDate: '2026-11-20',
        type: 'Email',
        subject: 'How did we do?',
        content: 'Thank you, Ann. Rate your visit: [rating-link]',
        ...input,
      },
      actor,
    );

  it('saves one message about the visit, its link field kept for the sending, paid for and queued once', async () => {
    const n: Notification = await ask();
    expect(n).toMatchObject({
      _id: 'n-rate',
      type: 'Email',
      address: 'ann@example.com',
      jobOccurrenceReminderId: 'j1-20261120',
      relatedItemId: 'j1',
      message: 'Thank you, Ann. Rate your visit: [rating-link]',
      credits: 1,
    });
    // The same request again (a retry, a double tap): the same message, nothing more sent or paid.
    expect(await ask()).toMatchObject({ _id: 'n-rate' });
    expect(effects).toHaveLength(1);
    expect(await balance()).toBe(STARTING_CREDITS - 1);
  });

  it('refuses a visit not done, one already rated, a message without the link and a Worker; nothing sent', async () => {
    expect((await rejection(ask({ isoDueDate: '2026-12-18' }))).code).toBe('ratings.visit-not-done');
    expect((await rejection(ask({ content: 'Thanks!' }))).code).toBe('ratings.link-missing');
    const worker = testActor({ roles: ['Worker'], flags: ['multiUser'], emailVerified: true });
    expect((await rejection(ask({}, worker))).code).toBe('access.role-required');
    const visit = (await store.get('visit', 'j1-20261120')) as { _id: string };
    const rating = { rating: 5, feedback: '', date: '2026-11-21T08:00:00Z', displayName: 'Ann' };
    await store.put('visit', { ...visit, rating });
    expect((await rejection(ask())).code).toBe('ratings.already-rated');
    expect(effects).toEqual([]);
    expect(await balance()).toBe(STARTING_CREDITS);
  });
});
