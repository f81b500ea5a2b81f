import { type Change, type Entity, type EntityType, entityTypes, Sync } from '@roundwise/core';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The synced entities of one account and type, as one query value: `byId` holds the live
 * entities, `gone` the version of each tombstone seen (so an older copy re-sent by the feed, or a
 * stale page, cannot bring a deleted entity back). One value per type keeps a change to one
 * customer from copying 20,000 visit records, and is one IndexedDB value when persisted.
 */
export interface EntitySet<T extends object = Record<string, unknown>> {
  byId: Readonly<Record<string, Entity<T>>>;
  gone: Readonly<Record<string, number>>;
}

/** Where the sync of one account stands; persisted with the entities, so a sync resumes. */
export interface SyncState {
  cursor: string | undefined;
  /** The full load finished at least once: the cache holds the whole account. */
  loaded: boolean;
  /**
   * What of the account this device holds, as the server last said (`Sync.viewFor`): the cache
   * keeps to it (command answers and optimistic writes included), and prunes itself when it changes.
   */
  view?: Sync.SyncView;
  /** A first load from the server's snapshot, under way: its pages, the next to apply, the feed cursor after them. */
  plan?: SyncPlan;
}

/** One page of a snapshot load: where to fetch it, and its type and size (`GET /api/sync`'s `pages`). */
export interface PlannedPage {
  cursor: string;
  type: EntityType;
  entities: number;
}

export interface SyncPlan {
  pages: PlannedPage[];
  next: number;
  /** The feed cursor the load continues from once its pages are in. */
  after: string;
}

export const entitiesKey = (accountId: string, type: EntityType) => ['entities', accountId, type] as const;
export const syncKey = (accountId: string) => ['sync', accountId] as const;

export const EMPTY_SET: EntitySet = Object.freeze({ byId: Object.freeze({}), gone: Object.freeze({}) });

export function getEntitySet(client: QueryClient, accountId: string, type: EntityType): EntitySet {
  return client.getQueryData<EntitySet>(entitiesKey(accountId, type)) ?? EMPTY_SET;
}

export function getSyncState(client: QueryClient, accountId: string): SyncState {
  return client.getQueryData<SyncState>(syncKey(accountId)) ?? { cursor: undefined, loaded: false };
}

export function setSyncState(client: QueryClient, accountId: string, state: SyncState): void {
  client.setQueryData(syncKey(accountId), state);
}

/**
 * How an incoming copy competes with the cached one:
 * - `newer` (sync pages): only a strictly higher `_version` wins, so the feed's re-sent window and
 *   an optimistic write not yet acknowledged are kept;
 * - `server` (a command's answer): the server's copy wins at an equal version too (it is the
 *   authoritative result of the write the optimistic copy guessed);
 * - `local` (optimistic writes and rollbacks): always applied.
 */
export type ApplyMode = 'newer' | 'server' | 'local';

/**
 * Applies changes in one batch per type: each touched type is copied once (not once per change),
 * untouched entities keep their identity, so `useEntity` selectors over them do not re-render.
 * Returns the changes that lost to the cached copy (an optimistic write, or a copy already newer).
 */
export function applyChanges(
  client: QueryClient,
  accountId: string,
  changes: readonly Change[],
  mode: ApplyMode,
): Change[] {
  // Sync pages come through the view already; a command's writes, here or on the server, may
  // touch more (a Worker's visit makes an invoice): the device keeps only what its view holds.
  const view = mode === 'newer' ? undefined : getSyncState(client, accountId).view;
  const byType = new Map<EntityType, Change[]>();
  for (const original of changes) {
    let c = original;
    if (view) {
      const through = Sync.throughView(view, c);
      if (typeof through !== 'object') continue;
      c = through.send;
    }
    const list = byType.get(c.type);
    if (list) list.push(c);
    else byType.set(c.type, [c]);
  }
  const lost: Change[] = [];
  for (const [type, list] of byType) {
    const prev = getEntitySet(client, accountId, type);
    let byId: Record<string, Entity> | undefined;
    let gone: Record<string, number> | undefined;
    for (const change of list) {
      const { entity } = change;
      const id = entity._id;
      const current = (byId ?? prev.byId)[id];
      const currentVersion = current?._version ?? (gone ?? prev.gone)[id] ?? -1;
      const wins =
        mode === 'local' ||
        entity._version > currentVersion ||
        (mode === 'server' && entity._version === currentVersion);
      if (!wins) {
        lost.push(change);
        continue;
      }
      if (entity._deleted) {
        if (current) {
          byId ??= { ...prev.byId };
          delete byId[id];
        }
        gone ??= { ...prev.gone };
        gone[id] = entity._version;
      } else {
        byId ??= { ...prev.byId };
        byId[id] = entity;
        if ((gone ?? prev.gone)[id] !== undefined) {
          gone ??= { ...prev.gone };
          delete gone[id];
        }
      }
    }
    if (byId || gone) {
      client.setQueryData<EntitySet>(entitiesKey(accountId, type), {
        byId: byId ?? prev.byId,
        gone: gone ?? prev.gone,
      });
    }
  }
  return lost;
}

/**
 * Restores one entity to what it was before an optimistic write: `before` undefined removes it
 * (a create that the server refused), a tombstone-less `before` puts it back.
 */
export function restoreEntity(
  client: QueryClient,
  accountId: string,
  type: EntityType,
  id: string,
  before: Entity | undefined,
): void {
  // What the device held before may be more than its view now holds (a role changed meanwhile).
  const view = getSyncState(client, accountId).view;
  if (view && before && !before._deleted) {
    const through = Sync.throughView(view, { type, entity: before });
    before = typeof through === 'object' ? through.send.entity : undefined;
  }
  const prev = getEntitySet(client, accountId, type);
  const byId = { ...prev.byId };
  const gone = { ...prev.gone };
  if (before && !before._deleted) {
    byId[id] = before;
    delete gone[id];
  } else {
    delete byId[id];
    if (before?._deleted) gone[id] = before._version;
    else delete gone[id];
  }
  client.setQueryData<EntitySet>(entitiesKey(accountId, type), { byId, gone });
}

/** The cached copy of one entity, a tombstone if only its deletion is known. */
export function cachedEntity(
  client: QueryClient,
  accountId: string,
  type: EntityType,
  id: string,
): Entity | undefined {
  const set = getEntitySet(client, accountId, type);
  const live = set.byId[id];
  if (live) return live;
  const v = set.gone[id];
  return v === undefined ? undefined : ({ _id: id, _version: v, _updatedAt: '', _deleted: true } as Entity);
}

/** Drops entities a full reload did not bring back (deleted while this device held an invalid cursor). */
export function sweepUnseen(
  client: QueryClient,
  accountId: string,
  seen: ReadonlyMap<EntityType, ReadonlySet<string>>,
  keep: ReadonlySet<string>,
): void {
  for (const type of entityTypes) {
    const prev = getEntitySet(client, accountId, type);
    const seenIds = seen.get(type);
    let byId: Record<string, Entity> | undefined;
    for (const id of Object.keys(prev.byId)) {
      if (seenIds?.has(id) || keep.has(`${type}#${id}`)) continue;
      byId ??= { ...prev.byId };
      delete byId[id];
    }
    if (byId) client.setQueryData<EntitySet>(entitiesKey(accountId, type), { byId, gone: prev.gone });
  }
}

/**
 * The account's view changed (a role, or a setting a route reads): keeps of each entity what the
 * new view holds (`Sync.keptAfterViewChange`), drops the rest, and empties the types it no longer
 * holds, before the reload that follows. Entities pending commands wrote (`keep`) stay until
 * their commands are answered.
 */
export function pruneForView(
  client: QueryClient,
  accountId: string,
  before: Sync.SyncView | undefined,
  after: Sync.SyncView,
  keep: ReadonlySet<string>,
): void {
  for (const type of entityTypes) {
    const prev = client.getQueryData<EntitySet>(entitiesKey(accountId, type));
    if (!prev) continue;
    if (!after.types[type]) {
      client.setQueryData<EntitySet>(entitiesKey(accountId, type), { byId: {}, gone: {} });
      continue;
    }
    let byId: Record<string, Entity> | undefined;
    for (const [id, entity] of Object.entries(prev.byId)) {
      if (keep.has(`${type}#${id}`)) continue;
      const kept = Sync.keptAfterViewChange(before, after, { type, entity });
      if (kept === entity) continue;
      byId ??= { ...prev.byId };
      if (kept) byId[id] = kept;
      else delete byId[id];
    }
    if (byId) client.setQueryData<EntitySet>(entitiesKey(accountId, type), { byId, gone: prev.gone });
  }
}

/**
 * Records that left the view (`drop` of a sync page: reassigned, an alert's audience changed):
 * removed when the device holds them at that version or older. Not remembered as deleted: they
 * come back as ordinary changes if they enter the view again.
 */
export function dropRecords(
  client: QueryClient,
  accountId: string,
  drops: readonly { type: EntityType; id: string; version: number }[],
  keep: ReadonlySet<string>,
): void {
  const byType = new Map<EntityType, Record<string, Entity>>();
  for (const { type, id, version } of drops) {
    const current = byType.get(type) ?? getEntitySet(client, accountId, type).byId;
    const held = current[id];
    if (!held || held._version > version || keep.has(`${type}#${id}`)) continue;
    const next = byType.has(type) ? (current as Record<string, Entity>) : { ...current };
    delete next[id];
    byType.set(type, next);
  }
  for (const [type, byId] of byType) {
    const prev = getEntitySet(client, accountId, type);
    client.setQueryData<EntitySet>(entitiesKey(accountId, type), { byId, gone: prev.gone });
  }
}
