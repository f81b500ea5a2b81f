import { indexedField } from '../areas.ts';
import type { Change, Entity, EntityType } from '../entity.ts';
import { stampPut, stampRemove } from './stamp.ts';
import type { Store } from './store.ts';

/**
 * A Store held in memory, with the same stamping rules as the DynamoDB one. Used by tests, by
 * the browser's optimistic runs (over its synced entities) and by the seed generator.
 */
export class MemoryStore implements Store {
  private readonly items = new Map<string, Entity>();
  readonly changes: Change[] = [];

  constructor(private readonly clock: () => Date = () => new Date()) {}

  async get<T extends object>(type: EntityType, id: string): Promise<Entity<T> | undefined> {
    const item = this.items.get(key(type, id));
    return item && !item._deleted ? (structuredClone(item) as Entity<T>) : undefined;
  }

  async list<T extends object>(type: EntityType): Promise<Entity<T>[]> {
    const out: Entity<T>[] = [];
    const prefix = `${type}#`;
    for (const [k, v] of this.items) {
      if (k.startsWith(prefix) && !v._deleted) out.push(structuredClone(v) as Entity<T>);
    }
    return out.sort((a, b) => (a._id < b._id ? -1 : 1));
  }

  async listBy<T extends object>(type: EntityType, value: string): Promise<Entity<T>[]> {
    const field = indexedField[type];
    if (!field) throw new Error(`${type} has no indexed field`);
    return (await this.list<T>(type)).filter((e) => (e as Record<string, unknown>)[field] === value);
  }

  async put<T extends object>(type: EntityType, entity: T & { _id: string }): Promise<Entity<T>> {
    const stored = stampPut(this.items.get(key(type, entity._id)), entity, this.clock());
    this.items.set(key(type, entity._id), stored as Entity);
    this.changes.push({ type, entity: structuredClone(stored) as Entity });
    return structuredClone(stored);
  }

  async remove(type: EntityType, id: string): Promise<void> {
    const tomb = stampRemove(this.items.get(key(type, id)), id, this.clock());
    if (!tomb) return;
    this.items.set(key(type, id), tomb);
    this.changes.push({ type, entity: structuredClone(tomb) });
  }

  /** Loads entities as they are (with their meta), e.g. from a sync page. */
  load(type: EntityType, entity: Entity): void {
    this.items.set(key(type, entity._id), structuredClone(entity));
  }

  /** Every entity, tombstones included. */
  all(): Change[] {
    return [...this.items].map(([k, entity]) => ({ type: k.split('#')[0] as EntityType, entity }));
  }
}

const key = (type: EntityType, id: string) => `${type}#${id}`;
