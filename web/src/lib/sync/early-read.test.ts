import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { type Entity, Rounds } from '@roundwise/core';
import { testActor } from '@roundwise/core/testing';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { clear, createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CommandVariables, sendCommand } from '../commands/command-mutations.ts';
import { applyChanges, type EntitySet, entitiesKey } from './cache.ts';
import { FakeServer } from './fake-server.ts';
import { createOfflineQueryClient, createPersistOptions } from './offline-client.ts';
import { DB_NAME, STORE_NAME } from './persister.ts';
import { runtimeOf } from './runtime.ts';

// web/index.html starts reading the offline cache before the app's JavaScript has loaded; the
// persister takes that read up. These tests run the page's own script against fake-indexeddb.
const html = readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');
const script = html.match(/<script id="roundwise-cache-read">([\s\S]*?)<\/script>/)?.[1];
const g = globalThis as { __roundwiseCacheRead?: Promise<unknown> };
const runPageScript = () => {
  if (!script) throw new Error('index.html lost its roundwise-cache-read script');
  new Function('window', 'performance', 'indexedDB', script)(globalThis, performance, indexedDB);
  return g.__roundwiseCacheRead;
};

const actor = testActor({ email: 'o@example.com', accountId: 'acc', subscription: 'trial' });
const entity = (id: string): Entity => ({ _id: id, _version: 1, _updatedAt: 'x', name: id }) as Entity;
const appStore = () => createStore(DB_NAME, STORE_NAME);
const customers = (client: QueryClient) =>
  client.getQueryData<EntitySet>(entitiesKey('acc', 'customer'))?.byId ?? {};
const save = async (client: QueryClient, options: ReturnType<typeof createPersistOptions>) => {
  await persistQueryClientSave({ queryClient: client as never, ...options });
  await (options.persister as unknown as { flush(): Promise<void> }).flush();
};
const restore = (client: QueryClient) =>
  persistQueryClientRestore({ queryClient: client as never, ...createPersistOptions({ buster: 'v1' }) });

/** A device holding 3 customers and one command queued offline. */
async function savedDevice() {
  await clear(appStore());
  const server = new FakeServer(actor);
  server.online = false;
  const client = createOfflineQueryClient({ transport: server.transport() });
  runtimeOf(client).setActor(actor);
  applyChanges(
    client,
    'acc',
    ['c1', 'c2', 'c3'].map((id) => ({ type: 'customer', entity: entity(id) })),
    'newer',
  );
  onlineManager.setOnline(false);
  sendCommand(client, 'acc', Rounds.create, { description: 'Thursday' }).catch(() => {});
  for (let i = 0; client.getMutationCache().getAll()[0]?.state.isPaused !== true; i++) {
    if (i > 200) throw new Error('the command was not queued');
    await new Promise((r) => setTimeout(r, 10));
  }
  await save(client, createPersistOptions({ buster: 'v1', store: appStore() }));
}

describe("index.html's early read of the offline cache", () => {
  beforeEach(() => onlineManager.setOnline(true));
  afterEach(() => {
    g.__roundwiseCacheRead = undefined;
  });

  it('on a new device creates the store, so the first save and the next restore work', async () => {
    // First in this file: no test has opened the database yet.
    await expect(runPageScript()).resolves.toEqual({ keys: [], values: [] });
    // The app starts on nothing, then saves its first data ...
    const client = createOfflineQueryClient();
    await restore(client);
    applyChanges(client, 'acc', [{ type: 'customer', entity: entity('c1') }], 'newer');
    await save(client, createPersistOptions({ buster: 'v1' }));
    // ... which the next page's early read brings back.
    await runPageScript();
    const next = createOfflineQueryClient();
    await restore(next);
    expect(Object.keys(customers(next))).toEqual(['c1']);
  });

  it('is what the restore uses: entities and the queued command come back from it', async () => {
    await savedDevice();
    const read = runPageScript();
    await read;
    // Emptied after the page's read: whatever the restore finds now came from that read.
    await clear(appStore());
    const next = createOfflineQueryClient();
    await restore(next);
    expect(Object.keys(customers(next)).sort()).toEqual(['c1', 'c2', 'c3']);
    const queued = next.getMutationCache().getAll();
    expect(queued.map((m) => (m.state.variables as CommandVariables).name)).toEqual(['rounds.create']);
    expect(g.__roundwiseCacheRead).toBeUndefined(); // taken once: a later restore reads afresh
  });

  it('when it failed, the restore reads the store itself', async () => {
    await savedDevice();
    g.__roundwiseCacheRead = Promise.resolve(undefined);
    const next = createOfflineQueryClient();
    await restore(next);
    expect(Object.keys(customers(next)).sort()).toEqual(['c1', 'c2', 'c3']);
    expect(next.getMutationCache().getAll()).toHaveLength(1);
  });
});
