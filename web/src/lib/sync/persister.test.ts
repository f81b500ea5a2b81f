import 'fake-indexeddb/auto';
import { Customers, type Entity, Rounds } from '@roundwise/core';
import { testActor } from '@roundwise/core/testing';
import { dehydrate, onlineManager, type QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { createStore, get, set, type UseStore } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CommandVariables, refusedKey, sendCommand } from '../commands/command-mutations.ts';
import { applyChanges, type EntitySet, entitiesKey, getSyncState, setSyncState } from './cache.ts';
import { FakeServer } from './fake-server.ts';
import { createOfflineQueryClient, createPersistOptions, startSync } from './offline-client.ts';
import { runtimeOf } from './runtime.ts';
import type { Transport } from './transport.ts';

const actor = testActor({ email: 'o@example.com', accountId: 'acc', subscription: 'trial' });

/** An IndexedDB store that records the keys each write puts. */
function countingStore(name: string) {
  const real = createStore(name, 'cache');
  const puts: string[] = [];
  const store: UseStore = (mode, callback) =>
    real(mode, (s) =>
      callback(
        new Proxy(s, {
          get(target, key) {
            if (key === 'put') {
              return (value: unknown, k: string) => {
                puts.push(k);
                return target.put(value, k);
              };
            }
            const v = Reflect.get(target, key);
            return typeof v === 'function' ? v.bind(target) : v;
          },
        }),
      ),
    );
  return { store, puts };
}

const customers = (client: QueryClient) =>
  client.getQueryData<EntitySet>(entitiesKey('acc', 'customer'))?.byId ?? {};
const save = async (client: QueryClient, options: ReturnType<typeof createPersistOptions>) => {
  await persistQueryClientSave({ queryClient: client as never, ...options });
  await (options.persister as unknown as { flush(): Promise<void> }).flush();
};
const restore = (client: QueryClient, options: ReturnType<typeof createPersistOptions>) =>
  persistQueryClientRestore({ queryClient: client as never, ...options });
const entity = (id: string): Entity => ({ _id: id, _version: 1, _updatedAt: 'x', name: id }) as Entity;
const until = async (check: () => boolean) => {
  for (let i = 0; !check(); i++) {
    if (i > 400) throw new Error(`timed out: ${check}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

beforeEach(() => onlineManager.setOnline(true));

describe('IndexedDB persister', () => {
  it('writes one value per entity type, and only the types that changed', async () => {
    const { store, puts } = countingStore('persist-1');
    const options = createPersistOptions({ buster: 'v1', store });
    const client = createOfflineQueryClient();
    applyChanges(client, 'acc', [{ type: 'customer', entity: entity('c1') }], 'newer');
    applyChanges(client, 'acc', [{ type: 'round', entity: entity('r1') }], 'newer');
    await save(client, options);
    expect(puts.filter((k) => k.startsWith('q:')).sort()).toEqual([
      `q:${JSON.stringify(['entities', 'acc', 'customer'])}`,
      `q:${JSON.stringify(['entities', 'acc', 'round'])}`,
    ]);
    puts.length = 0;
    applyChanges(client, 'acc', [{ type: 'customer', entity: { ...entity('c2') } }], 'newer');
    await save(client, options);
    expect(puts).toEqual([`q:${JSON.stringify(['entities', 'acc', 'customer'])}`, 'manifest']);
  });

  it('tells when every change is in IndexedDB, as the sync status shows before a reload', async () => {
    const store = createStore('persist-saved', 'cache');
    const options = createPersistOptions({ buster: 'v1', store, throttleMs: 50 });
    const { persister } = options;
    const told: boolean[] = [];
    const off = persister.subscribe(() => told.push(persister.isSaved()));
    expect(persister.isSaved()).toBe(true);
    const client = createOfflineQueryClient();
    applyChanges(client, 'acc', [{ type: 'customer', entity: entity('c1') }], 'newer');
    void persistQueryClientSave({ queryClient: client as never, ...options });
    // An entity change waits for the throttled write.
    expect(persister.isSaved()).toBe(false);
    await until(() => persister.isSaved());
    expect(told).toEqual([false, true]);
    off();
    const restored = createOfflineQueryClient();
    await restore(restored, createPersistOptions({ buster: 'v1', store }));
    expect(Object.keys(customers(restored))).toEqual(['c1']);
  });

  it('a new app version drops cached entities but keeps queued commands and unseen refusals', async () => {
    const store = createStore('persist-2', 'cache');
    const server = new FakeServer(actor);
    server.online = false;
    const client = createOfflineQueryClient({ transport: server.transport(), retryDelay: () => 5 });
    runtimeOf(client).setActor(actor);
    applyChanges(client, 'acc', [{ type: 'customer', entity: entity('c1') }], 'newer');
    client.setQueryData(refusedKey, [{ commandId: 'old', name: 'x', code: 'y' }]);
    onlineManager.setOnline(false);
    sendCommand(client, 'acc', Rounds.create, { description: 'Thursday' }).catch(() => {});
    await until(() => client.getMutationCache().getAll()[0]?.state.isPaused === true);
    await save(client, createPersistOptions({ buster: 'v1', store }));

    const next = createOfflineQueryClient({ transport: server.transport() });
    await restore(next, createPersistOptions({ buster: 'v2', store }));
    expect(customers(next)).toEqual({});
    expect(next.getQueryData(refusedKey)).toHaveLength(1);
    const variables = next.getMutationCache().getAll()[0]?.state.variables as CommandVariables | undefined;
    expect(variables?.name).toBe('rounds.create');
  });

  it('a command in flight when the app closed is replayed with the same id and applied once', async () => {
    const store = createStore('persist-3', 'cache');
    const server = new FakeServer(actor);
    // The request reaches the server, the answer never comes back (the van leaves the signal).
    const lost: Transport = {
      ...server.transport(),
      command: async (name, body) => {
        await server.transport().command(name, body);
        return new Promise(() => {});
      },
    };
    const client = createOfflineQueryClient({ transport: lost });
    runtimeOf(client).setActor(actor);
    sendCommand(client, 'acc', Customers.create, { name: 'Eve' });
    await until(() => server.received.size === 1);
    const m = client.getMutationCache().getAll()[0]!;
    expect(m.state).toMatchObject({ status: 'pending', isPaused: false });
    await save(client, createPersistOptions({ buster: 'v1', store }));

    const next = createOfflineQueryClient({ transport: server.transport() });
    runtimeOf(next).setActor(actor);
    await restore(next, createPersistOptions({ buster: 'v1', store }));
    const stop = startSync(next, 'acc');
    await until(() => next.getMutationCache().findAll({ status: 'pending' }).length === 0);
    stop();
    const commandId = (m.state.variables as CommandVariables).commandId;
    expect(server.received.get(commandId)).toBe(2); // sent twice ...
    const stored = await server.store.list<{ name: string }>('customer');
    expect(stored.map((c) => [c.name, c._version])).toEqual([['Eve', 1]]); // ... applied once
    expect(Object.values(customers(next)).map((c) => c.name)).toEqual(['Eve']);
  });

  it('restores a cache saved in the previous layout (one structured clone per type), then saves the new one', async () => {
    const store = createStore('persist-format-1', 'cache');
    const old = createOfflineQueryClient();
    applyChanges(old, 'acc', [{ type: 'customer', entity: entity('c1') }], 'newer');
    // What the previous persister wrote: no `format`, each query as TanStack dehydrated it.
    const queries = dehydrate(old).queries;
    for (const q of queries) await set(`q:${q.queryHash}`, q, store);
    const manifest = {
      timestamp: Date.now(),
      buster: 'v1',
      mutations: [],
      queries: queries.map((q) => q.queryHash),
    };
    await set('manifest', manifest, store);

    const options = createPersistOptions({ buster: 'v1', store });
    const next = createOfflineQueryClient();
    await restore(next, options);
    expect(Object.keys(customers(next))).toEqual(['c1']);
    await new Promise((r) => setTimeout(r, 5)); // a change is told by its time (ms): not the restored one's
    applyChanges(next, 'acc', [{ type: 'customer', entity: entity('c2') }], 'newer');
    await save(next, options);
    const key = `q:${JSON.stringify(['entities', 'acc', 'customer'])}`;
    expect(typeof (await get<{ entities?: unknown }>(key, store))?.entities).toBe('string');
    expect(await get<{ format?: number }>('manifest', store)).toMatchObject({ format: 2 });
    const third = createOfflineQueryClient();
    await restore(third, createPersistOptions({ buster: 'v1', store }));
    expect(Object.keys(customers(third))).toEqual(['c1', 'c2']);
  });

  for (const damage of ['a value it cannot read', 'a layout from a newer app'] as const) {
    it(`${damage} drops the entities with their sync cursor, never the queued commands`, async () => {
      const store = createStore(`persist-damaged-${damage.length}`, 'cache');
      const server = new FakeServer(actor);
      server.online = false;
      const client = createOfflineQueryClient({ transport: server.transport() });
      runtimeOf(client).setActor(actor);
      applyChanges(client, 'acc', [{ type: 'customer', entity: entity('c1') }], 'newer');
      setSyncState(client, 'acc', { cursor: 'k1', loaded: true });
      onlineManager.setOnline(false);
      sendCommand(client, 'acc', Rounds.create, { description: 'Thursday' }).catch(() => {});
      await until(() => client.getMutationCache().getAll()[0]?.state.isPaused === true);
      await save(client, createPersistOptions({ buster: 'v1', store }));
      if (damage === 'a value it cannot read') {
        const key = `q:${JSON.stringify(['entities', 'acc', 'customer'])}`;
        await set(key, { ...(await get(key, store)), entities: '{"v":1,"rows":[[0,' }, store);
      } else {
        await set('manifest', { ...(await get('manifest', store)), format: 3 }, store);
      }

      const next = createOfflineQueryClient({ transport: server.transport() });
      await restore(next, createPersistOptions({ buster: 'v1', store }));
      expect(customers(next)).toEqual({});
      // No cursor: the next sync is a full load, so the entities come back from the server.
      expect(getSyncState(next, 'acc')).toEqual({ cursor: undefined, loaded: false });
      const variables = next.getMutationCache().getAll()[0]?.state.variables as CommandVariables | undefined;
      expect(variables?.name).toBe('rounds.create');
    });
  }
});
