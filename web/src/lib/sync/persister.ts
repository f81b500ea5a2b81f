import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import type { EntitySet } from './cache.ts';
import { decodeEntitySet, encodeEntitySet, encodeEntitySetInSlices } from './entity-codec.ts';

export interface IdbPersisterOptions {
  /** The app version: a different one drops the cached entities (their shape may have changed), never the queued commands. */
  buster: string;
  /** Older caches lose their entities (not their commands) on restore. */
  maxAge: number;
  /** Most one write of the entity values per this many ms; queued commands are written at once. */
  throttleMs?: number;
  store?: UseStore;
  /**
   * A read of the whole store already under way (index.html starts one before the app's
   * JavaScript has loaded: `takeEarlyRead`); without one, or when it failed, the persister reads.
   */
  earlyRead?: () => Promise<StoredRead | undefined> | undefined;
}

/** Every key and value of the store, read in one transaction (`getAllKeys` + `getAll`). */
export interface StoredRead {
  keys: IDBValidKey[];
  values: unknown[];
}

export interface IdbPersister extends Persister {
  /** Writes what is pending now (`urgent`: the entity sets in one transaction, as a page hides). */
  flush(urgent?: boolean): Promise<void>;
  /** Whether IndexedDB holds every change the persister was given (none waits or is being written). */
  isSaved(): boolean;
  /** Calls `listener` whenever `isSaved` changes; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** The database and store the app keeps its offline cache in (index.html reads them early too). */
export const DB_NAME = 'roundwise';
export const STORE_NAME = 'query-cache';

/** The read web/index.html started (`window.__roundwiseCacheRead`), once: later restores read themselves. */
export function takeEarlyRead(): Promise<StoredRead | undefined> | undefined {
  const g = globalThis as { __roundwiseCacheRead?: Promise<StoredRead | undefined> };
  const read = g.__roundwiseCacheRead;
  g.__roundwiseCacheRead = undefined;
  return read;
}

const MANIFEST = 'manifest';
/** Entity writes wait at least this many times as long as the last one spent encoding. */
const ENCODE_SHARE = 5;
/**
 * While a first load from the server's snapshot is under way, entity writes wait this long: its
 * large sets change every few pages, and a load cut short resumes from what was last written.
 */
const LOADING_MS = 5000;

const loadingFromSnapshot = (client: PersistedClient) =>
  client.clientState.queries.some(
    (q) => q.queryKey[0] === 'sync' && (q.state.data as { plan?: unknown } | undefined)?.plan !== undefined,
  );
const queryKeyOf = (hash: string) => `q:${hash}`;

/**
 * The layout of what is stored. 1 (no `format` in the manifest): every query a structured-cloned
 * value. 2: an entity set's data as the JSON text of `entity-codec.ts`. This version reads both;
 * a layout newer than it knows is dropped like an old app version's cache (the queue kept).
 */
export const PERSIST_FORMAT = 2;

interface Manifest {
  timestamp: number;
  buster: string;
  format?: number;
  mutations: PersistedClient['clientState']['mutations'];
  queries: string[];
}

type DehydratedQuery = PersistedClient['clientState']['queries'][number];
/** A query as stored: an entity set's data is in `entities` (JSON text), not `state.data`. */
type StoredQuery = DehydratedQuery & { entities?: string };

const isEntitySet = (q: DehydratedQuery) =>
  q.queryKey[0] === 'entities' && typeof (q.state.data as EntitySet | undefined)?.byId === 'object';

/**
 * The query as stored. Urgent (the page is hiding: it may be killed any moment) encodes at once;
 * otherwise a slice at a time with the page's other work in between, so writing a large set
 * (220,000 visits during a first load) never holds the page up for long.
 */
async function encodeQuery(q: DehydratedQuery, urgent: boolean): Promise<StoredQuery> {
  const set = q.state.data as EntitySet;
  const entities = !isEntitySet(q)
    ? undefined
    : urgent
      ? encodeEntitySet(set)
      : await encodeEntitySetInSlices(set, yieldToPage);
  // A set the layout cannot hold exactly stays a structured clone (read as format 1 values are).
  return entities === undefined ? q : { ...q, state: { ...q.state, data: undefined }, entities };
}

/** Lets the page run its other tasks (input, rendering, the sync's next page) before going on. */
const yieldToPage = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

/** The query back as TanStack dehydrated it, or undefined when its data cannot be read. */
function decodeQuery(stored: StoredQuery): DehydratedQuery | undefined {
  if (typeof stored.entities !== 'string') return stored; // format 1, or not an entity set
  const { entities, ...q } = stored;
  try {
    const data = decodeEntitySet(entities);
    return data && { ...q, state: { ...q.state, data } };
  } catch {
    return undefined; // damaged text: restored as stale, so the queued commands still come back
  }
}

/** Queries that survive a new app version or an old cache: the refusals the user has not seen. */
const keepsAcrossVersions = (q: DehydratedQuery) => q.queryKey[0] === 'refused';

/**
 * A persister for TanStack Query (same interface as the async storage persister, so it plugs into
 * `PersistQueryClientProvider`) that stores the client in IndexedDB in a shape made for a large
 * offline cache:
 * - one IndexedDB value per query (so one per account and entity type); an entity set as the JSON
 *   text of `entity-codec.ts`, encoded a slice at a time;
 * - a write stores only the queries whose data changed since the last write (by `dataUpdatedAt`),
 *   so a command on one customer rewrites the customers value, not 40,000 entities;
 * - each changed entity set in a transaction of its own, then the other queries with the manifest
 *   (queued commands, the list of queries): the cursor is never saved before the pages it follows;
 * - a change to the queued commands is written at once, other changes at most once per `throttleMs`
 *   (and no sooner than `ENCODE_SHARE` times the last write's encoding);
 * - a bust or an expired cache drops the entities but keeps the queued commands: nothing the user
 *   entered is discarded by an app update or a long time offline.
 */
export function createIdbPersister(options: IdbPersisterOptions): IdbPersister {
  // Opened on first use, so importing the persister touches no IndexedDB.
  let opened: UseStore | undefined;
  const store: UseStore = (mode, callback) => {
    opened ??= options.store ?? createStore(DB_NAME, STORE_NAME);
    return opened(mode, callback);
  };
  const throttleMs = options.throttleMs ?? 1000;
  const written = new Map<string, number>(); // queryHash -> dataUpdatedAt last written
  let lastMutations: unknown[] = [];
  let latest: PersistedClient | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let chain: Promise<void> = Promise.resolve();
  let writing = 0;

  // Saved: no change waits for a write and none is being written. Told on each flip.
  const listeners = new Set<() => void>();
  const isSaved = () => latest === undefined && writing === 0;
  let wasSaved = true;
  const tell = () => {
    if (isSaved() === wasSaved) return;
    wasSaved = !wasSaved;
    for (const listener of listeners) listener();
  };

  // How long the last write spent encoding: entity writes wait several times that, so a large
  // cache that keeps changing (a first load) is not re-encoded over and over.
  let lastEncodeMs = 0;

  const write = async (client: PersistedClient, urgent: boolean): Promise<void> => {
    const queries = client.clientState.queries;
    const changed = queries.filter((q) => written.get(q.queryHash) !== q.state.dataUpdatedAt);
    const present = new Set(queries.map((q) => q.queryHash));
    const removed = [...written.keys()].filter((h) => !present.has(h));
    const manifest: Manifest = {
      timestamp: client.timestamp,
      buster: client.buster,
      format: PERSIST_FORMAT,
      mutations: client.clientState.mutations.map(restorable),
      queries: queries.map((q) => q.queryHash),
    };
    const started = performance.now();
    const encoded: StoredQuery[] = [];
    for (const q of changed) encoded.push(await encodeQuery(q, urgent));
    lastEncodeMs = performance.now() - started;
    const put = (s: IDBObjectStore, i: number) => s.put(encoded[i], queryKeyOf(changed[i]!.queryHash));
    const large = urgent ? [] : changed.flatMap((q, i) => (isEntitySet(q) ? [i] : []));
    // Each entity set in a transaction of its own, one after the other, so the page is not held up
    // by storing all of them at once; then the rest with the manifest. A crash in between leaves
    // entities newer than the saved cursor, which the next sync sends again (harmless), never a
    // cursor saved without the pages it follows.
    for (const i of large) {
      await store('readwrite', (s) => {
        put(s, i);
        return promisifyRequest(s.transaction);
      });
    }
    await store('readwrite', (s) => {
      for (let i = 0; i < changed.length; i++) if (!large.includes(i)) put(s, i);
      for (const h of removed) s.delete(queryKeyOf(h));
      s.put(manifest, MANIFEST);
      return promisifyRequest(s.transaction);
    });
    for (const q of changed) written.set(q.queryHash, q.state.dataUpdatedAt);
    for (const h of removed) written.delete(h);
  };

  // A snapshot load may have begun since the timer was set: its writes wait `LOADING_MS` apart
  // (the first one too: a new device's first seconds go to its first screen).
  let lastWriteAt = Date.now();
  const onTimer = () => {
    const wait = latest && loadingFromSnapshot(latest) ? lastWriteAt + LOADING_MS - Date.now() : 0;
    if (wait > 0) timer = setTimeout(onTimer, wait);
    else void flush();
  };

  const flush = (urgent = false): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const client = latest;
    latest = undefined;
    if (!client) return chain;
    lastWriteAt = Date.now();
    writing++;
    chain = chain
      .then(() => write(client, urgent))
      .catch((e) => console.error('Saving the offline cache failed', e))
      .finally(() => {
        writing--;
        tell();
      });
    return chain;
  };

  if (typeof window !== 'undefined') {
    // The phone may kill a hidden page without warning: save what is pending when it hides.
    window.addEventListener('pagehide', () => void flush(true));
    document.addEventListener(
      'visibilitychange',
      () => document.visibilityState === 'hidden' && void flush(true),
    );
  }

  return {
    persistClient(client) {
      latest = client;
      const mutations = client.clientState.mutations.map((m) => m.state);
      const commandsChanged =
        mutations.length !== lastMutations.length || mutations.some((m, i) => m !== lastMutations[i]);
      lastMutations = mutations;
      if (commandsChanged) void flush();
      else timer ??= setTimeout(onTimer, Math.max(throttleMs, ENCODE_SHARE * lastEncodeMs));
      tell();
      return commandsChanged ? chain : undefined;
    },
    async restoreClient() {
      // One transaction and two requests for everything (the manifest and every value): the
      // manifest first and the values after cost a second round trip to the browser's store.
      const read = (await options.earlyRead?.()) ?? (await readAll(store));
      const byKey = new Map(read.keys.map((k, i) => [k, read.values[i]]));
      const manifest = byKey.get(MANIFEST) as Manifest | undefined;
      if (!manifest) return undefined;
      const stored = manifest.queries.map((h) => byKey.get(queryKeyOf(h)) as StoredQuery | undefined);
      const values = stored.map((q) => q && decodeQuery(q));
      let queries = values.filter((q): q is DehydratedQuery => !!q);
      // A value that could not be read, or a layout from a newer app: the entities and the sync
      // cursors go together (a cursor without its entities would never bring them back).
      const unreadable = (manifest.format ?? 1) > PERSIST_FORMAT || values.some((q, i) => stored[i] && !q);
      const stale =
        unreadable || manifest.buster !== options.buster || Date.now() - manifest.timestamp > options.maxAge;
      if (stale) queries = queries.filter(keepsAcrossVersions);
      for (const q of queries) written.set(q.queryHash, q.state.dataUpdatedAt);
      lastMutations = manifest.mutations.map((m) => m.state);
      return {
        // A stale cache comes back as current with what it may keep, so TanStack does not remove it.
        timestamp: stale ? Date.now() : manifest.timestamp,
        buster: options.buster,
        clientState: { mutations: manifest.mutations, queries },
      };
    },
    async removeClient() {
      // Called when a restore failed: drop the entities, keep the commands (see restoreClient).
      const manifest = await store('readonly', (s) =>
        promisifyRequest<Manifest | undefined>(s.get(MANIFEST)),
      );
      await store('readwrite', (s) => {
        s.clear();
        if (manifest?.mutations.length) s.put({ ...manifest, queries: [] }, MANIFEST);
        return promisifyRequest(s.transaction);
      });
      written.clear();
    },
    flush,
    isSaved,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function readAll(store: UseStore): Promise<StoredRead> {
  return store('readonly', (s) =>
    Promise.all([promisifyRequest(s.getAllKeys()), promisifyRequest(s.getAll())]).then(([keys, values]) => ({
      keys,
      values,
    })),
  );
}

/**
 * A command in flight (not paused) when the app closed is saved as paused, so that after a reload
 * `resumePausedMutations` sends it again (with the same commandId: the server answers a replay).
 */
function restorable(m: PersistedClient['clientState']['mutations'][number]) {
  if (m.state.status !== 'pending' || m.state.isPaused) return m;
  return { ...m, state: { ...m.state, isPaused: true } };
}
