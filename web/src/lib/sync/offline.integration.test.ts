import 'fake-indexeddb/auto';
import {
  type AppError,
  actorFromMe,
  Customers,
  type Entity,
  Jobs,
  type Me,
  offline,
  Rounds,
  statusOf,
} from '@roundwise/core';
import { startTestApi } from '@roundwise/functions/test-harness';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { createStore } from 'idb-keyval';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type CommandVariables,
  type RefusedCommand,
  refusedKey,
  sendCommand,
} from '../commands/command-mutations.ts';
import { createApiClient } from '../http.ts';
import { type EntitySet, entitiesKey, getSyncState } from './cache.ts';
import { createOfflineQueryClient, createPersistOptions, startSync } from './offline-client.ts';
import { runtimeOf } from './runtime.ts';
import { httpTransport, type Transport } from './transport.ts';

// The offline layer against the REAL API (Hono app over an in-memory dynalite), with
// IndexedDB from fake-indexeddb. "Offline" is the transport failing as a dead network does.

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());
beforeEach(() => onlineManager.setOnline(true));

interface Device {
  transport: Transport;
  /** commandId -> how many times it reached the server. */
  sent: Map<string, number>;
  network: { up: boolean };
}

async function signedIn(email: string) {
  const c = api.client();
  await c.signup(email);
  const me = (await c.get('/me')).json as Me;
  const network = { up: true };
  const sent = new Map<string, number>();
  const http = httpTransport(
    createApiClient((url, init) =>
      api.app.request(url, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), cookie: c.cookie },
      }),
    ),
  );
  const transport: Transport = {
    command: async (name, body) => {
      if (!network.up) throw offline();
      sent.set(body.commandId, (sent.get(body.commandId) ?? 0) + 1);
      return http.command(name, body);
    },
    sync: async (cursor, limit) => {
      if (!network.up) throw offline();
      return http.sync(cursor, limit);
    },
  };
  return { c, actor: actorFromMe(me), device: { transport, sent, network } satisfies Device };
}

function newClient(device: Device, actor: ReturnType<typeof actorFromMe>, pageLimit = 2000) {
  const client = createOfflineQueryClient({ transport: device.transport, pageLimit, retryDelay: () => 5 });
  runtimeOf(client).setActor(actor);
  return client;
}

const entities = (client: QueryClient, accountId: string, type: 'customer' | 'round' | 'job') =>
  client.getQueryData<EntitySet>(entitiesKey(accountId, type))?.byId ?? {};
const pendingCount = (client: QueryClient) =>
  client.getMutationCache().findAll({ mutationKey: ['command'], status: 'pending' }).length;

async function until(check: () => boolean, ms = 4_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${check}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('sync engine against the real API', () => {
  it('loads everything in pages, then only deltas; tombstones remove', async () => {
    const { c, actor, device } = await signedIn('sync-full@example.com');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await c.command('customers.create', { name: `Cust ${i}` })).json.result._id);
    const client = newClient(device, actor, 2);
    const engine = runtimeOf(client).engine(actor.accountId);
    await engine.syncNow();
    expect(Object.keys(entities(client, actor.accountId, 'customer')).sort()).toEqual([...ids].sort());
    expect(getSyncState(client, actor.accountId)).toMatchObject({ loaded: true });
    expect(getSyncState(client, actor.accountId).cursor).toBeTruthy();

    const before = entities(client, actor.accountId, 'customer');
    await c.command('customers.update', { _id: ids[0], changes: { name: 'Renamed' } });
    await c.command('customers.delete', { _id: ids[1] });
    await engine.syncNow();
    const after = entities(client, actor.accountId, 'customer');
    expect(after[ids[0]!]).toMatchObject({ name: 'Renamed', _version: 2 });
    expect(after[ids[1]!]).toBeUndefined();
    // Untouched entities keep their identity (cheap renders).
    expect(after[ids[2]!]).toBe(before[ids[2]!]);
    expect(client.getQueryData<EntitySet>(entitiesKey(actor.accountId, 'customer'))?.gone[ids[1]!]).toBe(2);
  });

  it('a command shows in the cache at once, before the server answers', async () => {
    const { actor, device } = await signedIn('sync-optimistic@example.com');
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow: Device = {
      ...device,
      transport: {
        ...device.transport,
        command: async (n, b) => {
          await gate;
          return device.transport.command(n, b);
        },
      },
    };
    const client = newClient(slow, actor);
    const done = sendCommand(client, actor.accountId, Rounds.create, { description: 'Monday' });
    await until(() => Object.keys(entities(client, actor.accountId, 'round')).length === 1);
    const [optimistic] = Object.values(entities(client, actor.accountId, 'round')) as Entity[];
    expect(optimistic).toMatchObject({ description: 'Monday', _version: 1 });
    expect(pendingCount(client)).toBe(1);
    release();
    const answer = await done;
    // Same id on both sides: the client chose it when the user acted.
    expect(answer.changes[0]?.entity._id).toBe(optimistic!._id);
    expect(pendingCount(client)).toBe(0);
  });
});

describe('offline, reload, replay', () => {
  it('queues commands offline, keeps them and the data over a reload, replays each once in order', async () => {
    const { c, actor, device } = await signedIn('sync-offline@example.com');
    const store = createStore('offline-test-1', 'cache');
    const persistOptions = createPersistOptions({ buster: 'test', store, throttleMs: 10 });

    const client1 = newClient(device, actor);
    await runtimeOf(client1).engine(actor.accountId).syncNow();

    device.network.up = false;
    onlineManager.setOnline(false);
    const create = sendCommand(client1, actor.accountId, Customers.create, { name: 'Offline Ann' });
    create.catch(() => {});
    await until(() => Object.keys(entities(client1, actor.accountId, 'customer')).length === 1);
    const annId = Object.keys(entities(client1, actor.accountId, 'customer'))[0]!;
    sendCommand(client1, actor.accountId, Customers.update, {
      _id: annId,
      changes: { name: 'Offline Anne' },
    }).catch(() => {});
    sendCommand(client1, actor.accountId, Rounds.create, { description: 'Tuesday' }).catch(() => {});
    sendCommand(client1, actor.accountId, Jobs.create, {
      customerId: annId,
      date: '2026-12-01',
      price: 12,
    }).catch(() => {});
    await until(
      () =>
        pendingCount(client1) === 4 && Object.keys(entities(client1, actor.accountId, 'job')).length === 1,
    );
    expect(entities(client1, actor.accountId, 'customer')[annId]).toMatchObject({
      name: 'Offline Anne',
      _version: 2,
    });
    await until(() =>
      client1
        .getMutationCache()
        .findAll({ mutationKey: ['command'] })
        .every((m) => m.state.isPaused),
    );

    // "Reload": save, drop the client, restore a new one from the same IndexedDB.
    await persistQueryClientSave({ queryClient: client1 as never, ...persistOptions });
    await (persistOptions.persister as unknown as { flush(): Promise<void> }).flush();
    client1.getMutationCache().clear();
    client1.clear();

    const client2 = newClient(device, actor);
    await persistQueryClientRestore({ queryClient: client2 as never, ...persistOptions });
    expect(entities(client2, actor.accountId, 'customer')[annId]).toMatchObject({ name: 'Offline Anne' });
    expect(Object.values(entities(client2, actor.accountId, 'round'))).toHaveLength(1);
    const restored = client2.getMutationCache().findAll({ mutationKey: ['command'] });
    expect(restored.map((m) => (m.state.variables as CommandVariables).name)).toEqual([
      'customers.create',
      'customers.update',
      'rounds.create',
      'jobs.create',
    ]);
    expect(restored.every((m) => m.state.status === 'pending' && m.state.isPaused)).toBe(true);
    expect(device.sent.size).toBe(0);

    // Back online: replayed in order, each reaching the server once.
    device.network.up = true;
    const stop = startSync(client2, actor.accountId);
    onlineManager.setOnline(true);
    await until(() => pendingCount(client2) === 0);
    stop();
    const ids = restored.map((m) => (m.state.variables as CommandVariables).commandId);
    expect([...device.sent.keys()]).toEqual(ids);
    expect([...device.sent.values()]).toEqual([1, 1, 1, 1]);

    const feed = [];
    let cursor = '';
    for (;;) {
      const page = (await c.get(`/sync?cursor=${cursor}`)).json;
      feed.push(...page.changes);
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    const customers = feed.filter((ch) => ch.type === 'customer');
    expect(customers).toHaveLength(1);
    expect(customers[0].entity).toMatchObject({ _id: annId, name: 'Offline Anne', _version: 2 });
    expect(feed.filter((ch) => ch.type === 'round')).toHaveLength(1);
    expect(feed.filter((ch) => ch.type === 'job')).toHaveLength(1);
    await runtimeOf(client2).engine(actor.accountId).syncNow();
    expect(entities(client2, actor.accountId, 'customer')[annId]).toEqual(customers[0].entity);
  });

  it('a command refused on replay is rolled back and listed with its code', async () => {
    const { c, actor, device } = await signedIn('sync-refused@example.com');
    const client = newClient(device, actor);
    await runtimeOf(client).engine(actor.accountId).syncNow();
    device.network.up = false;
    onlineManager.setOnline(false);
    const refused = sendCommand(client, actor.accountId, Rounds.create, { description: 'Wednesday' });
    refused.catch(() => {});
    await until(() => Object.keys(entities(client, actor.accountId, 'round')).length === 1);
    // Meanwhile another device makes the same round: the replay is refused.
    await c.command('rounds.create', { description: 'wednesday' });
    device.network.up = true;
    const stop = startSync(client, actor.accountId);
    onlineManager.setOnline(true);
    const refusal = await refused.catch((e: AppError) => e);
    expect([statusOf(refusal as AppError), (refusal as AppError).code]).toEqual([
      400,
      'rounds.round-already-exists',
    ]);
    const list = client.getQueryData<RefusedCommand[]>(refusedKey) ?? [];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      name: 'rounds.create',
      code: 'rounds.round-already-exists',
      status: 400,
    });
    expect(list[0]?.input).toMatchObject({ description: 'Wednesday' });
    await runtimeOf(client).engine(actor.accountId).syncNow();
    stop();
    const rounds = Object.values(entities(client, actor.accountId, 'round'));
    expect(rounds.map((r) => r.description)).toEqual(['wednesday']);
  });

  it('a bad input is refused on the device, not queued, and listed', async () => {
    const { actor, device } = await signedIn('sync-local-refusal@example.com');
    const client = newClient(device, actor);
    await expect(
      sendCommand(client, actor.accountId, Rounds.create, { description: '  ' }),
    ).rejects.toMatchObject({
      code: 'rounds.enter-round',
    });
    expect(pendingCount(client)).toBe(0);
    expect(device.sent.size).toBe(0);
    expect(client.getQueryData<RefusedCommand[]>(refusedKey)?.[0]).toMatchObject({
      code: 'rounds.enter-round',
      status: 0,
    });
  });
});
