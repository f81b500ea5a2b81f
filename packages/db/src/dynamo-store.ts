import {
  assertFitsOneRecord,
  type Change,
  conflict,
  type Entity,
  type EntityType,
  indexedField,
  type Store,
} from '@roundwise/core';
import type { EntityRepository } from './entities.ts';
import {
  TRANSACTION_MAX_ITEMS,
  type TransactItem,
  TransactionRefused,
  transactWrite,
} from './transactions.ts';

interface Pending {
  type: EntityType;
  entity: Entity;
  /** The version this write replaces; null when the item did not exist. */
  expected: number | null;
}

/**
 * Core's `Store` on the server: a unit of work for one command over an `EntityRepository`.
 * Reads are cached for the unit (the first read of an item wins, so the `_version` condition is
 * checked against what the command saw) and later reads see the unit's own pending writes. Writes
 * are buffered; `writes()` gives them (one per item, conditioned on the version the unit read) for
 * the transaction that stores them, and `commit()` stores them in one. A command that throws
 * writes nothing. Stamping follows core's `MemoryStore`.
 */
export class DynamoStore implements Store {
  /** Items as read from the table (tombstones included; undefined = absent), by `type#id`. */
  private readonly reads = new Map<string, Promise<Entity | undefined>>();
  private readonly seen = new Map<string, Entity | undefined>();
  private readonly lists = new Map<string, Promise<Entity[]>>();
  private pending: Pending[] = [];
  /** The newest pending write of each item. */
  private readonly latest = new Map<string, Pending>();

  constructor(
    readonly repo: EntityRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async get<T extends object>(type: EntityType, id: string): Promise<Entity<T> | undefined> {
    const current = await this.current(type, id);
    return current && !current._deleted ? (structuredClone(current) as Entity<T>) : undefined;
  }

  /**
   * Many items by id in batched reads (`EntityRepository.getManyRaw`), remembered as read, absent
   * ones too (so a later `put` of a new id does not read it again); the live ones.
   */
  async getMany<T extends object>(type: EntityType, ids: readonly string[]): Promise<Entity<T>[]> {
    const unread = ids.filter((id) => !this.reads.has(key(type, id)) && !this.latest.has(key(type, id)));
    if (unread.length > 0) {
      const stored = new Map((await this.repo.getManyRaw(type, unread)).map((e) => [e._id, e]));
      for (const id of unread) {
        if (!this.seen.has(key(type, id))) this.remember(key(type, id), stored.get(id));
      }
    }
    const found: Entity<T>[] = [];
    for (const id of ids) {
      const e = await this.get<T>(type, id);
      if (e) found.push(e);
    }
    return found;
  }

  async list<T extends object>(type: EntityType): Promise<Entity<T>[]> {
    const base = await this.cachedList(type, type, () => this.repo.list(type));
    return this.overlay<T>(type, base, () => true);
  }

  async listBy<T extends object>(type: EntityType, value: string): Promise<Entity<T>[]> {
    const field = indexedField[type];
    if (!field) throw new Error(`${type} has no indexed field`);
    const base = await this.cachedList(type, `${type}#${value}`, () => this.repo.listBy(type, value));
    // gsi2 is eventually consistent: keep only items whose (cached or pending) value still matches.
    return this.overlay<T>(type, base, (e) => (e as Record<string, unknown>)[field] === value);
  }

  async put<T extends object>(type: EntityType, entity: T & { _id: string }): Promise<Entity<T>> {
    assertFitsOneRecord(type, entity);
    const prev = await this.current(type, entity._id);
    const { _version, _updatedAt, _deleted, ...data } = entity as Entity<T>;
    const stored = {
      ...structuredClone(data),
      _id: entity._id,
      _version: (prev?._version ?? 0) + 1,
      _updatedAt: this.clock().toISOString(),
    } as Entity;
    this.buffer({ type, entity: stored, expected: prev ? prev._version : null });
    return structuredClone(stored) as Entity<T>;
  }

  async remove(type: EntityType, id: string): Promise<void> {
    const prev = await this.current(type, id);
    if (!prev || prev._deleted) return;
    const tomb: Entity = {
      _id: id,
      _version: prev._version + 1,
      _updatedAt: this.clock().toISOString(),
      _deleted: true,
    };
    this.buffer({ type, entity: tomb, expected: prev._version });
  }

  /**
   * The buffered writes, one per item (its last state, on condition that the item is still at the
   * version this unit first read), in the order the items were first written, with the changes
   * they store.
   */
  writes(): { items: TransactItem[]; changes: Change[] } {
    const first = new Map<string, Pending>();
    for (const p of this.pending) {
      const k = key(p.type, p.entity._id);
      if (!first.has(k)) first.set(k, p);
    }
    const items: TransactItem[] = [];
    const changes: Change[] = [];
    for (const [k, p] of first) {
      const last = this.latest.get(k) as Pending;
      items.push(this.repo.writeItem(p.type, last.entity, p.expected));
      changes.push({ type: p.type, entity: structuredClone(last.entity) });
    }
    return { items, changes };
  }

  /**
   * Each written item as the unit first read it (absent: new) and as it will be stored: what the
   * command changed, for its audit entry.
   */
  edits(): { type: EntityType; before?: Entity; after: Entity }[] {
    const { changes } = this.writes();
    return changes.map((c) => {
      const before = this.seen.get(key(c.type, c.entity._id));
      return { type: c.type, ...(before ? { before: structuredClone(before) } : {}), after: c.entity };
    });
  }

  /**
   * Stores the buffered writes and `extra` items (placed first) in one transaction, all or
   * nothing. A write whose item changed since this unit read it fails as `general.conflict`; a
   * failed `extra` item as `TransactionRefused`. Returns the stored changes.
   */
  async commit(extra: TransactItem[] = []): Promise<Change[]> {
    const { items, changes } = this.writes();
    if (items.length + extra.length > TRANSACTION_MAX_ITEMS) {
      throw new Error(`A unit of ${items.length + extra.length} writes is more than one transaction holds`);
    }
    if (items.length + extra.length === 0) return [];
    try {
      await transactWrite(this.repo.db, [...extra, ...items]);
    } catch (error) {
      if (!(error instanceof TransactionRefused)) throw error;
      if (extra.some((_, i) => error.failedCondition(i))) throw error;
      const failed = changes.find((_, i) => error.failedCondition(extra.length + i)) ?? changes[0];
      throw conflict('general.conflict', { type: failed?.type, id: failed?.entity._id });
    }
    this.pending = [];
    this.latest.clear();
    // Stored items are remembered; list results are read again when next asked for.
    this.lists.clear();
    for (const c of changes) this.remember(key(c.type, c.entity._id), c.entity);
    return changes;
  }

  private buffer(p: Pending) {
    this.pending.push(p);
    this.latest.set(key(p.type, p.entity._id), p);
  }

  /** The item as this unit sees it: its own pending write, else what it read (reading once). */
  private async current(type: EntityType, id: string): Promise<Entity | undefined> {
    const k = key(type, id);
    const mine = this.latest.get(k);
    if (mine) return mine.entity;
    let read = this.reads.get(k);
    if (!read) {
      read = this.repo.getRaw(type, id).then((e) => {
        if (!this.seen.has(k)) this.seen.set(k, e);
        return this.seen.get(k);
      });
      this.reads.set(k, read);
    }
    const item = await read;
    // A write may have been buffered while the read was in flight.
    return this.latest.get(k)?.entity ?? item;
  }

  private remember(k: string, entity: Entity | undefined) {
    this.seen.set(k, entity);
    this.reads.set(k, Promise.resolve(entity));
  }

  private cachedList(type: EntityType, listKey: string, load: () => Promise<Entity[]>): Promise<Entity[]> {
    let list = this.lists.get(listKey);
    if (!list) {
      list = load()
        .then((items) =>
          items.map((e) => {
            const k = key(type, e._id);
            // The first read of an item wins, so its version stays the one the command saw.
            if (!this.seen.has(k)) this.remember(k, e);
            return e._id;
          }),
        )
        .then((ids) =>
          ids.map((id) => this.seen.get(key(type, id))).filter((e): e is Entity => e !== undefined),
        );
      this.lists.set(listKey, list);
    }
    return list;
  }

  private overlay<T extends object>(
    type: EntityType,
    base: Entity[],
    keep: (e: Entity) => boolean,
  ): Entity<T>[] {
    const byId = new Map<string, Entity>();
    for (const e of base) byId.set(e._id, e);
    // Items this unit read or stored elsewhere count as read, even if the query missed them.
    const prefix = `${type}#`;
    for (const [k, e] of this.seen) if (e && k.startsWith(prefix)) byId.set(e._id, e);
    for (const [k, p] of this.latest) if (k.startsWith(prefix)) byId.set(p.entity._id, p.entity);
    return [...byId.values()]
      .filter((e) => !e._deleted && keep(e))
      .sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0))
      .map((e) => structuredClone(e) as Entity<T>);
  }
}

const key = (type: EntityType, id: string) => `${type}#${id}`;
