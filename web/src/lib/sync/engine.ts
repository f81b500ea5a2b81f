import { type Change, type EntityType, isAppError } from '@roundwise/core';
import type { QueryClient } from '@tanstack/react-query';
import { answered } from '../errors.ts';
import { applyChanges, getSyncState, setSyncState, sweepUnseen } from './cache.ts';
import type { Transport } from './transport.ts';

export interface SyncEngineOptions {
  /** Entities per page asked for (the server may send more on snapshot pages). */
  pageLimit?: number;
  /** Keys `type#id` an optimistic write holds: never swept by a full reload. */
  pendingKeys?: () => ReadonlySet<string>;
  /** Server copies that lost to a cached optimistic write: the commands' rollback base must become them. */
  onShadowed?: (accountId: string, changes: Change[]) => void;
}

export interface SyncActivity {
  /** A sync is in flight. */
  syncing: boolean;
  /** The last call reached the server (false after a network failure, until one succeeds). */
  reachable: boolean;
  /** The last sync's error code, if it failed. */
  error: string | undefined;
}

/**
 * Pulls the account's changes into the cache: a paged full load from no cursor, then deltas from
 * the persisted cursor. One run at a time; a request during a run queues exactly one more run, so
 * a change acknowledged mid-run is always fetched. The cursor is saved after each page is applied
 * (same cache, same persisted snapshot), so an interrupted full load resumes where it stopped.
 */
export class SyncEngine {
  private running: Promise<void> | undefined;
  private again = false;
  private activity: SyncActivity = { syncing: false, reachable: true, error: undefined };
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly client: QueryClient,
    private readonly transport: Transport,
    readonly accountId: string,
    private readonly options: SyncEngineOptions = {},
  ) {}

  /** Runs a sync now, or right after the one in flight. Resolves when the cache is caught up; never rejects. */
  syncNow(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.runOnce();
        } while (this.again);
      } finally {
        this.running = undefined;
        this.set({ syncing: false });
      }
    })();
    return this.running;
  }

  getActivity = (): SyncActivity => this.activity;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Marks the server reachable or not from any call (commands report here too). */
  reportReachable(reachable: boolean): void {
    this.set({ reachable });
  }

  private set(patch: Partial<SyncActivity>): void {
    const next = { ...this.activity, ...patch };
    const a = this.activity;
    if (next.syncing === a.syncing && next.reachable === a.reachable && next.error === a.error) return;
    this.activity = next;
    for (const l of this.listeners) l();
  }

  private async runOnce(): Promise<void> {
    this.set({ syncing: true });
    const limit = this.options.pageLimit ?? 2000;
    let state = getSyncState(this.client, this.accountId);
    // A reload from scratch over a cache that already holds data must drop what it does not bring back.
    let seen: Map<EntityType, Set<string>> | undefined =
      state.cursor === undefined && state.loaded ? new Map() : undefined;
    let restarted = false;
    // Pages received but not yet in the cache, and the cursor after the last of them.
    const pending = new PendingPages();
    // Counted only when a load runs past its first page (a delta sync never needs it).
    let inCache: number | undefined;
    const apply = () => {
      if (!pending.cursorAfter) return;
      if (inCache !== undefined) inCache += pending.changes.length;
      const lost = applyChanges(this.client, this.accountId, pending.changes, 'newer');
      if (lost.length) this.options.onShadowed?.(this.accountId, lost);
      state = { cursor: pending.cursorAfter.cursor, loaded: state.loaded || pending.cursorAfter.complete };
      if (pending.cursorAfter.complete && seen) {
        sweepUnseen(this.client, this.accountId, seen, this.options.pendingKeys?.() ?? new Set());
        seen = undefined;
      }
      setSyncState(this.client, this.accountId, state);
      pending.clear();
    };
    try {
      for (;;) {
        let page: Awaited<ReturnType<Transport['sync']>>;
        // After the pages held back, if any.
        const cursor = pending.cursorAfter?.cursor ?? state.cursor;
        try {
          page = await this.transport.sync(cursor, limit);
        } catch (e) {
          if (isAppError(e) && e.code === 'sync.cursor-invalid' && cursor !== undefined && !restarted) {
            restarted = true;
            // The snapshot this cursor pointed into is gone: start again with no cursor.
            pending.clear();
            state = { cursor: undefined, loaded: state.loaded };
            setSyncState(this.client, this.accountId, state);
            seen = state.loaded ? new Map() : undefined;
            continue;
          }
          throw e;
        }
        this.set({ reachable: true, error: undefined });
        if (seen) {
          for (const { type, entity } of page.changes) {
            if (entity._deleted) continue;
            const ids = seen.get(type) ?? new Set<string>();
            seen.set(type, ids);
            ids.add(entity._id);
          }
        }
        pending.add(page.changes, page.cursor, !page.hasMore);
        if (!page.hasMore) apply();
        else {
          inCache ??= this.entitiesInCache();
          if (pending.due(inCache)) apply();
        }
        if (!page.hasMore) return;
      }
    } catch (e) {
      // What arrived before the failure is kept, and the next run resumes after it.
      apply();
      this.set({ error: isAppError(e) ? e.code : String(e), reachable: answered(e) });
    }
  }

  /** Entities of this account in the cache (all types), counted once a run. */
  private entitiesInCache(): number {
    let n = 0;
    for (const q of this.client.getQueryCache().findAll({ queryKey: ['entities', this.accountId] })) {
      const set = q.state.data as { byId?: object } | undefined;
      if (set?.byId) n += Object.keys(set.byId).length;
    }
    return n;
  }
}

/**
 * Pages held back from the cache during a long load. Each application copies the touched types'
 * sets (they are immutable, so screens re-render on change), so applying every page of a large
 * account's first load cost time quadratic in its size (measured in Node, pages of 2,000: 40,000
 * entities 0.37 s, 100,000 2.2 s, 200,000 9.9 s). Pages are applied once the held ones are as
 * many as the cache already holds (so every entity is copied a bounded number of times: linear
 * in all) or a second has passed since the last application (so a screen fills as it loads).
 */
class PendingPages {
  changes: Change[] = [];
  cursorAfter: { cursor: string; complete: boolean } | undefined;
  private since = Date.now();

  add(changes: readonly Change[], cursor: string, complete: boolean) {
    if (this.changes.length === 0) this.since = Date.now();
    for (const c of changes) this.changes.push(c);
    this.cursorAfter = { cursor, complete };
  }

  due(inCache: number): boolean {
    return this.changes.length >= inCache || Date.now() - this.since >= APPLY_EVERY_MS;
  }

  clear() {
    this.changes = [];
    this.cursorAfter = undefined;
  }
}
const APPLY_EVERY_MS = 1000;
