import { EntityRepository, PortalCounters } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, viaEdge } from '../test-harness.ts';
import { PUBLIC_LIMITS } from './portal-limits.ts';

/**
 * The public portal calls' limits per client address (docs/portal.md, "Limits"): the call past
 * the limit is refused with `portal.rate-limited` and writes nothing; another address is not held
 * up. (Addresses are believed only through the edge, as in production: `viaEdge`.)
 */
let api: Awaited<ReturnType<typeof startTestApi>>;
let accountId: string;
let serviceId: string;
beforeAll(async () => {
  api = await startTestApi();
  const owner = api.client();
  await owner.signup('limits-owner@example.com');
  accountId = (await owner.get('/me')).json.account.accountId as string;
  const saved = await owner.call(
    'PUT',
    '/directory/secure/limits-owner@example.com',
    { portalEnabled: 'y', isPublic: 'y', uniqueUrl: 'limits-shop', businessName: 'Limits windows' },
    { 'idempotency-key': crypto.randomUUID() },
  );
  expect(saved.status).toBe(200);
  serviceId = (await owner.command('services.create', { name: 'Windows', defaultPrice: 20 })).json.result
    ._id as string;
}, 60_000);
afterAll(() => api.stop());

/** The server's clock at the start of a limit's window: the test never straddles two windows. */
const freshWindow = (windowMs: number) => api.advance(windowMs - (api.now().getTime() % windowMs) + 1000);

const from = (address: string, headers: Record<string, string> = {}) => ({
  ...viaEdge(address),
  origin: 'https://windows.example',
  ...headers,
});

describe('limits on the public portal calls, per client address', () => {
  it('a lead past the limit is refused and makes no customer; another address still may', async () => {
    const lead = (n: number) => ({
      contact: { name: `Lee ${n}`, email: `lee${n}@example.com` },
      address: '7 Hills Road, Cambridge CB1 3AA',
      services: [{ serviceId }],
    });
    const send = (n: number, address: string) =>
      api
        .client()
        .call(
          'POST',
          '/portal/limits-shop/leads',
          lead(n),
          from(address, { 'idempotency-key': crypto.randomUUID() }),
        );
    const { max, windowMs } = PUBLIC_LIMITS.leads;
    freshWindow(windowMs);
    for (let n = 0; n < max; n++) expect((await send(n, '203.0.113.31')).status).toBe(201);
    const refused = await send(max, '203.0.113.31');
    expect([refused.status, refused.json.code]).toEqual([429, 'portal.rate-limited']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const customers = await new EntityRepository(api.db, accountId).list<{ name: string }>('customer');
    expect(customers.filter((c) => c.name.startsWith('Lee '))).toHaveLength(max);
    expect((await send(max + 1, '198.51.100.31')).status).toBe(201);
  });

  it('an address check past the limit is refused', async () => {
    const check = (address: string) =>
      api.client().call('GET', '/portal/limits-shop/address-check?postcode=CB1', undefined, from(address));
    const { max, windowMs } = PUBLIC_LIMITS['address-check'];
    freshWindow(windowMs);
    for (let n = 0; n < max; n++) expect((await check('203.0.113.32')).status).toBe(200);
    const refused = await check('203.0.113.32');
    expect([refused.status, refused.json.code]).toEqual([429, 'portal.rate-limited']);
    expect((await check('198.51.100.32')).status).toBe(200);
  });

  it('a beacon past the limit is refused and counts nothing', async () => {
    const beacon = (address: string) =>
      api.app.request('/api/portal/limits-shop/events', {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', ...from(address) },
        body: JSON.stringify({ event: 'view', widget: 'welcome-card' }),
      });
    const { max, windowMs } = PUBLIC_LIMITS.events;
    freshWindow(windowMs);
    // In batches, as a page of widgets sends them.
    for (let sent = 0; sent < max; sent += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, () => beacon('203.0.113.33')));
      expect(batch.map((r) => r.status)).toEqual(Array(10).fill(204));
    }
    const refused = await beacon('203.0.113.33');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { code: string }).code).toBe('portal.rate-limited');
    const counted = async () =>
      (await new PortalCounters(api.db).hours(accountId, new Date(0), api.now())).reduce(
        (sum, h) => sum + (h.counts['view:welcome-card'] ?? 0),
        0,
      );
    expect(await counted()).toBe(max);
    expect((await beacon('198.51.100.33')).status).toBe(204);
    expect(await counted()).toBe(max + 1);
  }, 60_000);
});
