import { EntityRepository } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startTestApi } from '../test-harness.ts';

/**
 * The portal's analytics over the real API (spec 002 section 2.5 panel 3, sections 4, 6 and 9):
 * page views and leads of this account only, each lead's status as the business moves it on,
 * Owner and Admin at Ultimate only, a bad period refused.
 */
let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi('dynalite');
}, 60_000);
afterAll(() => api.stop());

const key = () => ({ 'idempotency-key': crypto.randomUUID() });

async function business(handle: string) {
  const owner = api.client();
  const email = `${handle}-owner@example.com`;
  expect((await owner.signup(email)).status).toBe(201);
  const accountId = (await owner.get('/me')).json.account.accountId as string;
  const saved = await owner.call(
    'PUT',
    `/directory/secure/${email}`,
    { portalEnabled: 'y', isPublic: 'y', uniqueUrl: handle, businessName: `${handle} windows` },
    key(),
  );
  expect(saved.status).toBe(200);
  const service = await owner.command('services.create', { name: 'Windows', defaultPrice: 20 });
  return { owner, accountId, serviceId: service.json.result._id as string };
}

/** A lead as the quote-flow widget sends it; answers the new customer's id. */
async function lead(handle: string, serviceId: string, name: string) {
  const res = await api.client().call(
    'POST',
    `/portal/${handle}/leads`,
    {
      contact: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com` },
      address: { line1: '7 Hills Road, Cambridge', postcode: 'CB1 3AA' },
      services: [{ serviceId, frequencyType: 'Weeks', frequencyInterval: 4 }],
    },
    key(),
  );
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json;
}

const analytics = (c: Client, period = '') =>
  c.get(`/directory/analytics${period ? `?period=${period}` : ''}`);

describe('the portal analytics read', () => {
  it('counts page views and leads, with each lead’s status as the business moves it on', async () => {
    const shop = await business('stats-shop');
    // The public page, sent three times: three views counted.
    for (let i = 0; i < 3; i++)
      expect((await api.app.request('/api/portal/stats-shop/page')).status).toBe(200);
    await lead('stats-shop', shop.serviceId, 'Pat Pending');
    await lead('stats-shop', shop.serviceId, 'Dee Declined');
    await lead('stats-shop', shop.serviceId, 'Cory Converted');
    // A customer the office adds is no lead.
    expect((await shop.owner.command('customers.create', { name: 'Walk In' })).status).toBe(200);

    const repo = new EntityRepository(api.db, shop.accountId);
    const customers = await repo.list<{ _id: string; name: string }>('customer');
    const idOf = (name: string) => customers.find((c) => c.name === name)!._id;
    const quoteOf = async (name: string) => (await repo.listBy<{ _id: string }>('quote', idOf(name)))[0]!._id;
    const declined = await shop.owner.command('quotes.decline', {
      _id: await quoteOf('Dee Declined'),
      reason: 'Too dear',
    });
    expect(declined.status, JSON.stringify(declined.json)).toBe(200);
    expect(
      (await shop.owner.command('quotes.convert', { _id: await quoteOf('Cory Converted') })).status,
    ).toBe(200);
    const [job] = await repo.listBy<{ _id: string; date: string }>('job', idOf('Cory Converted'));
    const done = await shop.owner.command('visits.complete', { jobId: job!._id, isoDueDate: job!.date });
    expect(done.status, JSON.stringify(done.json)).toBe(200);

    const res = await analytics(shop.owner);
    expect(res.status).toBe(200);
    // The default period is the last 7 days, drawn by day.
    expect(res.json).toMatchObject({ period: 'last-7-days', grouping: 'day' });
    expect(res.json.chart).toHaveLength(7);
    expect(res.json.tiles).toEqual({
      pageViews: { value: 3, previous: 0, change: null },
      leads: { value: 3, previous: 0, change: null },
      conversions: { value: 1, previous: 0, change: null },
      conversionRate: { value: 33.3, previous: 0, change: null },
    });
    const today = res.json.chart.at(-1);
    expect(today).toMatchObject({ pageViews: 3, leads: 3, conversions: 1 });
    expect(
      Object.fromEntries(res.json.leads.map((l: { name: string; status: string }) => [l.name, l.status])),
    ).toEqual({ 'Pat Pending': 'pending', 'Dee Declined': 'declined', 'Cory Converted': 'converted' });
    expect(res.json.leads[0]).toMatchObject({
      email: expect.stringContaining('@example.com'),
      ref: expect.any(String),
    });

    // Today: 24 hourly bars, the views in the hour they came.
    const day = await analytics(shop.owner, 'today');
    expect(day.json.grouping).toBe('hour');
    expect(day.json.chart).toHaveLength(24);
    expect(day.json.chart.reduce((n: number, b: { pageViews: number }) => n + b.pageViews, 0)).toBe(3);
    expect((await analytics(shop.owner, 'last-12-months')).json.grouping).toBe('month');

    // Sealed to its account: another business sees none of it.
    const other = await business('stats-other');
    const theirs = await analytics(other.owner);
    expect(theirs.json.tiles.pageViews.value).toBe(0);
    expect(theirs.json.leads).toEqual([]);
  });

  it('is for the Owner and Admins at Ultimate; a bad period is refused', async () => {
    const shop = await business('stats-roles');
    const { member: worker } = await api.addMember(shop.owner, 'stats-worker@example.com', ['Worker']);
    const { member: admin } = await api.addMember(shop.owner, 'stats-admin@example.com', ['Admin']);
    expect((await analytics(admin)).status).toBe(200);
    const refused = await analytics(worker);
    expect([refused.status, refused.json.code]).toEqual([403, 'access.role-required']);
    const bad = await analytics(shop.owner, 'forever');
    expect(bad.status).toBe(400);
    // Below Ultimate: the teaser's plan, refused on the server too.
    expect((await shop.owner.post('/account/subscription', { level: 'Advanced' })).status).toBe(200);
    const advanced = await analytics(shop.owner);
    expect([advanced.status, advanced.json.code]).toEqual([403, 'access.level-required']);
    expect((await api.client().get('/directory/analytics')).status).toBe(401);
  });
});
