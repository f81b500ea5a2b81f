import { type Change, type EntityType, isAppError } from '@roundwise/core';
import type { QueryClient } from '@tanstack/react-query';
import { answered } from '../errors.ts';
import {
  applyChanges,
  dropRecords,
  getEntitySet,
  getSyncState,
  pruneForView,
  type SyncPlan,
  type SyncState,
  setSyncState,
  sweepUnseen,
} from './cache.ts';
import type { SyncPage, Transport } from './transport.ts';

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
    const keep = () => this.options.pendingKeys?.() ?? new Set<string>();
    let state = getSyncState(this.client, this.accountId);
    // A reload from scratch over a cache that already holds data must drop what it does not bring
    // back (not a reload resumed half-way: what it brought before is not known any more).
    let seen: Map<EntityType, Set<string>> | undefined =
      state.cursor === undefined && !state.plan && state.loaded ? new Map() : undefined;
    let restarts = 0;
    // Pages received but not yet in the cache, and the state after the last of them.
    const pending = new PendingPages();
    // Counted only when a load runs past its first page (a delta sync never needs it).
    let inCache: number | undefined;
    const apply = () => {
      if (!pending.after) return;
      if (inCache !== undefined) inCache += pending.changes.length;
      const lost = applyChanges(this.client, this.accountId, pending.changes, 'newer');
      if (lost.length) this.options.onShadowed?.(this.accountId, lost);
      state = { ...pending.after, view: state.view, loaded: state.loaded || pending.complete };
      if (pending.complete && seen) {
        sweepUnseen(this.client, this.accountId, seen, keep());
        seen = undefined;
      }
      setSyncState(this.client, this.accountId, state);
      pending.clear();
    };
    const note = (changes: readonly Change[]) => {
      if (!seen) return;
      for (const { type, entity } of changes) {
        if (entity._deleted) continue;
        const ids = seen.get(type) ?? new Set<string>();
        seen.set(type, ids);
        ids.add(entity._id);
      }
    };
    const restart = () => {
      // Start again with no cursor; what the reload does not bring back goes at its end.
      pending.clear();
      state = { cursor: undefined, loaded: state.loaded, view: state.view };
      setSyncState(this.client, this.accountId, state);
      seen = state.loaded ? new Map() : undefined;
    };
    try {
      for (;;) {
        if (state.plan) {
          try {
            await this.loadPlan(state, state.plan, limit, pending, note, apply);
          } catch (e) {
            // The snapshot was replaced twice since the load began: start again.
            if (!isCursorInvalid(e) || restarts++ > 0) throw e;
            restart();
          }
          continue;
        }
        let page: SyncPage;
        // After the pages held back, if any.
        const cursor = pending.after ? pending.after.cursor : state.cursor;
        try {
          page = await this.transport.sync(cursor, limit);
        } catch (e) {
          // The snapshot this cursor pointed into is gone: start again with no cursor.
          if (isCursorInvalid(e) && cursor !== undefined && restarts++ === 0) {
            restart();
            continue;
          }
          throw e;
        }
        this.set({ reachable: true, error: undefined });
        if (page.view && page.view.key !== state.view?.key) {
          // A role or a setting changed what this device may hold: keep only that, before reloading.
          if (state.view || state.loaded)
            pruneForView(this.client, this.accountId, state.view, page.view, keep());
          state = { ...state, view: page.view };
          setSyncState(this.client, this.accountId, state);
        }
        if (page.restart) {
          // A view changing again and again (roles being edited meanwhile): the next run goes on.
          if (restarts++ >= 2) return;
          restart();
          continue;
        }
        if (page.pages) {
          // A snapshot with nothing for this view lists no pages: straight on to the feed.
          state = page.pages.length
            ? { ...state, plan: { pages: page.pages, next: 0, after: page.cursor } }
            : { ...state, cursor: page.cursor };
          setSyncState(this.client, this.accountId, state);
          continue;
        }
        note(page.changes);
        pending.add(
          page.changes,
          { cursor: page.cursor, loaded: state.loaded, view: state.view },
          !page.hasMore,
        );
        if (page.drop?.length) {
          apply();
          dropRecords(this.client, this.accountId, page.drop, keep());
        } else if (!page.hasMore) apply();
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

  /**
   * A first load from the server's snapshot: its pages fetched a few at a time (they are
   * independent) and applied in the plan's order, which puts what the first screens show first;
   * each type is applied as soon as its last page is in, so a screen fills type by type. The plan's
   * position is saved with the pages applied, so an interrupted load resumes where it stopped.
   */
  private async loadPlan(
    state: SyncState,
    plan: SyncPlan,
    limit: number,
    pending: PendingPages,
    note: (changes: readonly Change[]) => void,
    apply: () => void,
  ): Promise<void> {
    // Entities of the page's type in the cache: a type is applied once its pages held are as
    // many (each application copies the type's set), and when its last page is in.
    let typeSize = 0;
    const inFlight = new Map<number, Promise<SyncPage>>();
    const fetchPage = (i: number) => {
      const request = this.transport.sync(plan.pages[i]!.cursor, limit);
      request.catch(() => {}); // awaited in order below; a failure ends the load there
      inFlight.set(i, request);
    };
    for (let next = plan.next; next < plan.pages.length; next++) {
      for (let i = next; i < Math.min(plan.pages.length, next + PAGES_IN_FLIGHT); i++)
        if (!inFlight.has(i)) fetchPage(i);
      const page = await (inFlight.get(next) as Promise<SyncPage>);
      inFlight.delete(next);
      this.set({ reachable: true, error: undefined });
      note(page.changes);
      const last = next + 1 === plan.pages.length;
      const after: SyncState = last
        ? { cursor: plan.after, loaded: state.loaded, view: state.view }
        : { cursor: undefined, loaded: state.loaded, view: state.view, plan: { ...plan, next: next + 1 } };
      const type = plan.pages[next]!.type;
      if (next === plan.next || plan.pages[next - 1]!.type !== type)
        typeSize = Object.keys(getEntitySet(this.client, this.accountId, type).byId).length;
      pending.add(page.changes, after, false);
      const typeDone = last || plan.pages[next + 1]!.type !== type;
      // The rest of this type in the plan: not worth an early application when it is less than held.
      let rest = 0;
      for (let i = next + 1; i < plan.pages.length && plan.pages[i]!.type === type; i++)
        rest += plan.pages[i]!.entities;
      const held = pending.changes.length;
      if (typeDone || (held >= Math.max(PLAN_APPLY_AT_LEAST, typeSize) && rest >= held)) {
        typeSize += held;
        apply();
      }
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
  /** The sync state once these pages are in the cache; `complete`: the last page of a load. */
  after: SyncState | undefined;
  complete = false;
  private since = Date.now();

  add(changes: readonly Change[], after: SyncState, complete: boolean) {
    if (this.changes.length === 0) this.since = Date.now();
    for (const c of changes) this.changes.push(c);
    this.after = after;
    this.complete = complete;
  }

  due(inCache: number): boolean {
    return this.changes.length >= inCache || Date.now() - this.since >= APPLY_EVERY_MS;
  }

  clear() {
    this.changes = [];
    this.after = undefined;
    this.complete = false;
  }
}
const APPLY_EVERY_MS = 1000;
/** Snapshot pages requested at once during a first load (each about 2,000 entities). */
const PAGES_IN_FLIGHT = 4;
/**
 * A type loading from a snapshot is applied at its first 20,000 entities (the newest visits: the
 * day's work), then each time it has doubled while as much again is still to come, and at its
 * end: few copies of a large set (each copies the set, and re-renders the screens reading it),
 * and large sets are the ones worth showing before they are whole.
 */
const PLAN_APPLY_AT_LEAST = 20_000;

const isCursorInvalid = (e: unknown) => isAppError(e) && e.code === 'sync.cursor-invalid';
