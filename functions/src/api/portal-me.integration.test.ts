import { Schedule } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startTestApi } from '../test-harness.ts';

/**
 * The signed-in customer's endpoints (issue 26 items 2 and 6): only their own records, each
 * action a command of the business, once per idempotency key, refused with its key and nothing
 * written when it is not allowed.
 */
let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());

const key = () => ({ 'idempotency-key': crypto.randomUUID() });
/** The business's today (its zone is Europe/London by default), from the server's clock. */
const today = () => Schedule.todayIn('Europe/London', api.now());

interface Shop {
  owner: Client;
  accountId: string;
  customerId: string;
  jobId: string;
  handle: string;
  /** Calls as the signed-in customer, with their bearer token. */
  as: (
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => ReturnType<Client['call']>;
}

async function shop(handle: string, directory: Record<string, unknown> = {}): Promise<Shop> {
  const owner = api.client();
  const email = `${handle}@example.com`;
  const me = (await owner.signup(email)).json;
  const saved = await owner.call(
    'PUT',
    `/directory/secure/${email}`,
    { portalEnabled: 'y', isPublic: 'y', uniqueUrl: handle, businessName: `${handle} windows`, ...directory },
    key(),
  );
  expect(saved.status).toBe(200);
  const contact = `${handle}-customer@example.com`;
  const customer = await owner.command('customers.create', {
    name: 'Carl Client',
    email: contact,
    address: { addressDescription: '1 High Street', isVerified: false },
  });
  const customerId = customer.json.result._id as string;
  const job = await owner.command('jobs.create', {
    customerId,
    date: today(),
    price: 20,
    frequencyType: 'Weeks',
    frequencyInterval: 1,
  });
  expect(job.status).toBe(200);
  const c = api.client();
  await c.post(`/portal/${handle}/session/code`, { contact });
  const code = /\b(\d{6})\b/.exec(api.outbox.filter((m) => m.to === contact).at(-1)?.text ?? '')?.[1];
  const session = await c.post(`/portal/${handle}/session`, { contact, code });
  expect(session.status).toBe(200);
  const token = session.json.session.token as string;
  return {
    owner,
    accountId: me.account.accountId,
    customerId,
    jobId: job.json.result._id,
    handle,
    as: (method, path, body, headers = {}) =>
      api
        .client()
        .call(method, `/portal/${handle}/me${path}`, body, { authorization: `Bearer ${token}`, ...headers }),
  };
}

const setting = (owner: Client, widget: string, settings: Record<string, unknown>) =>
  owner.command('portal.save-widget-settings', { widget, settings });

describe('visits', () => {
  it('lists the next visits up to the limit, and today’s', async () => {
    const s = await shop('visits-shop');
    const upcoming = await s.as('GET', '/visits/upcoming');
    expect(upcoming.status).toBe(200);
    // The default limit is 5; weekly from today.
    expect(upcoming.json.visits.map((v: { date: string }) => v.date)).toEqual(
      [0, 7, 14, 21, 28].map((d) => Schedule.addDays(today(), d)),
    );
    await setting(s.owner, 'upcoming-appointments', { appointmentLimit: 2 });
    expect((await s.as('GET', '/visits/upcoming')).json.visits).toHaveLength(2);
    const todays = await s.as('GET', '/visits/today');
    expect(todays.json).toMatchObject({ today: today(), canCancel: false });
    expect(todays.json.visits).toEqual([
      expect.objectContaining({ jobId: s.jobId, status: 'not-done', price: 20 }),
    ]);
    // No session: nothing.
    const anonymous = await api.client().get('/portal/visits-shop/me/visits/upcoming');
    expect([anonymous.status, anonymous.json.code]).toEqual([401, 'portal.session-required']);
  });

  it("cancels today's visit only when the business allows it, once under a retry", async () => {
    const s = await shop('cancel-shop');
    const visit = { jobId: s.jobId, isoDueDate: today() };
    const refused = await s.as('POST', '/visits/cancel', visit, key());
    expect([refused.status, refused.json.code]).toEqual([403, 'portal.cancel-not-allowed']);
    await setting(s.owner, 'todays-appointment', { allowAppointmentCancellation: true });
    const tomorrow = await s.as(
      'POST',
      '/visits/cancel',
      { ...visit, isoDueDate: Schedule.addDays(today(), 7) },
      key(),
    );
    expect([tomorrow.status, tomorrow.json.code]).toEqual([400, 'portal.visit-not-today']);
    const unkeyed = await s.as('POST', '/visits/cancel', visit);
    expect(unkeyed.json.code).toBe('general.validation-failed');
    const repo = new EntityRepository(api.db, s.accountId);
    expect(await repo.listBy('visit', s.jobId)).toEqual([]);

    const headers = key();
    const both = await Promise.all([1, 2].map(() => s.as('POST', '/visits/cancel', visit, headers)));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const stored = await repo.listBy<{ status: number; skipReason: string; _version: number }>(
      'visit',
      s.jobId,
    );
    expect(stored).toEqual([
      expect.objectContaining({
        status: 2,
        skipReason: 'Cancelled by the customer on the portal',
        _version: 1,
      }),
    ]);
    expect((await s.as('GET', '/visits/today')).json.visits[0].status).toBe('skipped');
  });

  it('shows the past visits, done and skipped, newest first; files only when the business shares them', async () => {
    const s = await shop('history-shop');
    const start = Schedule.addDays(today(), -14);
    const job = await s.owner.command('jobs.create', {
      customerId: s.customerId,
      date: start,
      price: 15,
      frequencyType: 'Weeks',
      frequencyInterval: 1,
    });
    const jobId = job.json.result._id as string;
    expect((await s.owner.command('visits.complete', { jobId, isoDueDate: start })).status).toBe(200);
    const skipped = { jobId, isoDueDate: Schedule.addDays(start, 7), reason: 'Gate locked' };
    expect((await s.owner.command('visits.skip', skipped)).status).toBe(200);
    const history = await s.as('GET', '/visits/history');
    expect(history.json.visits.map((v: { date: string; status: string }) => [v.date, v.status])).toEqual([
      [Schedule.addDays(start, 7), 'skipped'],
      [start, 'done'],
    ]);
    expect(history.json.attachments).toEqual([]);
  });

  it("refuses another customer's visit: the job is looked up in the session's customer only", async () => {
    const a = await shop('own-visit-a');
    const other = await a.owner.command('customers.create', { name: 'Other Person' });
    const otherJob = await a.owner.command('jobs.create', {
      customerId: other.json.result._id,
      date: today(),
      frequencyType: 'Weeks',
      frequencyInterval: 1,
    });
    await setting(a.owner, 'todays-appointment', { allowAppointmentCancellation: true });
    const res = await a.as(
      'POST',
      '/visits/cancel',
      { jobId: otherJob.json.result._id, isoDueDate: today() },
      key(),
    );
    expect([res.status, res.json.code]).toEqual([404, 'portal.visit-not-found']);
    expect(await new EntityRepository(api.db, a.accountId).listBy('visit', otherJob.json.result._id)).toEqual(
      [],
    );
  });
});

const quoteForm = (customerId: string) => ({
  customerId,
  name: 'Windows',
  items: [
    {
      title: 'Windows',
      quantity: 1,
      unitPrice: 20,
      frequencyDescription: 'Every 4 weeks',
      frequency: { frequencyType: 'Weeks', frequencyInterval: 4 },
    },
  ],
  date: '2026-11-20',
  expiry: '2099-12-31',
});

describe('quotes', () => {
  it('lists and shows their own quotes, accepts one once under a retry, and declines with a reason', async () => {
    const s = await shop('quote-shop');
    const q1 = (await s.owner.command('quotes.create', quoteForm(s.customerId))).json.result;
    const q2 = (await s.owner.command('quotes.create', quoteForm(s.customerId))).json.result;
    const list = await s.as('GET', '/quotes');
    expect(list.json.quotes.map((q: { id: string }) => q.id).sort()).toEqual([q1._id, q2._id].sort());
    const one = await s.as('GET', `/quotes/${q1._id}`);
    expect(one.json).toMatchObject({
      state: 'pending',
      document: { total: 20, business: expect.any(String) },
    });

    const headers = key();
    const accepts = await Promise.all(
      [1, 2].map(() => s.as('POST', `/quotes/${q1._id}/accept`, {}, headers)),
    );
    expect(accepts.map((r) => r.status)).toEqual([200, 200]);
    expect(accepts[0]!.json.state).toBe('accepted');
    const noReason = await s.as('POST', `/quotes/${q2._id}/decline`, { reason: ' ' }, key());
    expect([noReason.status, noReason.json.code]).toEqual([400, 'quote.decline-reason-required']);
    const declined = await s.as('POST', `/quotes/${q2._id}/decline`, { reason: 'Too dear' }, key());
    expect(declined.json).toMatchObject({ state: 'declined', declineReason: 'Too dear' });

    expect((await s.owner.patch('/account', { flags: ['audit'] })).status).toBe(200);
    expect((await s.owner.patch('/me', { developerMode: true })).status).toBe(200);
    const audit = await s.owner.post('/audit/events', { query: '' });
    const actions = (audit.json.items as { action: string; createdBy: string }[]).filter((e) =>
      e.action.startsWith('quotes.customer-'),
    );
    expect(actions.map((e) => [e.action, e.createdBy]).sort()).toEqual([
      ['quotes.customer-accept', 'Carl Client (portal)'],
      ['quotes.customer-decline', 'Carl Client (portal)'],
    ]);
  });

  it('refuses an acceptance with a body it does not take, writing nothing; the same key then accepts', async () => {
    const s = await shop('quote-strict');
    const q = (await s.owner.command('quotes.create', quoteForm(s.customerId))).json.result;
    const headers = key();
    for (const body of [{ price: 1 }, ['yes'], 'yes']) {
      const res = await s.as('POST', `/quotes/${q._id}/accept`, body, headers);
      expect([res.status, res.json.code], JSON.stringify(body)).toEqual([400, 'general.validation-failed']);
    }
    expect((await s.as('GET', `/quotes/${q._id}`)).json.state).toBe('pending');
    const accepted = await s.as('POST', `/quotes/${q._id}/accept`, {}, headers);
    expect([accepted.status, accepted.json.state]).toEqual([200, 'accepted']);
  });

  it("answers another customer's or another account's quote as unknown", async () => {
    const a = await shop('quote-a');
    const stranger = await a.owner.command('customers.create', { name: 'Stranger' });
    const theirs = (await a.owner.command('quotes.create', quoteForm(stranger.json.result._id))).json.result;
    for (const res of [
      await a.as('GET', `/quotes/${theirs._id}`),
      await a.as('POST', `/quotes/${theirs._id}/accept`, {}, key()),
    ]) {
      expect([res.status, res.json.code]).toEqual([404, 'quote.not-found']);
    }
    const b = await shop('quote-b');
    const elsewhere = await api
      .client()
      .call('GET', `/portal/quote-b/me/quotes/${theirs._id}`, undefined, {});
    expect(elsewhere.status).toBe(401);
    expect((await b.as('GET', `/quotes/${theirs._id}`)).status).toBe(404);
  });
});

describe('money', () => {
  it('shows their ledger and payment links, and refuses a prepayment with no card or mandate, writing nothing', async () => {
    const s = await shop('money-shop');
    const done = await s.owner.command('visits.complete', { jobId: s.jobId, isoDueDate: today() });
    expect(done.status).toBe(200);
    const history = await s.as('GET', '/transactions');
    expect(history.json.balance).toBe(20);
    expect(history.json.transactions).toEqual([expect.objectContaining({ type: 'Invoice', amount: 20 })]);
    const payments = await s.as('GET', '/payments');
    expect(payments.json.links.directDebit).toMatch(/^http:\/\/localhost:3000\/go\/p\/[A-Za-z0-9_-]{22}$/);
    expect(payments.json.automaticPayment).toBeNull();

    const unknown = await s.as('POST', '/prepay', { label: 'Nope' }, key());
    expect([unknown.status, unknown.json.code]).toEqual([400, 'portal.prepay-option-unknown']);
  });

  it("makes one prepayment of the option's amount on the mandate on file, however often it is sent", async () => {
    const s = await shop('prepay-shop', {
      stripePublishableKey: 'pk_test_123',
      config: { prepayOptions: [{ label: 'Three cleans', amount: 54 }] },
    });
    const noMethod = await s.as('POST', '/prepay', { label: 'Three cleans' }, key());
    expect([noMethod.status, noMethod.json.code]).toEqual([400, 'payments.no-automatic-payment-method']);
    const repo = new EntityRepository(api.db, s.accountId);
    expect(await repo.listBy('transaction', s.customerId)).toEqual([]);

    const update = await s.owner.command('customers.update', {
      _id: s.customerId,
      changes: {
        automaticPaymentMethod: 'local-direct-debit',
        paymentProviderMetaData: { sourceOrMandateId: 'MD1', status: 'active' },
      },
    });
    expect(update.status).toBe(200);
    const headers = key();
    const answers = await Promise.all(
      [1, 2, 3].map(() => s.as('POST', '/prepay', { label: 'Three cleans' }, headers)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    // One payment for the key (no provider is connected here, so its charge fails and is undone
    // by the provider's answer: the undoing entry names it, and no second payment is made).
    const payments = await repo.listBy<{ _id: string; amount: number; voidedId?: string }>(
      'transaction',
      s.customerId,
    );
    const id = `prepay-${headers['idempotency-key']}`;
    expect(payments.filter((p) => p._id === id)).toEqual([expect.objectContaining({ amount: -54 })]);
    expect(payments.every((p) => p._id === id || p.voidedId === id)).toBe(true);
  });
});

describe('profile and chat', () => {
  it('edits their details, the billing address only when allowed', async () => {
    const s = await shop('profile-shop');
    expect((await s.as('GET', '/profile')).json).toMatchObject({
      name: 'Carl Client',
      address: '1 High Street',
      canEditBillingAddress: true,
    });
    const edited = await s.as(
      'PUT',
      '/profile',
      { mobileNumber: '07700 900456', address: '2 Low Road' },
      key(),
    );
    expect(edited.json).toMatchObject({ mobileNumber: '07700 900456', address: '2 Low Road' });
    await setting(s.owner, 'edit-profile-button', { disableBillingAddressChanges: true });
    const locked = await s.as('PUT', '/profile', { name: 'Carl C', address: '3 Elsewhere' }, key());
    expect([locked.status, locked.json.code]).toEqual([403, 'portal.billing-address-locked']);
    const bad = await s.as('PUT', '/profile', { email: 'not-an-email' }, key());
    expect([bad.status, bad.json.code]).toEqual([400, 'customers.email-invalid']);
    const extra = await s.as('PUT', '/profile', { state: 'inactive' }, key());
    expect(extra.status).toBe(400);
    const stored = await new EntityRepository(api.db, s.accountId).get<{
      name: string;
      state: string;
      address: { addressDescription: string };
    }>('customer', s.customerId);
    expect(stored).toMatchObject({
      name: 'Carl Client',
      state: 'active',
      address: { addressDescription: '2 Low Road' },
    });
  });

  it('puts a chat message in the inbox once, and says when the business is out of hours', async () => {
    const s = await shop('chat-shop');
    const headers = key();
    const sent = await Promise.all(
      [1, 2].map(() => s.as('POST', '/chat', { message: 'Can you do the back too?' }, headers)),
    );
    expect(sent.map((r) => r.status)).toEqual([200, 200]);
    expect(sent[0]!.json).toMatchObject({ open: true, outOfHoursMessage: '' });
    const repo = new EntityRepository(api.db, s.accountId);
    const inbox = await repo.listBy<{ type: string; unread: boolean; message: string }>(
      'notification',
      s.customerId,
    );
    expect(inbox).toEqual([
      expect.objectContaining({ type: 'ChatReply', unread: true, message: 'Can you do the back too?' }),
    ]);
    const empty = await s.as('POST', '/chat', { message: '   ' }, key());
    expect([empty.status, empty.json.code]).toEqual([400, 'portal.chat-message-required']);

    await setting(s.owner, 'chat', {
      useWorkingHours: true,
      workingDay: {},
      outOfHoursMessage: 'Back at 9.',
    });
    expect((await s.as('GET', '/chat')).json).toEqual({ open: false, outOfHoursMessage: 'Back at 9.' });
  });

  it("takes a cookie for a change only from the portal's own origin, and a view-as session reads only", async () => {
    const s = await shop('cookie-shop');
    const c = api.client();
    const contact = 'cookie-shop-customer@example.com';
    await c.post('/portal/cookie-shop/session/code', { contact });
    const code = /\b(\d{6})\b/.exec(api.outbox.filter((m) => m.to === contact).at(-1)?.text ?? '')?.[1];
    expect((await c.post('/portal/cookie-shop/session', { contact, code })).status).toBe(200);
    const evil = await c.call(
      'POST',
      '/portal/cookie-shop/me/chat',
      { message: 'hi' },
      { ...key(), origin: 'https://evil.example' },
    );
    expect([evil.status, evil.json.code]).toEqual([403, 'general.origin-refused']);
    expect(
      (
        await c.call(
          'POST',
          '/portal/cookie-shop/me/chat',
          { message: 'hi' },
          { ...key(), origin: 'http://localhost:3000' },
        )
      ).status,
    ).toBe(200);

    const viewAs = (await s.owner.get(`/directory/session/${s.customerId}`)).json.data.session.token;
    const auth = { authorization: `Bearer ${viewAs}` };
    expect((await api.client().call('GET', '/portal/cookie-shop/me/profile', undefined, auth)).status).toBe(
      200,
    );
    const write = await api
      .client()
      .call('POST', '/portal/cookie-shop/me/chat', { message: 'as staff' }, { ...auth, ...key() });
    expect([write.status, write.json.code]).toEqual([403, 'portal.view-only']);
  });
});
