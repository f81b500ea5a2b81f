import { gunzipSync } from 'node:zlib';
import { type Entity, newId } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleBackground } from '../background.ts';
import { startTestApi } from '../test-harness.ts';
import { TestDevice } from './sync-test-device.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());

const customer = (i: number, old: string) => ({
  type: 'customer' as const,
  entity: { _id: newId(), _version: 1, _updatedAt: old, name: `Customer ${i}`, state: 'active' } as Entity,
});

// Each test builds a snapshot of thousands of entities: seconds on a loaded machine.
describe('sync snapshots for a device’s first full load', { timeout: 30_000 }, () => {
  it('serves a large account from a snapshot, then the feed, with exactly the feed’s result', async () => {
    const c = api.client();
    const me = (await c.signup('snap@example.com')).json;
    const accountId = me.account.accountId as string;
    const old = new Date(Date.now() - 60_000).toISOString();
    const customers = Array.from({ length: 4500 }, (_, i) => customer(i, old));
    await new EntityRepository(api.db, accountId).batchPut(customers);

    const first = new TestDevice(c);
    await first.sync();
    expect(first.held.size).toBe(4500);
    expect(first.fromSnapshot).toBe(false);
    await settleBackground(); // the snapshot this full load asked for

    // Changes after the snapshot reach a new device through the feed that follows it.
    const added = (await c.command('customers.create', { name: 'After the snapshot' })).json.result;
    const gone = customers[10]!.entity._id;
    expect((await c.command('customers.delete', { _id: gone })).status).toBe(200);
    api.advance(10_000);

    const second = new TestDevice(c);
    await second.sync();
    expect(second.fromSnapshot).toBe(true);
    expect(second.held.has(`customer:${added._id}`)).toBe(true);
    expect(second.held.has(`customer:${gone}`)).toBe(false);
    expect(second.held.size).toBe(4500);
    const expected = new Map(first.held);
    expected.delete(`customer:${gone}`);
    expected.set(`customer:${added._id}`, added);
    expect(second.held).toEqual(expected);

    // The load lists the snapshot's pages (cut by size: these small customers fit one), sent
    // gzipped as stored.
    const start = await c.get('/sync');
    expect(start.json.pages.map((p: { type: string; entities: number }) => [p.type, p.entities])).toEqual([
      ['customer', 4500],
    ]);
    const gzipped = await api.app.request(`/api/sync?cursor=${start.json.pages[0].cursor}`, {
      headers: { cookie: c.cookie, 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    const body = JSON.parse(gunzipSync(new Uint8Array(await gzipped.arrayBuffer())).toString());
    expect(body.changes).toHaveLength(4500);
  });

  it('a device paging an old snapshot after two rebuilds starts again (400 sync.cursor-invalid)', async () => {
    const c = api.client();
    const me = (await c.signup('snap2@example.com')).json;
    const old = new Date(Date.now() - 60_000).toISOString();
    await new EntityRepository(api.db, me.account.accountId).batchPut(
      Array.from({ length: 2500 }, (_, i) => customer(i, old)),
    );
    await new TestDevice(c).sync();
    await settleBackground();
    const start = await c.get('/sync');
    expect(start.json.pages.length).toBeGreaterThan(0);
    for (let i = 0; i < 2; i++) {
      api.advance(2 * 60 * 60 * 1000); // older than an hour: the next full load rebuilds it
      await c.get('/sync');
      await settleBackground();
    }
    const stale = await c.get(`/sync?cursor=${start.json.pages[0].cursor}`);
    expect(stale.status).toBe(400);
    expect(stale.json.code).toBe('sync.cursor-invalid');
  });
});
