import 'fake-indexeddb/auto';
import { Customers, type Entity, type Me, offline } from '@roundwise/core';
import { testActor } from '@roundwise/core/testing';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { createStore, get, set } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { type OptimisticRun, sendCommand } from '../commands/command-mutations.ts';
import { meQuery } from '../me.ts';
import { applyChanges, type EntitySet, entitiesKey } from './cache.ts';
import { FakeServer } from './fake-server.ts';
import { createOfflineQueryClient, createPersistOptions } from './offline-client.ts';
import { restoreOfflineCache } from './persistence.ts';
import { runtimeOf } from './runtime.ts';

const actor = testActor({ email: 'o@example.com', accountId: 'acc', subscription: 'trial' });
/** What `GET /api/me` said for that actor, the last time the device had a signal. */
const me = {
  user: {
    userId: actor.userId,
    email: actor.email,
    name: 'Olive',
    emailVerified: true,
    developerMode: false,
  },
  account: { accountId: 'acc', businessName: 'Olive Windows', settings: actor.settings },
  memberships: [],
  roles: actor.roles,
  level: actor.level,
  subscription: actor.subscription,
  flags: actor.flags,
  developerMode: false,
} as unknown as Me;

type Options = ReturnType<typeof createPersistOptions>;
const flush = (options: Options) => (options.persister as unknown as { flush(): Promise<void> }).flush();
const customerKey = `q:${JSON.stringify(entitiesKey('acc', 'customer'))}`;
const customers = (client: QueryClient) =>
  client.getQueryData<EntitySet>(entitiesKey('acc', 'customer'))?.byId ?? {};
const ann = { _id: 'c1', _version: 1, _updatedAt: '2026-11-20T09:00:00.000Z', name: 'Ann' } as Entity;
const until = async (check: () => boolean) => {
  for (let i = 0; !check(); i++) {
    if (i > 400) throw new Error(`timed out: ${check}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** A device that was online: the cache restored (empty) and saving, `me` and a customer in it. */
async function deviceWithCustomer(options: Options, server = new FakeServer(actor)) {
  const client = createOfflineQueryClient({ transport: server.transport(), retryDelay: () => 5 });
  await restoreOfflineCache(client, options);
  runtimeOf(client).setActor(actor);
  client.setQueryData(meQuery.queryKey, me);
  applyChanges(client, 'acc', [{ type: 'customer', entity: ann }], 'newer');
  await flush(options);
  return client;
}

/** Renames Ann with no signal: the command runs on the cache and waits in the queue. */
async function renameOffline(client: QueryClient, options: Options) {
  onlineManager.setOnline(false);
  sendCommand(client, 'acc', Customers.update, { _id: 'c1', changes: { name: 'Anne' } }).catch(() => {});
  await until(() => client.getMutationCache().getAll()[0]?.state.isPaused === true);
  await flush(options);
}

beforeEach(() => onlineManager.setOnline(true));

describe('restoring the offline cache at app start', () => {
  it('keeps the signed-in user on the device through every start with no signal', async () => {
    const options = createPersistOptions({ buster: 'v1', store: createStore('starts', 'cache') });
    await deviceWithCustomer(options);
    for (let start = 1; start <= 3; start++) {
      const client = createOfflineQueryClient();
      await restoreOfflineCache(client, options);
      expect(client.getQueryData(meQuery.queryKey), `start ${start}`).toEqual(me);
      // No signal: the app asks the API who is signed in, and fails (lib/me.ts then opens on this copy).
      await client
        .fetchQuery({
          ...meQuery,
          queryFn: () => Promise.reject(offline()),
          retry: false,
          staleTime: 0,
        })
        .catch(() => {});
      expect(client.getQueryState(meQuery.queryKey)?.status).toBe('error');
      await flush(options);
    }
  });

  it('shows a queued change whose entities the browser died before saving, and can still roll it back', async () => {
    const store = createStore('queue-without-run', 'cache');
    const options = createPersistOptions({ buster: 'v1', store });
    const server = new FakeServer(actor); // it has no Ann: the rename will be refused
    server.online = false;
    const client = await deviceWithCustomer(options, server);
    const savedBefore = await get(customerKey, store);
    await renameOffline(client, options);
    // What a browser killed between the queue's first save and the next leaves: the command
    // without its optimistic run, the customers as they were.
    const manifest = await get<{ mutations: { state: { context?: unknown } }[] }>('manifest', store);
    await set(
      'manifest',
      {
        ...manifest,
        mutations: manifest!.mutations.map((m) => ({ ...m, state: { ...m.state, context: undefined } })),
      },
      store,
    );
    await set(customerKey, savedBefore, store);

    const next = createOfflineQueryClient({ transport: server.transport(), retryDelay: () => 5 });
    await restoreOfflineCache(next, options);
    expect(customers(next).c1).toMatchObject({ name: 'Anne', _version: 2 });
    const [queued] = next.getMutationCache().getAll();
    expect((queued?.state.context as OptimisticRun | undefined)?.touched).toEqual([
      expect.objectContaining({ type: 'customer', id: 'c1', before: ann }),
    ]);

    // The server refuses it (it never had Ann): the screen goes back to what it was.
    runtimeOf(next).setActor(actor);
    server.online = true;
    onlineManager.setOnline(true);
    await next.resumePausedMutations();
    await until(() => next.getMutationCache().findAll({ status: 'pending' }).length === 0);
    expect(customers(next).c1).toEqual(ann);
  });

  it('shows a queued change after a new app version dropped the cached entities', async () => {
    const store = createStore('queue-new-version', 'cache');
    const server = new FakeServer(actor);
    server.online = false;
    const options = createPersistOptions({ buster: 'v1', store });
    const client = await deviceWithCustomer(options, server);
    await renameOffline(client, options);

    const next = createOfflineQueryClient({ transport: server.transport() });
    await restoreOfflineCache(next, createPersistOptions({ buster: 'v2', store }));
    expect(Object.values(customers(next))).toEqual([expect.objectContaining({ _id: 'c1', name: 'Anne' })]);
  });
});
