import { actorFromMe, type Me } from '@roundwise/core';
import {
  type DehydratedState,
  type DehydrateOptions,
  dehydrate,
  hydrate,
  type QueryClient,
} from '@tanstack/react-query';
import {
  type CommandVariables,
  type OptimisticRun,
  runOptimistically,
} from '../commands/command-mutations.ts';
import { meQuery } from '../me.ts';
import { applyChanges } from './cache.ts';
import { persistOptions } from './offline-client.ts';

/** The performance measure of the restore: IndexedDB read and hydrate, until entities are available. */
export const RESTORE_MEASURE = 'roundwise:cache-restore';

/** Its first part: reading the values from IndexedDB (the rest is hydrating them). */
export const READ_MEASURE = 'roundwise:cache-read';

const SAVED_ON = new Set(['added', 'removed', 'updated']);

/**
 * Restores the offline cache (entities, sync cursors, the `me` answer, queued commands, refusals)
 * from IndexedDB into the client, then saves every later change back (the persister batches the
 * writes). The app's root calls it once at start, in parallel with loading the screens; the
 * authenticated layout awaits it, so a reload with no signal opens on the data the device held.
 *
 * What `persistQueryClient` of `@tanstack/react-query-persist-client` does, on the client's own
 * `hydrate`/`dehydrate`: that package pins an older query-core than react-query's, and using it
 * here would ship a second copy of query-core (the persister only needs its types).
 */
export async function restoreOfflineCache(
  client: QueryClient,
  options: typeof persistOptions = persistOptions,
): Promise<void> {
  const { persister, buster = '', maxAge = 0 } = options;
  // Typed against the older query-core; the shape is the same.
  const dehydrateOptions = options.dehydrateOptions as DehydrateOptions;
  // Read by the web benchmark (web.cache_restore_town_ms) and any real-user timing. index.html sets
  // the start mark when it starts the read itself, before the app's JavaScript has loaded.
  const start = `${RESTORE_MEASURE}-start`;
  if (performance.getEntriesByName(start).length === 0) performance.mark(start);
  try {
    const saved = await persister.restoreClient();
    performance.measure(READ_MEASURE, start);
    if (saved) {
      const current = saved.buster === buster && Date.now() - saved.timestamp <= maxAge;
      // Our persister already answers a busted or expired cache with what may be kept (the queue).
      if (current) hydrate(client, saved.clientState as unknown as DehydratedState);
      else await persister.removeClient();
      await showQueuedCommands(client);
    }
  } catch (error) {
    // The app starts empty rather than not at all; the persister keeps queued commands even then.
    console.error('Restoring the offline cache failed', error);
  }
  performance.measure(RESTORE_MEASURE, start);
  const save = () =>
    void persister.persistClient({
      buster,
      timestamp: Date.now(),
      clientState: dehydrate(client, dehydrateOptions) as never,
    });
  client.getQueryCache().subscribe((event) => SAVED_ON.has(event.type) && save());
  client.getMutationCache().subscribe((event) => SAVED_ON.has(event.type) && save());
}

/**
 * Shows the changes of the commands the restore brought back, as they were shown before the app
 * closed. A queued command is saved at once, the entities it changed with its next save (the same
 * IndexedDB transaction as the queue with its context, or later): when the browser died between
 * the two, as it can while a large account's entities are written, the queue holds the command
 * but not its optimistic run, and the screen would not show it until the server answers.
 * - A command saved with its run (`context.touched`) has its entities put back where the cache
 *   holds an older copy (nothing changes when they were saved too; after a new app version
 *   dropped the entities, its changes show until the sync brings the rest).
 * - A command saved before its run is run again on the restored cache, as the `me` the device
 *   holds, and keeps that run as its context (for the rollback if the server refuses it).
 * In queue order, so each command runs over the ones before it.
 */
async function showQueuedCommands(client: QueryClient): Promise<void> {
  const me = client.getQueryData<Me>(meQuery.queryKey);
  const actor = me && actorFromMe(me);
  for (const mutation of client.getMutationCache().findAll({ mutationKey: ['command'], status: 'pending' })) {
    const variables = mutation.state.variables as CommandVariables | undefined;
    if (!variables) continue;
    const context = mutation.state.context as OptimisticRun | undefined;
    if (context) {
      const changes = context.touched.map((t) => ({ type: t.type, entity: t.after }));
      applyChanges(client, variables.accountId, changes, 'newer');
      continue;
    }
    // A local refusal now: the server decides when the command is sent.
    const run = await runOptimistically(client, variables, actor).catch(() => undefined);
    // A restored mutation has no setter for its context: it is a field of its state.
    if (run?.touched.length) (mutation.state as { context?: OptimisticRun }).context = run;
  }
}
