import { type Actor, offline, validation } from '@roundwise/core';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { type EntitySet, entitiesKey, getSyncState, setSyncState } from './cache.ts';
import { SyncEngine } from './engine.ts';
import { FakeServer } from './fake-server.ts';
import type { Transport } from './transport.ts';

const actor = {
  accountId: 'acc',
  roles: ['Owner'],
  level: 'Ultimate',
  subscription: 'trial',
  flags: [],
} as unknown as Actor;
const names = (client: QueryClient) =>
  Object.values(client.getQueryData<EntitySet>(entitiesKey('acc', 'customer'))?.byId ?? {})
    .map((c) => c.name)
    .sort();

describe('SyncEngine', () => {
  it('runs one sync at a time; a request during a run queues one more run', async () => {
    const server = new FakeServer(actor);
    await server.run('customers.create', { name: 'A' });
    let inFlight = 0;
    let most = 0;
    let calls = 0;
    const transport: Transport = {
      ...server.transport(),
      sync: async (cursor, limit) => {
        calls++;
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
        return server.transport().sync(cursor, limit);
      },
    };
    const client = new QueryClient();
    const engine = new SyncEngine(client, transport, 'acc');
    await Promise.all([engine.syncNow(), engine.syncNow(), engine.syncNow()]);
    expect(most).toBe(1);
    expect(calls).toBe(2);
    expect(names(client)).toEqual(['A']);
  });

  it('resumes from the saved cursor; an invalid cursor starts again and drops what is gone', async () => {
    const server = new FakeServer(actor);
    await server.run('customers.create', { name: 'A' });
    const b = (await server.run('customers.create', { name: 'B' })).result as { _id: string };
    let invalid = false;
    const transport: Transport = {
      ...server.transport(),
      sync: async (cursor, limit) => {
        if (invalid && cursor) throw validation('sync.cursor-invalid');
        return server.transport().sync(cursor, limit);
      },
    };
    const client = new QueryClient();
    const engine = new SyncEngine(client, transport, 'acc', { pageLimit: 1 });
    await engine.syncNow();
    expect(names(client)).toEqual(['A', 'B']);
    expect(getSyncState(client, 'acc')).toEqual({ cursor: '2', loaded: true });

    // B is deleted, and the server's history is compacted: the feed no longer holds the tombstone.
    await server.store.remove('customer', b._id);
    server.store.changes.splice(
      0,
      server.store.changes.length,
      ...server.store.changes.filter((c) => !c.entity._deleted && c.entity._id !== b._id),
    );
    invalid = true;
    await engine.syncNow();
    expect(names(client)).toEqual(['A']);
    expect(engine.getActivity()).toMatchObject({ syncing: false, error: undefined });
  });

  it('reports an unreachable server and recovers', async () => {
    const server = new FakeServer(actor);
    const client = new QueryClient();
    const engine = new SyncEngine(client, server.transport(), 'acc');
    server.online = false;
    await engine.syncNow();
    expect(engine.getActivity()).toMatchObject({ reachable: false, error: 'app.offline' });
    server.online = true;
    await engine.syncNow();
    expect(engine.getActivity()).toMatchObject({ reachable: true, error: undefined });
  });

  it('a long first load reaches the cache in a few batches, and keeps what arrived when the connection drops', async () => {
    const server = new FakeServer(actor);
    for (let i = 0; i < 64; i++)
      await server.run('customers.create', { name: `C${String(i).padStart(2, '0')}` });
    let served = 0;
    let dropAfter = Number.POSITIVE_INFINITY;
    const transport: Transport = {
      ...server.transport(),
      sync: async (cursor, limit) => {
        if (served++ >= dropAfter) throw offline();
        return server.transport().sync(cursor, limit);
      },
    };
    // 40 pages of one customer, then the network goes.
    const client = new QueryClient();
    const writes: number[] = [];
    client.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.query.queryKey[0] === 'entities') writes.push(served);
    });
    dropAfter = 40;
    await new SyncEngine(client, transport, 'acc', { pageLimit: 1 }).syncNow();
    // Applied when the held pages are as many as the cache holds (1, 1, 2, 4, 8, 16) and at the drop.
    expect(writes.length).toBeLessThanOrEqual(8);
    expect(names(client)).toHaveLength(40);
    expect(getSyncState(client, 'acc')).toMatchObject({ loaded: false });

    // Back online: the next run resumes after the 40th and completes the load.
    dropAfter = Number.POSITIVE_INFINITY;
    served = 0;
    await new SyncEngine(client, transport, 'acc', { pageLimit: 1 }).syncNow();
    expect(served).toBe(24);
    expect(names(client)).toHaveLength(64);
    expect(getSyncState(client, 'acc')).toMatchObject({ loaded: true });
  });

  it('a cursor that goes invalid while pages are held back restarts the load in the same run', async () => {
    const server = new FakeServer(actor);
    for (let i = 0; i < 10; i++) await server.run('customers.create', { name: `C${i}` });
    let invalidOn = 0;
    let calls = 0;
    const transport: Transport = {
      ...server.transport(),
      sync: async (cursor, limit) => {
        // The snapshot being paged is replaced once, on a chosen call.
        if (++calls === invalidOn && cursor) throw validation('sync.cursor-invalid');
        return server.transport().sync(cursor, limit);
      },
    };
    const client = new QueryClient();
    const engine = new SyncEngine(client, transport, 'acc', { pageLimit: 1 });
    await engine.syncNow();
    // A full reload over the loaded cache (its cursor was refused before): pages are held back,
    // as the cache already holds ten, and the snapshot goes on the second page.
    setSyncState(client, 'acc', { cursor: undefined, loaded: true });
    calls = 0;
    invalidOn = 2;
    await engine.syncNow();
    expect(engine.getActivity()).toMatchObject({ error: undefined });
    expect(names(client)).toHaveLength(10);
    expect(getSyncState(client, 'acc')).toMatchObject({ loaded: true });
    expect(getSyncState(client, 'acc').cursor).toBeDefined();
  });
});
