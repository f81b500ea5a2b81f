import type { Actor, Entity, EntityType } from '@roundwise/core';
import {
  onlineManager,
  type QueryClient,
  skipToken,
  useIsMutating,
  useIsRestoring,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { dismissRefused, type RefusedCommand, refusedKey } from '../commands/command-mutations.ts';
import { EMPTY_SET, type EntitySet, entitiesKey } from './cache.ts';
import type { SyncActivity } from './engine.ts';
import { persistOptions, startSync } from './offline-client.ts';
import { runtimeOf } from './runtime.ts';

const AccountContext = createContext<string | undefined>(undefined);

/**
 * Connects the offline layer to the signed-in user. Put it inside `PersistQueryClientProvider`
 * (with `persistOptions`) and pass the actor built from `GET /api/me` (undefined while signed
 * out). Sync starts once the cache is restored; a change of account switches every hook below
 * to that account's data (each account's entities live under their own query keys).
 */
export function OfflineDataProvider({
  actor,
  intervalMs,
  children,
}: {
  actor: Actor | undefined;
  intervalMs?: number;
  children: ReactNode;
}) {
  const client = useQueryClient();
  const restoring = useIsRestoring();
  const accountId = actor?.accountId;
  // Set during render, not in an effect: children's effects run first and may send commands.
  runtimeOf(client).setActor(actor);
  useEffect(() => {
    if (restoring || !accountId) return;
    return startSync(client, accountId, intervalMs);
  }, [client, restoring, accountId, intervalMs]);
  return <AccountContext.Provider value={accountId}>{children}</AccountContext.Provider>;
}

/** The account whose data the hooks show. */
export const useAccountId = () => useContext(AccountContext);

const EMPTY_BY_ID: Readonly<Record<string, Entity>> = EMPTY_SET.byId;

/**
 * Every live entity of a type, by id. The object is replaced only when a change of this type
 * arrives (one copy per page or command), so it is a cheap dependency for `useMemo`.
 */
export function useEntities<T extends object = Record<string, unknown>>(
  type: EntityType,
): Readonly<Record<string, Entity<T>>> {
  const accountId = useAccountId() ?? '';
  const { data } = useQuery<EntitySet>({ queryKey: entitiesKey(accountId, type), queryFn: skipToken });
  return (data?.byId ?? EMPTY_BY_ID) as Readonly<Record<string, Entity<T>>>;
}

/**
 * Each entity set's array, made once per version of the set: a screen of the city reads 26,000
 * jobs and 20,000 customers from several hooks at once, and copying them out for each one cost
 * more than drawing it (docs/benchmarks.md, `pricing.preview_city_ms`).
 */
const lists = new WeakMap<object, unknown[]>();

function listOf<T extends object>(byId: Readonly<Record<string, Entity<T>>>): Entity<T>[] {
  let list = lists.get(byId);
  if (!list) {
    list = Object.values(byId);
    lists.set(byId, list);
  }
  return list as Entity<T>[];
}

/** The entities of a type as an array (one array for every reader until the type changes). */
export function useEntityList<T extends object = Record<string, unknown>>(type: EntityType): Entity<T>[] {
  const byId = useEntities<T>(type);
  return useMemo(() => listOf(byId), [byId]);
}

/**
 * The same array read once, outside a render (work done ahead while the device is idle): no
 * subscription, so the caller is not drawn again when the type changes.
 */
export function entityListOf<T extends object = Record<string, unknown>>(
  client: QueryClient,
  accountId: string,
  type: EntityType,
): Entity<T>[] {
  const set = client.getQueryData<EntitySet>(entitiesKey(accountId, type));
  return listOf((set?.byId ?? EMPTY_BY_ID) as Readonly<Record<string, Entity<T>>>);
}

/** One entity; re-renders only when that entity changes (other entities keep their identity). */
export function useEntity<T extends object = Record<string, unknown>>(
  type: EntityType,
  id: string | undefined,
): Entity<T> | undefined {
  const accountId = useAccountId() ?? '';
  const select = useCallback((set: EntitySet) => (id ? set.byId[id] : undefined), [id]);
  const { data } = useQuery({ queryKey: entitiesKey(accountId, type), queryFn: skipToken, select });
  return data as Entity<T> | undefined;
}

export interface SyncStatus {
  /** `offline`: no connection (or the server cannot be reached); `syncing`: commands or a pull in flight. */
  state: 'synced' | 'syncing' | 'offline';
  /** Commands not yet acknowledged by the server (queued, in flight or retrying), every account. */
  pending: number;
}

const IDLE: SyncActivity = { syncing: false, reachable: true, error: undefined };
const noopSubscribe = () => () => {};
const idle = () => IDLE;
const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/** The sync status the shell shows (spec 000 section 2.2): synced, syncing 1 / many, offline with a count. */
export function useSyncStatus(): SyncStatus {
  const client = useQueryClient();
  const accountId = useAccountId();
  const engine = accountId ? runtimeOf(client).engine(accountId) : undefined;
  const pending = useIsMutating({ mutationKey: ['command'] });
  const online = useSyncExternalStore(subscribeOnline, isOnline);
  const activity = useSyncExternalStore(engine?.subscribe ?? noopSubscribe, engine?.getActivity ?? idle);
  const state =
    !online || !activity.reachable ? 'offline' : pending > 0 || activity.syncing ? 'syncing' : 'synced';
  return { state, pending };
}

/**
 * Whether the device's cache (IndexedDB) holds every change made so far, or some still wait for
 * the persister's throttled save. The sync status shows it (`data-cache`), so a test that reloads
 * or kills the browser waits for this rather than for a guessed time.
 */
export function useCacheSaved(): boolean {
  const { persister } = persistOptions;
  return useSyncExternalStore(persister.subscribe, persister.isSaved);
}

/** `syncNow` bound to the account on screen, for a button. */
export function useSyncNow(): () => Promise<void> {
  const client = useQueryClient();
  const accountId = useAccountId();
  return useCallback(async () => {
    if (!accountId) return;
    void client.resumePausedMutations();
    await runtimeOf(client).engine(accountId).syncNow();
  }, [client, accountId]);
}

/** Commands the server refused (rolled back), oldest first, until the user dismisses them. */
export function useRefusedCommands(): { refused: RefusedCommand[]; dismiss: (commandId: string) => void } {
  const client = useQueryClient();
  const { data } = useQuery<RefusedCommand[]>({ queryKey: refusedKey, queryFn: skipToken });
  const dismiss = useCallback((commandId: string) => dismissRefused(client, commandId), [client]);
  return { refused: data ?? NO_REFUSALS, dismiss };
}

const NO_REFUSALS: RefusedCommand[] = [];
