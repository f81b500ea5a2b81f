import { type Actor, type Entity, type EntityType, offline, Sync, validation } from '@roundwise/core';
import { testActor } from '@roundwise/core/testing';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyChanges, type EntitySet, entitiesKey, getSyncState, setSyncState } from './cache.ts';
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

describe('SyncEngine: snapshot loads and views', () => {
  const owner = testActor({ accountId: 'acc', roles: ['Owner'], flags: ['multiUser'] });
  const worker = testActor({
    accountId: 'acc',
    userId: 'w1',
    email: 'w1@example.com',
    roles: ['Worker'],
    flags: ['multiUser'],
  });
  const held = (client: QueryClient, type: EntityType) =>
    Object.values(client.getQueryData<EntitySet>(entitiesKey('acc', type))?.byId ?? {});

  /** Customers with notes, a job for each (one assigned to the worker), each visit done (an invoice each). */
  async function business(customers: number) {
    const server = new FakeServer(owner);
    for (let i = 0; i < customers; i++) {
      const c = (await server.run('customers.create', { name: `C${i}`, notes: `note ${i}` })).result as {
        _id: string;
      };
      await server.run('jobs.create', {
        customerId: c._id,
        date: '2026-11-02',
        assignees: i === 0 ? ['w1'] : [],
      });
    }
    const jobs = Object.values(await server.store.list<{ _id: string }>('job'));
    for (const job of jobs) await server.run('visits.complete', { jobId: job._id, isoDueDate: '2026-11-02' });
    return server;
  }

  it('a first load from the snapshot fetches its pages a few at a time, applies them in order, type by type, then follows the feed', async () => {
    const server = await business(6);
    server.snapshotPage = 2;
    let inFlight = 0;
    let most = 0;
    const transport: Transport = {
      ...server.transport(),
      sync: async (cursor, limit) => {
        most = Math.max(most, ++inFlight);
        // Later pages answer first: the engine still applies them in the plan's order.
        const at = cursor?.startsWith('p|') ? Number(cursor.split('|')[2]) : -1;
        await new Promise((r) => setTimeout(r, at >= 0 ? 20 - at : 0));
        inFlight--;
        return server.sync(cursor, limit);
      },
    };
    const client = new QueryClient();
    const typesSeen: string[][] = [];
    client.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.query.queryKey[0] === 'entities') {
        const type = e.query.queryKey[2] as string;
        if (typesSeen.at(-1)?.[0] !== type) typesSeen.push([type]);
      }
    });
    await new SyncEngine(client, transport, 'acc').syncNow();
    expect(most).toBeGreaterThan(1);
    expect(server.syncCalls.page).toBeGreaterThan(3);
    expect(held(client, 'customer')).toHaveLength(6);
    expect(held(client, 'transaction')).toHaveLength(6);
    // Each type complete before the next, in the plan's order (what the first screens show first).
    expect(typesSeen.flat()).toEqual(['customer', 'job', 'visit', 'transaction']);
    expect(getSyncState(client, 'acc')).toMatchObject({ loaded: true });
    expect(getSyncState(client, 'acc').plan).toBeUndefined();
  });

  it('a snapshot with nothing for the view goes straight on to the feed', async () => {
    const server = new FakeServer(owner);
    server.snapshotPage = 2;
    const client = new QueryClient();
    await new SyncEngine(client, server.transport(), 'acc').syncNow();
    expect(getSyncState(client, 'acc')).toMatchObject({ loaded: true, cursor: '0' });
    expect(server.syncCalls).toEqual({ feed: 2, page: 0 });
  });

  it('a snapshot load cut short resumes at the next page, not from the start', async () => {
    const server = await business(4);
    server.snapshotPage = 1;
    let fail = false;
    const transport: Transport = {
      ...server.transport(),
      sync: async (cursor, limit) => {
        if (fail && cursor?.startsWith('p|') && Number(cursor.split('|')[2]) >= 6) throw offline();
        return server.sync(cursor, limit);
      },
    };
    const client = new QueryClient();
    const engine = new SyncEngine(client, transport, 'acc');
    fail = true;
    await engine.syncNow();
    expect(getSyncState(client, 'acc').plan?.next).toBe(6);
    const pagesBefore = server.syncCalls.page;
    fail = false;
    await engine.syncNow();
    expect(getSyncState(client, 'acc')).toMatchObject({ loaded: true });
    expect(getSyncState(client, 'acc').plan).toBeUndefined();
    // The pages from the seventh on (and a few that were in flight when it failed), not all again.
    expect(server.syncCalls.page - pagesBefore).toBeLessThan(server.sync(undefined, 1).pages!.length);
    expect(held(client, 'visit')).toHaveLength(4);
  });

  it('a Worker holds their own visits and customer cards; made Admin they load everything; made Worker again the rest goes at once', async () => {
    const server = await business(3);
    server.view = Sync.viewFor(worker);
    const client = new QueryClient();
    const engine = new SyncEngine(client, server.transport(), 'acc');
    await engine.syncNow();
    expect(held(client, 'transaction')).toEqual([]);
    expect(held(client, 'customer').map((c) => c.notes)).toEqual([undefined, undefined, undefined]);
    expect(held(client, 'job').map((j) => j.assignees)).toEqual([['w1']]);

    server.view = Sync.viewFor({ ...worker, roles: ['Admin'] });
    await engine.syncNow();
    expect(held(client, 'transaction')).toHaveLength(3);
    expect(
      held(client, 'customer')
        .map((c) => c.notes)
        .sort(),
    ).toEqual(['note 0', 'note 1', 'note 2']);
    expect(held(client, 'job')).toHaveLength(3);

    // Back to Worker: the first answer (restart, with the view) prunes before anything reloads.
    server.view = Sync.viewFor(worker);
    const transport = server.transport();
    let firstAnswer: { transactions: number; notes: unknown[] } | undefined;
    const engine2 = new SyncEngine(
      client,
      {
        ...transport,
        sync: async (cursor, limit) => {
          if (firstAnswer === undefined && held(client, 'transaction').length === 0)
            firstAnswer = { transactions: 0, notes: held(client, 'customer').map((c) => c.notes) };
          return transport.sync(cursor, limit);
        },
      },
      'acc',
    );
    await engine2.syncNow();
    expect(firstAnswer).toEqual({ transactions: 0, notes: [undefined, undefined, undefined] });
    expect(held(client, 'transaction')).toEqual([]);
    expect(held(client, 'job')).toHaveLength(1);
    expect(getSyncState(client, 'acc').view?.key).toBe(server.view.key);
  });

  it('a job taken off the Worker is dropped on the next delta; a command’s answer never adds what the view leaves out', async () => {
    const server = await business(2);
    server.view = Sync.viewFor(worker);
    const client = new QueryClient();
    const engine = new SyncEngine(client, server.transport(), 'acc');
    await engine.syncNow();
    const job = held(client, 'job')[0]!;
    await server.run('jobs.update', { _id: job._id, changes: { assignees: [] } });
    await engine.syncNow();
    expect(held(client, 'job')).toEqual([]);

    // What the server answers a command with goes through the view too (an invoice, a full customer).
    const invoice = { _id: 't9', _version: 1, _updatedAt: '', amount: 5 } as Entity;
    const customer = { _id: 'c9', _version: 1, _updatedAt: '', name: 'New', notes: 'secret' } as Entity;
    applyChanges(
      client,
      'acc',
      [
        { type: 'transaction', entity: invoice },
        { type: 'customer', entity: customer },
      ],
      'server',
    );
    expect(held(client, 'transaction')).toEqual([]);
    expect(held(client, 'customer').find((c) => c._id === 'c9')).toEqual({
      _id: 'c9',
      _version: 1,
      _updatedAt: '',
      name: 'New',
    });
  });
});
