import { addDays, todayIn } from '@roundwise/core/schedule/dates';
import { EntityRepository } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../test-harness.ts';

/**
 * The portal's address check, quote flow and booking over the real API (docs/portal.md,
 * "Booking, the address check and the quote flow"): refusals with their keys and nothing written, one lead and one
 * booking per idempotency key, sessions of one account only, and the staff side of each.
 */
let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi('dynalite');
}, 60_000);
afterAll(() => api.stop());

const key = () => ({ 'idempotency-key': crypto.randomUUID() });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const today = () => todayIn('Europe/London', api.now());

/**
 * A business with a published portal at `handle`: a service with quote questions and a price by
 * frequency, a portal round serving CB1, its customer Rita on Mill Road and a neighbour whose
 * job on the round is next visited in 3 days.
 */
async function business(handle: string) {
  const owner = api.client();
  const email = `${handle}-owner@example.com`;
  expect((await owner.signup(email)).status).toBe(201);
  const accountId = (await owner.get('/me')).json.account.accountId as string;
  const ok = async (name: string, input: unknown) => {
    const res = await owner.command(name, input);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.result;
  };
  expect(
    (
      await owner.call(
        'PUT',
        `/directory/secure/${email}`,
        { portalEnabled: 'y', isPublic: 'y', uniqueUrl: handle, businessName: `${handle} windows` },
        key(),
      )
    ).status,
  ).toBe(200);
  const service = await ok('services.create', { name: 'Windows', defaultPrice: 20, defaultDuration: 30 });
  await ok('services.update-advanced', {
    _id: service._id,
    changes: {
      quoteQuestions: [{ id: 'windows', label: 'How many windows?', type: 'number', required: true }],
      frequencyPrices: [{ frequencyType: 'Weeks', frequencyInterval: 4, price: 16 }],
    },
  });
  const round = await ok('rounds.create', { description: 'Mill Road' });
  await ok('rounds.update', { _id: round._id, changes: { servicedPostcodes: ['CB1'] } });
  await ok('rounds.set-portal', { _id: round._id, isPortalRound: true });
  const rita = await ok('customers.create', {
    name: 'Rita Reed',
    email: `rita@${handle}.example`,
    address: { addressDescription: '3 Mill Road, Cambridge CB1 2AB' },
  });
  const neighbour = await ok('customers.create', { name: 'Ned Next-door' });
  await ok('jobs.create', {
    customerId: neighbour._id,
    rounds: [round._id],
    date: addDays(today(), 3),
    frequencyType: 'Weeks',
    frequencyInterval: 4,
    location: { addressDescription: '10 Mill Rd, Cambridge CB1 2AD' },
  });
  return { owner, repo: new EntityRepository(api.db, accountId), serviceId: service._id as string, rita };
}

async function signedIn(handle: string, contact: string) {
  const c = api.client();
  expect((await c.post(`/portal/${handle}/session/code`, { contact })).status).toBe(202);
  const mail = api.outbox.filter((m) => m.to === contact).at(-1);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
  const res = await c.post(`/portal/${handle}/session`, { contact, code });
  expect(res.status).toBe(200);
  return res.json.session.token as string;
}

let shop: Awaited<ReturnType<typeof business>>;
beforeAll(async () => {
  shop = await business('book-shop');
}, 60_000);

describe('the address check (public)', () => {
  const check = (address: string) =>
    api.client().get(`/portal/book-shop/address-check?address=${encodeURIComponent(address)}`);

  it('answers by the portal rounds’ postcodes and the streets they visit', async () => {
    expect((await check('CB1 9ZZ')).json).toMatchObject({ served: true, onStreet: false });
    expect((await check('cb9 1aa')).json).toMatchObject({ served: false, onStreet: false });
    expect((await check('22 Mill Road, Cambridge')).json).toMatchObject({ served: true, onStreet: true });
    // The address-search widget sends a postcode alone.
    const byPostcode = await api.client().get('/portal/book-shop/address-check?postcode=CB1%202AB');
    expect(byPostcode.json).toMatchObject({ served: true });
    const blank = await check(' ');
    expect([blank.status, blank.json.code]).toEqual([400, 'portal.address-required']);
    const unknown = await api.client().get('/portal/no-such-shop/address-check?address=CB1');
    expect([unknown.status, unknown.json.code]).toEqual([404, 'portal.not-found']);
  });
});

describe('the quote flow (public)', () => {
  // As the quote-flow widget sends it.
  const lead = (serviceId: string) => ({
    contact: { name: 'Cara Lead', email: 'cara@example.com', telephone: '' },
    address: { line1: '7 Hills Road, Cambridge', postcode: 'CB1 3AA' },
    services: [{ serviceId, frequencyType: 'Weeks', frequencyInterval: 4, answers: { windows: 12 } }],
    source: 'sparkle.example',
    utm: { source: 'facebook', campaign: 'spring' },
  });
  const leads = async () =>
    (await shop.repo.list<{ createdOnPortal?: boolean }>('customer')).filter((c) => c.createdOnPortal);

  it('lists the services with their questions and prices by frequency', async () => {
    const res = await api.client().get('/portal/book-shop/quote-flow');
    expect(res.json.services).toEqual([
      expect.objectContaining({
        id: shop.serviceId,
        name: 'Windows',
        price: 20,
        questions: [
          { id: 'windows', label: 'How many windows?', type: 'number', options: [], required: true },
        ],
        frequencies: [{ frequencyType: 'Weeks', frequencyInterval: 4, price: 16 }],
      }),
    ]);
  });

  it('makes one lead with its source and UTM and its quote request, however often the call is retried', async () => {
    const headers = key();
    const c = api.client();
    const sends = await Promise.all(
      [1, 2, 3].map(() => c.call('POST', '/portal/book-shop/leads', lead(shop.serviceId), headers)),
    );
    expect(sends.map((r) => [r.status, r.json])).toEqual(Array(3).fill([201, { received: true }]));
    const made = await leads();
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      name: 'Cara Lead',
      source: 'directory: sparkle.example',
      utmParams: { utm_source: 'facebook', utm_campaign: 'spring' },
    });
    // The business sees it: its customer, a pending quote of the service at the 4-weekly price, an alert.
    const quotes = await shop.repo.list<{ customerId: string; state: string; total: number }>('quote');
    expect(quotes.filter((q) => q.customerId === (made[0] as { _id: string })._id)).toEqual([
      expect.objectContaining({ state: 'pending', total: 16 }),
    ]);
    const alerts = await shop.repo.list<{ title: string }>('alert');
    expect(alerts.filter((a) => a.title === 'New quote request from Cara Lead')).toHaveLength(1);
  });

  it('refuses bad input with its key and writes nothing; a call needs its key', async () => {
    const before = (await leads()).length;
    const refused = async (body: object, headers: Record<string, string> = key()) => {
      const res = await api.client().call('POST', '/portal/book-shop/leads', body, headers);
      return [res.status, res.json.code];
    };
    expect(await refused({ ...lead(shop.serviceId), contact: { name: 'Cara' } })).toEqual([
      400,
      'portal.contact-required',
    ]);
    expect(await refused({ ...lead(shop.serviceId), address: { line1: ' ', postcode: '' } })).toEqual([
      400,
      'portal.address-required',
    ]);
    expect(await refused({ ...lead(shop.serviceId), services: [{ serviceId: shop.serviceId }] })).toEqual([
      400,
      'services.answer-required',
    ]);
    expect(await refused({ ...lead('not-a-service') })).toEqual([400, 'services.not-found']);
    expect(await refused(lead(shop.serviceId), {})).toEqual([400, 'general.validation-failed']);
    expect((await leads()).length).toBe(before);
  });
});

describe('booking (signed in)', () => {
  it('offers the round’s day on the customer’s street first, books it once per key, and the business confirms it', async () => {
    const token = await signedIn('book-shop', 'rita@book-shop.example');
    const c = api.client();
    const offered = await c.call('GET', '/portal/book-shop/me/availability', undefined, bearer(token));
    expect(offered.status).toBe(200);
    const roundDay = addDays(today(), 3);
    expect(offered.json.days[0]).toEqual({ date: roundDay, onRound: true });
    // The default buffer is a day: today is not offered.
    expect(offered.json.days.map((d: { date: string }) => d.date)).not.toContain(today());
    expect(offered.json.services.map((s: { id: string }) => s.id)).toEqual([shop.serviceId]);

    const headers = { ...bearer(token), ...key() };
    const booking = {
      date: roundDay,
      services: [shop.serviceId],
      frequencyType: 'Weeks',
      frequencyInterval: 4,
    };
    const sends = await Promise.all(
      [1, 2].map(() => c.call('POST', '/portal/book-shop/me/bookings', booking, headers)),
    );
    expect(sends.map((r) => [r.status, r.json])).toEqual(
      Array(2).fill([201, { booking: { date: roundDay, onRound: true, confirmed: false } }]),
    );
    const jobs = (await shop.repo.listBy<{
      _id: string;
      date: string;
      price: number;
      portalBooking?: object;
    }>('job', shop.rita._id))!;
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ date: roundDay, price: 16, portalBooking: {} });

    // The business sees it waiting and confirms it.
    expect((await shop.owner.command('jobs.confirm-booking', { _id: jobs[0]!._id })).status).toBe(200);
    const confirmed = await shop.repo.get<{ portalBooking: { confirmedAt?: string } }>('job', jobs[0]!._id);
    expect(confirmed?.portalBooking.confirmedAt).toBeTruthy();
  });

  it('refuses a day not offered, no session, another account’s session and another customer’s key; nothing written', async () => {
    const token = await signedIn('book-shop', 'rita@book-shop.example');
    const jobsBefore = (await shop.repo.list('job')).length;
    const c = api.client();
    const post = (body: object, headers: Record<string, string>) =>
      c.call('POST', '/portal/book-shop/me/bookings', body, headers);
    const body = { date: today(), services: [shop.serviceId] };
    const ritasKey = key();
    const early = await post(body, { ...bearer(token), ...ritasKey });
    expect([early.status, early.json.code]).toEqual([400, 'portal.date-not-available']);
    // Another customer sending Rita's key gets no answer of hers.
    const sam = await shop.owner.command('customers.create', { name: 'Sam', email: 'sam@book-shop.example' });
    expect(sam.status).toBe(200);
    const samsToken = await signedIn('book-shop', 'sam@book-shop.example');
    const reused = await post(body, { ...bearer(samsToken), ...ritasKey });
    expect([reused.status, reused.json.code]).toEqual([403, 'command.not-yours']);
    const none = await post({ ...body, date: addDays(today(), 3) }, key());
    expect([none.status, none.json.code]).toEqual([401, 'portal.session-required']);
    // A session of another business's portal is no session here.
    const other = await business('other-shop');
    const otherToken = await signedIn('other-shop', 'rita@other-shop.example');
    const foreign = await post({ ...body, date: addDays(today(), 3) }, { ...bearer(otherToken), ...key() });
    expect([foreign.status, foreign.json.code]).toEqual([401, 'portal.session-required']);
    const noServices = await post(
      { date: addDays(today(), 3), services: [] },
      { ...bearer(token), ...key() },
    );
    expect([noServices.status, noServices.json.code]).toEqual([400, 'portal.choose-a-service']);
    expect((await shop.repo.list('job')).length).toBe(jobsBefore);
    expect((await other.repo.list('job')).length).toBe(1);
  });

  it('refuses a malformed booking before it runs: nothing written, and the same key then books the corrected form', async () => {
    const token = await signedIn('book-shop', 'rita@book-shop.example');
    const jobsBefore = (await shop.repo.list('job')).length;
    const headers = { ...bearer(token), ...key() };
    const post = (body: unknown) => api.client().call('POST', '/portal/book-shop/me/bookings', body, headers);
    const day = addDays(today(), 3);
    for (const [body, code] of [
      [{ date: 'next tuesday', services: [shop.serviceId] }, 'validation.date-invalid'],
      [{ date: day, services: shop.serviceId }, 'general.validation-failed'],
      [{ date: day, services: [shop.serviceId], frequencyInterval: 0 }, 'general.validation-failed'],
      [{ date: day, services: [] }, 'portal.choose-a-service'],
      [[day], 'general.validation-failed'],
    ] as const) {
      const res = await post(body);
      expect([res.status, res.json.code], JSON.stringify(body)).toEqual([400, code]);
    }
    expect((await shop.repo.list('job')).length).toBe(jobsBefore);
    // No refusal was recorded under the key: the customer's corrected form books under the same attempt.
    const fixed = await post({ date: day, services: [shop.serviceId], customerId: 'someone-else' });
    expect([fixed.status, fixed.json.booking?.date]).toEqual([201, day]);
    const jobs = await shop.repo.list<{ customerId: string }>('job');
    expect(jobs.length).toBe(jobsBefore + 1);
    // The customer is the session's, whatever the body names.
    expect(jobs.filter((j) => j.customerId === 'someone-else')).toEqual([]);
  });
});
