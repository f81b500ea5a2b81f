import type { Entity, EntityType } from '../entity.ts';

export { stampPut, stampRemove } from './stamp.ts';

/**
 * What a command reads and writes, always inside one account. The server implements it over
 * DynamoDB (`@roundwise/db`), the browser over its synced cache, tests over memory; the same
 * command code runs on each, so they must agree on these rules:
 * - `get` and `list` never return tombstones;
 * - `put` stamps `_version` (+1) and `_updatedAt`, and returns the stored entity;
 * - `remove` leaves a tombstone (`_deleted: true`) so the deletion syncs.
 */
export interface Store {
  get<T extends object>(type: EntityType, id: string): Promise<Entity<T> | undefined>;
  list<T extends object>(type: EntityType): Promise<Entity<T>[]>;
  /** Entities whose indexed parent field equals `value` (see `indexedField` in `areas.ts`). */
  listBy<T extends object>(type: EntityType, value: string): Promise<Entity<T>[]>;
  /**
   * Optional: many entities by id in batched reads (the server's store), the live ones found. A
   * command writing thousands of items asks for them first, so its writes do not read one by one.
   */
  getMany?<T extends object>(type: EntityType, ids: readonly string[]): Promise<Entity<T>[]>;
  put<T extends object>(type: EntityType, entity: T & { _id: string }): Promise<Entity<T>>;
  remove(type: EntityType, id: string): Promise<void>;
}
