import 'fake-indexeddb/auto';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { createStore } from 'idb-keyval';
import { expect, it } from 'vitest';
import { changesOf, generate } from '../../../../scripts/seed/generate.ts';
import { applyChanges, type EntitySet, entitiesKey } from './cache.ts';
import { createOfflineQueryClient, createPersistOptions } from './offline-client.ts';

// The town data set (about 40,000 entities) round-trips through the IndexedDB persister whole.
// fake-indexeddb stands in for the browser's; the timings are printed for a quick look only: the
// figure with a budget is web.cache_restore_town_ms, measured in Chromium by scripts/bench
// (a timed assertion here failed whenever the shared machine was busy).
it('restores the town data set (about 40,000 entities) from IndexedDB whole', async () => {
  const accountId = 'acct-town';
  const dataset = await generate('town', { accountId, today: '2026-11-01' });
  const changes = [...changesOf(dataset)];
  expect(changes.length).toBeGreaterThan(35_000);

  const client = createOfflineQueryClient();
  const t0 = performance.now();
  for (let i = 0; i < changes.length; i += 2000)
    applyChanges(client, accountId, changes.slice(i, i + 2000), 'newer');
  const applyMs = performance.now() - t0;

  const options = createPersistOptions({ buster: 'bench', store: createStore('restore-bench', 'cache') });
  const t1 = performance.now();
  await persistQueryClientSave({ queryClient: client as never, ...options });
  await (options.persister as unknown as { flush(): Promise<void> }).flush();
  const saveMs = performance.now() - t1;

  // A fresh page: a new client and a new persister over the same database.
  const reloaded = createOfflineQueryClient();
  const again = createPersistOptions({ buster: 'bench', store: createStore('restore-bench', 'cache') });
  const t2 = performance.now();
  await persistQueryClientRestore({ queryClient: reloaded as never, ...again });
  const restoreMs = performance.now() - t2;

  const count = Object.keys(dataset.entities)
    .map(
      (type) =>
        Object.keys(reloaded.getQueryData<EntitySet>(entitiesKey(accountId, type as never))?.byId ?? {})
          .length,
    )
    .reduce((a, b) => a + b, 0);
  expect(count).toBe(changes.length);
  // Every entity as it was saved, in the same order (the stored layout is entity-codec.ts's rows).
  for (const [type, list] of Object.entries(dataset.entities)) {
    const byId = reloaded.getQueryData<EntitySet>(entitiesKey(accountId, type as never))?.byId ?? {};
    expect(Object.values(byId), type).toEqual(list);
  }

  // After a command on one customer only the customers value is written again.
  const customer = dataset.entities.customer[0]!;
  applyChanges(reloaded, accountId, [{ type: 'customer', entity: { ...customer, _version: 2 } }], 'newer');
  const t3 = performance.now();
  await persistQueryClientSave({ queryClient: reloaded as never, ...again });
  await (again.persister as unknown as { flush(): Promise<void> }).flush();
  const oneChangeMs = performance.now() - t3;
  console.info(
    `[restore-time] ${count} entities: apply ${applyMs.toFixed(0)} ms (pages of 2000), save ${saveMs.toFixed(0)} ms, restore ${restoreMs.toFixed(0)} ms, save after one customer changed ${oneChangeMs.toFixed(0)} ms`,
  );
  // Only the customers value was written again: every other type still restores as it was.
  const third = createOfflineQueryClient();
  await persistQueryClientRestore({ queryClient: third as never, ...again });
  const restored = third.getQueryData<EntitySet>(entitiesKey(accountId, 'customer'))?.byId[customer._id];
  expect(restored?._version).toBe(2);
  expect(Object.keys(third.getQueryData<EntitySet>(entitiesKey(accountId, 'job'))?.byId ?? {}).length).toBe(
    dataset.entities.job.length,
  );
}, 60_000);
