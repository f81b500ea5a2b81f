import type { Actor } from '@roundwise/core';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { type EntitySet, entitiesKey, getSyncState } from './cache.ts';
import { SyncEngine } from './engine.ts';
import { FakeServer } from './fake-server.ts';
import { type Transport, TransportError } from './transport.ts';

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
        if (invalid && cursor) throw new TransportError(400, 'sync.cursor-invalid');
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
    expect(engine.getActivity()).toMatchObject({ reachable: false, error: 'general.offline' });
    server.online = true;
    await engine.syncNow();
    expect(engine.getActivity()).toMatchObject({ reachable: true, error: undefined });
  });
});
