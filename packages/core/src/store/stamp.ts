import type { Entity } from '../entity.ts';

/**
 * The stamping rules every Store follows (the server's, `MemoryStore` and the browser's optimistic
 * `CacheStore`), in one place so the device and the server agree on an entity's meta:
 * a write is the previous `_version` + 1 (1 for a new entity) at `now`, and any meta the caller
 * passed is ignored; a remove is a tombstone one version above the live entity.
 */
export function stampPut<T extends object>(
  prev: Entity | undefined,
  entity: T & { _id: string },
  now: Date,
): Entity<T> {
  const { _version, _updatedAt, _deleted, ...data } = entity as Entity<T>;
  return {
    ...data,
    _id: entity._id,
    _version: (prev?._version ?? 0) + 1,
    _updatedAt: now.toISOString(),
  } as Entity<T>;
}

/** The tombstone that removes `prev`; undefined when there is nothing live to remove. */
export function stampRemove(prev: Entity | undefined, id: string, now: Date): Entity | undefined {
  if (!prev || prev._deleted) return undefined;
  return { _id: id, _version: prev._version + 1, _updatedAt: now.toISOString(), _deleted: true } as Entity;
}
