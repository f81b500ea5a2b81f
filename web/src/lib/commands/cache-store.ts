import {
  assertFitsOneRecord,
  type Change,
  type Entity,
  type EntityType,
  indexedField,
  type Store,
  stampPut,
  stampRemove,
} from '@roundwise/core';
import type { QueryClient } from '@tanstack/react-query';
import { getEntitySet } from '../sync/cache.ts';

/**
 * The core `Store` over the synced cache of one account, for a command's optimistic run. Writes
 * go to an overlay (the command reads its own writes) and are listed in `changes`; the cache
 * itself changes only when the caller applies them, in one batch. Stamping is core's
 * `stampPut`/`stampRemove`, the rules `MemoryStore` and the server follow.
 */
export class CacheStore implements Store {
  private readonly overlay = new Map<string, Entity>();
  readonly changes: Change[] = [];

  constructor(
    private readonly client: QueryClient,
    private readonly accountId: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private current(type: EntityType, id: string): Entity | undefined {
    const own = this.overlay.get(`${type}#${id}`);
    if (own) return own;
    const set = getEntitySet(this.client, this.accountId, type);
    const live = set.byId[id];
    if (live) return live;
    const gone = set.gone[id];
    return gone === undefined
      ? undefined
      : ({ _id: id, _version: gone, _updatedAt: '', _deleted: true } as Entity);
  }

  async get<T extends object>(type: EntityType, id: string): Promise<Entity<T> | undefined> {
    const e = this.current(type, id);
    return e && !e._deleted ? (structuredClone(e) as Entity<T>) : undefined;
  }

  async list<T extends object>(type: EntityType): Promise<Entity<T>[]> {
    const merged = new Map<string, Entity>(
      Object.entries(getEntitySet(this.client, this.accountId, type).byId),
    );
    const prefix = `${type}#`;
    for (const [k, v] of this.overlay) if (k.startsWith(prefix)) merged.set(v._id, v);
    const out: Entity<T>[] = [];
    // Shallow copies: commands spread what they read rather than mutate it.
    for (const e of merged.values()) if (!e._deleted) out.push({ ...e } as Entity<T>);
    return out.sort((a, b) => (a._id < b._id ? -1 : 1));
  }

  async listBy<T extends object>(type: EntityType, value: string): Promise<Entity<T>[]> {
    const field = indexedField[type];
    if (!field) throw new Error(`${type} has no indexed field`);
    return (await this.list<T>(type)).filter((e) => (e as Record<string, unknown>)[field] === value);
  }

  async put<T extends object>(type: EntityType, entity: T & { _id: string }): Promise<Entity<T>> {
    assertFitsOneRecord(type, entity);
    const stored = stampPut(this.current(type, entity._id), entity, this.clock()) as Entity;
    this.write(type, stored);
    return structuredClone(stored) as Entity<T>;
  }

  async remove(type: EntityType, id: string): Promise<void> {
    const tomb = stampRemove(this.current(type, id), id, this.clock());
    if (tomb) this.write(type, tomb);
  }

  private write(type: EntityType, entity: Entity): void {
    this.overlay.set(`${type}#${entity._id}`, entity);
    this.changes.push({ type, entity });
  }
}
