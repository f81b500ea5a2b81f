import { type Entity, newId } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleBackground } from '../background.ts';
import { type Client, startTestApi } from '../test-harness.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());

type Change = { type: string; entity: Entity };

/** A device's full load: every page, applied in order, keeping the higher `_version`. */
async function fullLoad(c: Client) {
  const state = new Map<string, Entity>();
  const cursors: string[] = [];
  let cursor = '';
  for (;;) {
    const page = await c.get(`/sync?cursor=${cursor}`);
    expect(page.status).toBe(200);
    for (const { type, entity } of page.json.changes as Change[]) {
      const key = `${type}:${entity._id}`;
      const known = state.get(key);
      if (!known || known._version < entity._version) state.set(key, entity);
    }
    cursor = page.json.cursor;
    cursors.push(cursor);
    if (!page.json.hasMore) break;
  }
  const live = [...state].filter(([, e]) => !e._deleted).map(([k, e]) => [k, e] as const);
  return { live: new Map(live), cursors };
}

const isSnapshotCursor = (cursor: string) => Buffer.from(cursor, 'base64url').toString().startsWith('snap:');

describe('sync snapshots for a device’s first full load', () => {
  it('serves a large account from a snapshot, then the feed, with exactly the feed’s result', async () => {
    const c = api.client();
    const me = (await c.signup('snap@example.com')).json;
    const accountId = me.account.accountId as string;
    const old = new Date(Date.now() - 60_000).toISOString();
    const customers = Array.from({ length: 4500 }, (_, i) => ({
      type: 'customer' as const,
      entity: {
        _id: newId(),
        _version: 1,
        _updatedAt: old,
        name: `Customer ${i}`,
        state: 'active',
      } as Entity,
    }));
    await new EntityRepository(api.db, accountId).batchPut(customers);

    const first = await fullLoad(c);
    expect(first.live.size).toBe(4500);
    expect(first.cursors.some(isSnapshotCursor)).toBe(false);
    await settleBackground(); // the snapshot this full load asked for

    // Changes after the snapshot reach a new device through the feed that follows it.
    const added = (await c.command('customers.create', { name: 'After the snapshot' })).json.result;
    const gone = customers[10]!.entity._id;
    expect((await c.command('customers.delete', { _id: gone })).status).toBe(200);
    api.advance(10_000);

    const second = await fullLoad(c);
    expect(isSnapshotCursor(second.cursors[0]!)).toBe(true);
    expect(second.live.has(`customer:${added._id}`)).toBe(true);
    expect(second.live.has(`customer:${gone}`)).toBe(false);
    expect(second.live.size).toBe(4500);
    const expected = new Map(first.live);
    expected.delete(`customer:${gone}`);
    expected.set(`customer:${added._id}`, added);
    expect(second.live).toEqual(expected);

    const gzipped = await api.app.request('/api/sync', {
      headers: { cookie: c.cookie, 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    const { gunzipSync } = await import('node:zlib');
    const body = JSON.parse(gunzipSync(new Uint8Array(await gzipped.arrayBuffer())).toString());
    expect(body.changes).toHaveLength(2000);
  });

  it('a device paging an old snapshot after two rebuilds starts again (400 sync.cursor-invalid)', async () => {
    const c = api.client();
    const me = (await c.signup('snap2@example.com')).json;
    const old = new Date(Date.now() - 60_000).toISOString();
    await new EntityRepository(api.db, me.account.accountId).batchPut(
      Array.from({ length: 2500 }, (_, i) => ({
        type: 'customer' as const,
        entity: { _id: newId(), _version: 1, _updatedAt: old, name: `C${i}` } as Entity,
      })),
    );
    await fullLoad(c);
    await settleBackground();
    const start = await c.get('/sync');
    expect(isSnapshotCursor(start.json.cursor)).toBe(true);
    for (let i = 0; i < 2; i++) {
      api.advance(2 * 60 * 60 * 1000); // older than an hour: the next full load rebuilds it
      await c.get('/sync');
      await settleBackground();
    }
    const stale = await c.get(`/sync?cursor=${start.json.cursor}`);
    expect(stale.status).toBe(400);
    expect(stale.json.code).toBe('sync.cursor-invalid');
  });
});
