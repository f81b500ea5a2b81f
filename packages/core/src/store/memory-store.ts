import { indexedField } from '../areas.ts';
import type { Change, Entity, EntityType } from '../entity.ts';
import { assertFitsOneRecord } from './record-size.ts';
import { stampPut, stampRemove } from './stamp.ts';
import type { Store } from './store.ts';

/**
 * A Store held in memory, with the same stamping rules as the DynamoDB one. Used by tests and by
 * the seed generator, which runs the commands of a whole business on it (hundreds of thousands of
 * calls at the city scale). So that is fast: each type has its own map and the indexed parent
 * field its own index, as the table has, instead of a scan of every entity per `list` or
 * `listBy`; and what it stores is frozen (deeply) and handed out as it is, instead of a copy per
 * read. A caller that changes an entity it read gets a TypeError rather than a store changed
 * behind its back: commands build new values (`{ ...current, ...changes }`), as they must for
 * every store.
 */
export class MemoryStore implements Store {
  private readonly byType = new Map<EntityType, Map<string, Entity>>();
  /** `type#parent` to the ids of the live entities of `type` whose indexed field is `parent`. */
  private readonly byParent = new Map<string, Set<string>>();
  readonly changes: Change[] = [];

  constructor(private readonly clock: () => Date = () => new Date()) {}

  async get<T extends object>(type: EntityType, id: string): Promise<Entity<T> | undefined> {
    const item = this.byType.get(type)?.get(id);
    return item && !item._deleted ? (item as Entity<T>) : undefined;
  }

  async list<T extends object>(type: EntityType): Promise<Entity<T>[]> {
    const out: Entity<T>[] = [];
    for (const v of this.byType.get(type)?.values() ?? []) {
      if (!v._deleted) out.push(v as Entity<T>);
    }
    return out.sort(byId);
  }

  async listBy<T extends object>(type: EntityType, value: string): Promise<Entity<T>[]> {
    if (!indexedField[type]) throw new Error(`${type} has no indexed field`);
    const of = this.byType.get(type);
    const out: Entity<T>[] = [];
    for (const id of this.byParent.get(`${type}#${value}`) ?? []) {
      out.push(of?.get(id) as Entity<T>);
    }
    return out.sort(byId);
  }

  async put<T extends object>(type: EntityType, entity: T & { _id: string }): Promise<Entity<T>> {
    assertFitsOneRecord(type, entity);
    const stored = deepFreeze(stampPut(this.byType.get(type)?.get(entity._id), entity, this.clock()));
    this.set(type, stored as Entity);
    this.changes.push({ type, entity: stored as Entity });
    return stored;
  }

  async remove(type: EntityType, id: string): Promise<void> {
    const tomb = stampRemove(this.byType.get(type)?.get(id), id, this.clock());
    if (!tomb) return;
    this.set(type, deepFreeze(tomb));
    this.changes.push({ type, entity: tomb });
  }

  /** Loads entities as they are (with their meta), e.g. from a sync page. */
  load(type: EntityType, entity: Entity): void {
    this.set(type, deepFreeze(structuredClone(entity)));
  }

  /** Every entity, tombstones included: type by type, each in the order it was first written. */
  all(): Change[] {
    const out: Change[] = [];
    for (const [type, of] of this.byType) for (const entity of of.values()) out.push({ type, entity });
    return out;
  }

  /** Stores `entity` (owned by the store from now on) and keeps the parent index in step. */
  private set(type: EntityType, entity: Entity): void {
    let of = this.byType.get(type);
    if (!of) {
      of = new Map();
      this.byType.set(type, of);
    }
    const field = indexedField[type];
    if (field) {
      const parentOf = (e: Entity | undefined) =>
        e && !e._deleted ? ((e as Record<string, unknown>)[field] as string | undefined) : undefined;
      const before = parentOf(of.get(entity._id));
      const after = parentOf(entity);
      if (before !== after) {
        if (before !== undefined) this.byParent.get(`${type}#${before}`)?.delete(entity._id);
        if (after !== undefined) {
          const key = `${type}#${after}`;
          const ids = this.byParent.get(key);
          if (ids) ids.add(entity._id);
          else this.byParent.set(key, new Set([entity._id]));
        }
      }
    }
    of.set(entity._id, entity);
  }
}

const byId = (a: { _id: string }, b: { _id: string }) => (a._id < b._id ? -1 : 1);

/** Freezes `value` and everything in it (parts already frozen came from the store: skipped). */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
  return value;
}
