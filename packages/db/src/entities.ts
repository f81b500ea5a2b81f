import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  PutCommand,
  type PutCommandInput,
  QueryCommand,
  type QueryCommandInput,
  type QueryCommandOutput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import {
  AppError,
  type Change,
  type Customers,
  conflict,
  type Entity,
  type EntityType,
  indexedField,
  Portal,
} from '@roundwise/core';
import { readItem } from './batched-reads.ts';
import type { Db } from './client.ts';
import { entityPk, feedPk, feedSk, leadSk, leadsPk, parentPk } from './keys.ts';
import { GSI1, GSI2 } from './table.ts';
import type { TransactItem } from './transactions.ts';

/** Attributes the table adds to an entity; stripped when reading it back. */
const STORAGE_ATTRIBUTES = [
  'pk',
  'sk',
  'gsi1pk',
  'gsi1sk',
  'gsi2pk',
  'gsi2sk',
  '_type',
  '_accountId',
  // The writing command's id, which items written by an earlier version of the code still carry.
  '_cmd',
] as const;

/** How far behind "now" a caught-up feed cursor stays (see README, "Change feed"). */
export const FEED_LAG_MS = 5000;

export interface ChangePage {
  changes: Change[];
  /** Opaque: base64url of the last gsi1 sort key delivered (or of the lag floor). */
  cursor: string;
  hasMore: boolean;
}

export const encodeCursor = (key: string) => Buffer.from(key, 'utf8').toString('base64url');

/** Decodes a client's cursor; anything that is not one of ours is `sync.cursor-invalid`. */
export function decodeCursor(cursor: string | undefined): string {
  if (!cursor) return '';
  const key = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+Z(#|$)/.test(key)) throw new AppError('validation', 'sync.cursor-invalid');
  return key;
}

/**
 * The entities of one account. Every key it builds starts with `A#<accountId>`, so nothing of
 * another account is reachable through it.
 */
export class EntityRepository {
  constructor(
    readonly db: Db,
    readonly accountId: string,
  ) {}

  /** The entity, or undefined when absent or deleted. */
  async get<T extends object = Record<string, unknown>>(
    type: EntityType,
    id: string,
  ): Promise<Entity<T> | undefined> {
    const entity = await this.getRaw<T>(type, id);
    return entity && !entity._deleted ? entity : undefined;
  }

  /**
   * Many entities of one type by id (`BatchGetItem`, 100 keys a call, strongly consistent, keys
   * the table left unprocessed asked again): the live ones found, in no particular order.
   */
  async getMany<T extends object = Record<string, unknown>>(
    type: EntityType,
    ids: readonly string[],
  ): Promise<Entity<T>[]> {
    return (await this.getManyRaw<T>(type, ids)).filter((e) => !e._deleted);
  }

  /** `getMany` with tombstones (for `_version` bookkeeping). */
  async getManyRaw<T extends object = Record<string, unknown>>(
    type: EntityType,
    ids: readonly string[],
  ): Promise<Entity<T>[]> {
    const found: Entity<T>[] = [];
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += 100) {
      let keys: Record<string, unknown>[] = unique
        .slice(i, i + 100)
        .map((id) => ({ pk: entityPk(this.accountId, type), sk: id }));
      for (let attempt = 0; keys.length > 0; attempt++) {
        if (attempt > 8) throw new Error(`getMany: ${keys.length} keys still unprocessed`);
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 2 ** attempt * 10));
        const { Responses, UnprocessedKeys } = await this.db.doc.send(
          new BatchGetCommand({
            RequestItems: { [this.db.tableName]: { Keys: keys, ConsistentRead: true } },
          }),
        );
        for (const item of Responses?.[this.db.tableName] ?? [])
          found.push(fromItem(item).entity as Entity<T>);
        keys = (UnprocessedKeys?.[this.db.tableName]?.Keys ?? []) as Record<string, unknown>[];
      }
    }
    return found;
  }

  /** The stored item as an entity, tombstones included (for `_version` bookkeeping). */
  async getRaw<T extends object = Record<string, unknown>>(
    type: EntityType,
    id: string,
  ): Promise<Entity<T> | undefined> {
    // Batched with other reads asked for at the same moment (a command's record among them).
    const Item = await readItem(this.db, { pk: entityPk(this.accountId, type), sk: id });
    return Item ? (fromItem(Item).entity as Entity<T>) : undefined;
  }

  /** Every live entity of a type, sorted by id (all pages, strongly consistent). */
  async list<T extends object = Record<string, unknown>>(type: EntityType): Promise<Entity<T>[]> {
    const items = await queryAll(this.db, {
      TableName: this.db.tableName,
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: 'attribute_not_exists(#d)',
      ExpressionAttributeNames: { '#d': '_deleted' },
      ExpressionAttributeValues: { ':pk': entityPk(this.accountId, type) },
      ConsistentRead: true,
    });
    return items.map((i) => fromItem(i).entity as Entity<T>);
  }

  /**
   * Some top-level fields of every live entity of a type (a projection: the table reads the same
   * items, but only these fields travel and are converted; for listing thousands to pick a page).
   */
  async listFields(type: EntityType, fields: readonly string[]): Promise<Record<string, unknown>[]> {
    const names = Object.fromEntries(['_id', '_deleted', ...fields].map((f, i) => [`#f${i}`, f]));
    const items = await queryAll(this.db, {
      TableName: this.db.tableName,
      KeyConditionExpression: 'pk = :pk',
      ProjectionExpression: Object.keys(names).join(', '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ':pk': entityPk(this.accountId, type) },
      ConsistentRead: true,
    });
    return items.filter((i) => !i._deleted);
  }

  /** Live entities whose indexed parent field (core's `indexedField`) equals `parentValue`. */
  async listBy<T extends object = Record<string, unknown>>(
    type: EntityType,
    parentValue: string,
  ): Promise<Entity<T>[]> {
    if (!indexedField[type]) throw new Error(`${type} has no indexed field`);
    const items = await queryAll(this.db, {
      TableName: this.db.tableName,
      IndexName: GSI2,
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': parentPk(this.accountId, type, parentValue) },
    });
    return items.map((i) => fromItem(i).entity as Entity<T>).filter((e) => !e._deleted);
  }

  /**
   * Some fields of the live portal leads made in `[from, to)` (ISO instants), by the leads index
   * (gsi2, eventually consistent): one query over the period, whatever the account's customers.
   */
  async listLeads(from: string, to: string, fields: readonly string[]): Promise<Record<string, unknown>[]> {
    const names = Object.fromEntries(['_id', ...fields].map((f, i) => [`#f${i}`, f]));
    return queryAll(this.db, {
      TableName: this.db.tableName,
      IndexName: GSI2,
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to',
      ProjectionExpression: Object.keys(names).join(', '),
      ExpressionAttributeNames: names,
      // A key is `<createdDate>#<id>`, so one made at `to` sorts after `to` itself: left out.
      ExpressionAttributeValues: { ':pk': leadsPk(this.accountId), ':from': from, ':to': to },
    });
  }

  /**
   * Gives the leads index keys to the account's portal leads stored without them (written before
   * the index existed), leaving the entities, their versions and the change feed as they are.
   * Returns how many it indexed; running it again indexes none.
   */
  async indexLeads(): Promise<number> {
    const fields = ['createdDate', 'createdOnPortal', 'source', 'gsi2pk'];
    const unindexed = (await this.listFields('customer', fields)).filter(
      (c) => !c.gsi2pk && typeof c.createdDate === 'string' && Portal.isLead(c as Customers.Customer),
    );
    for (const c of unindexed) {
      await this.db.doc.send(
        new UpdateCommand({
          TableName: this.db.tableName,
          Key: { pk: entityPk(this.accountId, 'customer'), sk: c._id },
          UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#d)',
          ExpressionAttributeNames: { '#d': '_deleted' },
          ExpressionAttributeValues: {
            ':pk': leadsPk(this.accountId),
            ':sk': leadSk(c.createdDate as string, c._id as string),
          },
        }),
      );
    }
    return unindexed.length;
  }

  /**
   * Writes an entity already stamped by the caller (`_version`, `_updatedAt`). `expectedVersion`
   * is the version the caller read: null means "must not exist yet". A failed condition is
   * `general.conflict` and changes nothing.
   */
  async put<T extends object>(
    type: EntityType,
    entity: Entity<T>,
    expectedVersion: number | null,
  ): Promise<Entity<T>> {
    const write = this.writeItem(type, entity as Entity, expectedVersion);
    try {
      await this.db.doc.send(new PutCommand(write.Put as PutCommandInput));
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) {
        throw conflict('general.conflict', { type, id: entity._id });
      }
      throw error;
    }
    return fromItem(write.Put?.Item as Record<string, unknown>).entity as Entity<T>;
  }

  /** The conditional write of a stamped entity, for a transaction (see `put`). */
  writeItem(type: EntityType, entity: Entity, expectedVersion: number | null): TransactItem {
    return {
      Put: {
        TableName: this.db.tableName,
        Item: toItem(this.accountId, type, entity),
        ...(expectedVersion === null
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : {
              ConditionExpression: '#v = :expected',
              ExpressionAttributeNames: { '#v': '_version' },
              ExpressionAttributeValues: { ':expected': expectedVersion },
            }),
      },
    };
  }

  /**
   * A page of the account's change feed after `cursor`, tombstones included, in `_updatedAt`
   * order. A caught-up cursor stays `FEED_LAG_MS` behind `now` (README, "Change feed").
   */
  async changedSince(cursor: string | undefined, limit: number, now: Date): Promise<ChangePage> {
    if (!Number.isInteger(limit) || limit < 1)
      throw new Error(`limit must be a positive integer, got ${limit}`);
    const after = decodeCursor(cursor);
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    // Ask for one more than the page to know whether more follow without an extra round trip.
    do {
      const page: QueryCommandOutput = await this.db.doc.send(
        new QueryCommand({
          TableName: this.db.tableName,
          IndexName: GSI1,
          KeyConditionExpression: after ? 'gsi1pk = :pk AND gsi1sk > :after' : 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': feedPk(this.accountId), ...(after ? { ':after': after } : {}) },
          Limit: limit + 1 - items.length,
          ExclusiveStartKey: start,
        }),
      );
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start && items.length <= limit);
    const hasMore = items.length > limit;
    const delivered = items.slice(0, limit);
    const lastKey = delivered.at(-1)?.gsi1sk as string | undefined;
    let next: string;
    if (hasMore) next = lastKey as string;
    else {
      const floor = new Date(now.getTime() - FEED_LAG_MS).toISOString();
      // Strings, so not Math.min/max: sort() compares them as `<` does.
      const candidate = lastKey === undefined ? '' : ([lastKey, floor].sort()[0] as string);
      next = [candidate, after].sort()[1] as string;
    }
    return { changes: delivered.map(fromItem), cursor: encodeCursor(next), hasMore };
  }

  /**
   * Writes many changes as they are (meta included, no conditions): `BatchWriteItem` 25 at a time,
   * `concurrency` requests in flight, unprocessed items retried with exponential backoff. For
   * seeding and restores, not for commands. Returns the number of items written.
   */
  async batchPut(
    changes: Change[],
    options: { concurrency?: number; maxRetries?: number } = {},
  ): Promise<number> {
    return putItems(
      this.db,
      changes.map((c) => toItem(this.accountId, c.type, c.entity)),
      options,
    );
  }
}

/**
 * Puts items with `BatchWriteItem`s of 25 (`concurrency` at once, default 4), unprocessed items
 * retried with backoff (`maxRetries`, default 8, then it throws). Items with the same key collapse
 * to the last (DynamoDB refuses duplicate keys in one batch). Returns how many were written.
 */
export async function putItems(
  db: Db,
  all: Record<string, unknown>[],
  options: { concurrency?: number; maxRetries?: number } = {},
): Promise<number> {
  const byKey = new Map<string, Record<string, unknown>>();
  for (const item of all) byKey.set(`${item.pk}\u0000${item.sk}`, item);
  const items = [...byKey.values()];
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) chunks.push(items.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++] as Record<string, unknown>[];
      await writeChunk(db, chunk, options.maxRetries ?? 8);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 4, chunks.length) }, worker));
  return items.length;
}

/** One `BatchWriteItem` of up to 25 puts, unprocessed items retried with backoff. */
async function writeChunk(db: Db, chunk: Record<string, unknown>[], maxRetries: number) {
  let requests = chunk.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 0; ; attempt++) {
    const { UnprocessedItems } = await db.doc.send(
      new BatchWriteCommand({ RequestItems: { [db.tableName]: requests } }),
    );
    const left = UnprocessedItems?.[db.tableName] ?? [];
    if (left.length === 0) return;
    if (attempt >= maxRetries)
      throw new Error(`batchPut: ${left.length} items still unprocessed after ${attempt} retries`);
    requests = left as typeof requests;
    const delay = Math.min(2000, 50 * 2 ** attempt);
    await new Promise((r) => setTimeout(r, delay / 2 + Math.random() * (delay / 2)));
  }
}

/** Every item of a query, following `LastEvaluatedKey`. */
export async function queryAll(db: Db, input: QueryCommandInput): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page: QueryCommandOutput = await db.doc.send(
      new QueryCommand({ ...input, ExclusiveStartKey: start }),
    );
    out.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** The stored item of an entity: its fields (only meta for a tombstone) plus the table's keys. */
export function toItem(accountId: string, type: EntityType, entity: Entity): Record<string, unknown> {
  if (typeof entity._id !== 'string' || entity._id === '') throw new Error(`${type}: _id missing`);
  if (!Number.isInteger(entity._version) || typeof entity._updatedAt !== 'string') {
    throw new Error(`${type} ${entity._id}: _version and _updatedAt must be stamped before storing`);
  }
  for (const name of STORAGE_ATTRIBUTES) {
    if (name in entity) throw new Error(`${type} ${entity._id}: field ${name} is reserved by the table`);
  }
  const fields: Record<string, unknown> = entity._deleted
    ? { _id: entity._id, _version: entity._version, _updatedAt: entity._updatedAt, _deleted: true }
    : { ...entity };
  if (!entity._deleted) delete fields._deleted;
  const item: Record<string, unknown> = {
    ...fields,
    pk: entityPk(accountId, type),
    sk: entity._id,
    gsi1pk: feedPk(accountId),
    gsi1sk: feedSk(entity._updatedAt, type, entity._id),
    _type: type,
    _accountId: accountId,
  };
  const field = indexedField[type];
  const parent = field && !entity._deleted ? (entity as Record<string, unknown>)[field] : undefined;
  if (typeof parent === 'string' && parent !== '') {
    item.gsi2pk = parentPk(accountId, type, parent);
    item.gsi2sk = entity._id;
  }
  // A portal lead is also indexed by when it was made (`leadsPk`), for the analytics of a period.
  const lead = entity as Entity & Pick<Customers.Customer, 'createdDate' | 'createdOnPortal' | 'source'>;
  if (
    type === 'customer' &&
    !entity._deleted &&
    typeof lead.createdDate === 'string' &&
    Portal.isLead(lead)
  ) {
    item.gsi2pk = leadsPk(accountId);
    item.gsi2sk = leadSk(lead.createdDate, entity._id);
  }
  return item;
}

export function fromItem(item: Record<string, unknown>): Change {
  const entity: Record<string, unknown> = { ...item };
  for (const name of STORAGE_ATTRIBUTES) delete entity[name];
  return { type: item._type as EntityType, entity: entity as Entity };
}
