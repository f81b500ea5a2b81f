import { focusManager, onlineManager, QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import type { UseStore } from 'idb-keyval';
import { version } from '../../../package.json';
import { pendingKeys, rebaseOnServer, registerCommandDefaults } from '../commands/command-mutations.ts';
import { createIdbPersister, type IdbPersister, takeEarlyRead } from './persister.ts';
import { activeRuntime, OfflineRuntime, runtimeOf, setActiveRuntime, setRuntime } from './runtime.ts';
import { httpTransport, type Transport } from './transport.ts';

export const APP_VERSION: string = version;

/** How long an offline device keeps its cache: weeks without a connection must not lose it. */
export const OFFLINE_MAX_AGE = 1000 * 60 * 60 * 24 * 90;

/** Pull interval while the app is open. */
export const SYNC_INTERVAL_MS = 30_000;

export interface OfflineClientOptions {
  transport?: Transport;
  /** Entities per sync page (default 2000, the API's default). */
  pageLimit?: number;
  /** Wait before retrying a command after a transient failure (tests shorten it). */
  retryDelay?: (failureCount: number) => number;
}

/**
 * Makes a QueryClient ready for offline data: entity, sync-cursor and refusal queries never
 * expire nor go stale (the sync engine keeps them fresh), structural sharing off for them (their
 * values are large and `applyChanges` shares structure itself), and command mutations know how
 * to run (also after a reload). Works on a client the root already made.
 */
export function configureOfflineClient(client: QueryClient, options: OfflineClientOptions = {}): QueryClient {
  for (const key of ['entities', 'sync', 'refused']) {
    client.setQueryDefaults([key], {
      gcTime: Number.POSITIVE_INFINITY,
      staleTime: Number.POSITIVE_INFINITY,
      structuralSharing: false,
    });
  }
  registerCommandDefaults(client, options.retryDelay);
  setRuntime(
    client,
    new OfflineRuntime(client, options.transport ?? httpTransport(), {
      pageLimit: options.pageLimit,
      pendingKeys: () => pendingKeys(client),
      onShadowed: (accountId, changes) => rebaseOnServer(client, accountId, changes),
    }),
  );
  return client;
}

export const createOfflineQueryClient = (options: OfflineClientOptions = {}) =>
  configureOfflineClient(new QueryClient(), options);

/** Options for `PersistQueryClientProvider` / `persistQueryClient`. */
export function createPersistOptions(
  options: { buster?: string; maxAge?: number; store?: UseStore; throttleMs?: number } = {},
): Omit<PersistQueryClientOptions, 'queryClient' | 'persister'> & { persister: IdbPersister } {
  const buster = options.buster ?? APP_VERSION;
  const maxAge = options.maxAge ?? OFFLINE_MAX_AGE;
  return {
    persister: createIdbPersister({
      buster,
      maxAge,
      store: options.store,
      throttleMs: options.throttleMs,
      // The app's own store may already be being read by index.html.
      earlyRead: options.store ? undefined : takeEarlyRead,
    }),
    buster,
    maxAge,
    dehydrateOptions: {
      // Every unacknowledged command, paused or in flight: an in-flight one is replayed after a reload.
      shouldDehydrateMutation: (m) => m.state.status === 'pending',
      // A query whose last fetch failed keeps the data it had (TanStack's default keeps only
      // successes): offline, `GET /api/me` fails on every start, and the signed-in user must stay
      // on the device for the next start with no signal. A refusal (signed out) is not
      // kept: the app asks the API again when it can, and signs out then.
      shouldDehydrateQuery: (q) =>
        q.state.status === 'success' ||
        (q.state.data !== undefined && (q.state.error as { status?: number } | null)?.status !== 401),
    },
  };
}

/** The app's persist options: IndexedDB database `roundwise`, busted by the app version. */
export const persistOptions = createPersistOptions();

/**
 * Starts syncing one account: resumes queued commands, syncs now, then on window focus, on
 * reconnect and every 30 s. Call after the cache is restored (the provider does). Returns a stop.
 */
export function startSync(client: QueryClient, accountId: string, intervalMs = SYNC_INTERVAL_MS): () => void {
  const runtime = runtimeOf(client);
  const engine = runtime.engine(accountId);
  setActiveRuntime(runtime);
  // TanStack assumes online until an event says otherwise; an app opened in a dead spot should
  // pause its commands (and resume on the `online` event) rather than retry on a timer.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
  void client.resumePausedMutations();
  void engine.syncNow();
  const offFocus = focusManager.subscribe((focused) => focused && void engine.syncNow());
  const offOnline = onlineManager.subscribe((online) => {
    if (!online) return;
    void client.resumePausedMutations();
    void engine.syncNow();
  });
  const timer = setInterval(() => void engine.syncNow(), intervalMs);
  return () => {
    offFocus();
    offOnline();
    clearInterval(timer);
  };
}

/** Syncs the account on screen now ("sync now" in the drawer). Resolves when caught up. */
export function syncNow(): Promise<void> {
  const runtime = activeRuntime();
  if (!runtime) return Promise.resolve();
  void runtime.client.resumePausedMutations();
  return runtime.current()?.syncNow() ?? Promise.resolve();
}
