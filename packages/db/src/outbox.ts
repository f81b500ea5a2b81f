import {
  GetCommand,
  PutCommand,
  type PutCommandInput,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import { isConditionFailure } from './items.ts';
import { OUTBOX_PENDING_PK, outboxKey, ttlSeconds } from './keys.ts';
import { GSI2 } from './table.ts';
import type { TransactItem } from './transactions.ts';

/** Server-only work that a write asked for (a mail, a charge), stored with that write. */
export interface OutboxEffect {
  /** Deterministic: derived from what asked for it (a commandId and index, a token), never random. */
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  /** Not delivered before this moment (ISO): a scheduled message. The pending index sorts it there. */
  dueAt?: string;
}

export interface OutboxRecord extends OutboxEffect {
  status: 'pending' | 'done';
  createdAt: string;
  attempts: number;
  /** While a delivery runs: epoch ms until which no other delivery starts. */
  leaseUntil?: number;
}

/** Delivered effects are kept this long (for inspection), then the table's TTL removes them. */
const DONE_KEEP_MS = 30 * 86_400_000;

/**
 * The outbox: one item per effect, written in the same transaction as the state that asked for it,
 * and listed on gsi2 (`OUTBOX`) until delivered so a sweep finds any that were never dispatched.
 */
export class Outbox {
  constructor(readonly db: Db) {}

  /** The write of an effect, for the transaction of the state that asks for it (never twice). */
  item(effect: OutboxEffect, now: Date): TransactItem {
    return {
      Put: {
        TableName: this.db.tableName,
        Item: this.record(effect, now),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
  }

  /** Writes an effect on its own; a second write of the same id changes nothing. */
  async add(effect: OutboxEffect, now: Date): Promise<void> {
    try {
      await this.db.doc.send(new PutCommand(this.item(effect, now).Put as PutCommandInput));
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  async get(id: string): Promise<OutboxRecord | undefined> {
    const { Item } = await this.db.doc.send(
      new GetCommand({ TableName: this.db.tableName, Key: outboxKey(id), ConsistentRead: true }),
    );
    return Item ? read(Item) : undefined;
  }

  /**
   * Starts a delivery: takes a lease of `leaseMs` on a pending effect whose last lease (if any)
   * has run out. Undefined when the effect is absent, done, or being delivered right now.
   */
  async claim(id: string, now: Date, leaseMs: number): Promise<OutboxRecord | undefined> {
    try {
      const { Attributes } = await this.db.doc.send(
        new UpdateCommand({
          TableName: this.db.tableName,
          Key: outboxKey(id),
          UpdateExpression: 'SET leaseUntil = :until, attempts = attempts + :one',
          // An effect due later (a scheduled message) is not taken before its time.
          ConditionExpression:
            '#s = :pending AND (attribute_not_exists(leaseUntil) OR leaseUntil <= :now) AND (attribute_not_exists(dueAt) OR dueAt <= :nowIso)',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: {
            ':pending': 'pending',
            ':now': now.getTime(),
            ':nowIso': now.toISOString(),
            ':until': now.getTime() + leaseMs,
            ':one': 1,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes ? read(Attributes) : undefined;
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }

  /**
   * Marks a delivered effect done (only while pending, so twice is harmless): it leaves the
   * pending index and its payload is dropped (a mail's payload holds a one-time link).
   */
  async done(id: string, now: Date): Promise<void> {
    try {
      await this.db.doc.send(
        new UpdateCommand({
          TableName: this.db.tableName,
          Key: outboxKey(id),
          UpdateExpression: 'SET #s = :done, doneAt = :at, expiresAt = :ttl REMOVE payload, gsi2pk, gsi2sk',
          ConditionExpression: '#s = :pending',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: {
            ':done': 'done',
            ':pending': 'pending',
            ':at': now.toISOString(),
            ':ttl': ttlSeconds(now.getTime() + DONE_KEEP_MS),
          },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  /** Holds a delivery under way for `leaseMs` more (a long bulk send), while this run still holds it. */
  async renew(id: string, now: Date, leaseMs: number): Promise<void> {
    await this.db.doc.send(
      new UpdateCommand({
        TableName: this.db.tableName,
        Key: outboxKey(id),
        UpdateExpression: 'SET leaseUntil = :until',
        ConditionExpression: '#s = :pending',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':pending': 'pending', ':until': now.getTime() + leaseMs },
      }),
    );
  }

  /**
   * A page of the pending effects created (or, for one due later, due) before `before`, oldest first: their ids, and where the
   * next page starts (`next`, undefined on the last page).
   */
  async pending(before: Date, limit: number, after?: string): Promise<{ ids: string[]; next?: string }> {
    const { Items, LastEvaluatedKey } = await this.db.doc.send(
      new QueryCommand({
        TableName: this.db.tableName,
        IndexName: GSI2,
        KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :before',
        ExpressionAttributeValues: { ':pk': OUTBOX_PENDING_PK, ':before': before.toISOString() },
        Limit: limit,
        ...(after ? { ExclusiveStartKey: JSON.parse(after) as Record<string, unknown> } : {}),
      }),
    );
    const ids = (Items ?? []).map((i) => String(i.id));
    return LastEvaluatedKey ? { ids, next: JSON.stringify(LastEvaluatedKey) } : { ids };
  }

  /**
   * The pending effect that has waited longest since it could be delivered (its due time, or when
   * it was written), and for how long: what the outbox-age alarm and `/api/health` watch.
   */
  async oldestPending(now: Date): Promise<{ id: string; waitingMs: number } | undefined> {
    const { Items } = await this.db.doc.send(
      new QueryCommand({
        TableName: this.db.tableName,
        IndexName: GSI2,
        KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :now',
        ExpressionAttributeValues: { ':pk': OUTBOX_PENDING_PK, ':now': now.toISOString() },
        Limit: 1,
      }),
    );
    const item = Items?.[0];
    if (!item) return undefined;
    const since = Date.parse(String(item.dueAt ?? item.createdAt));
    return { id: String(item.id), waitingMs: Math.max(0, now.getTime() - since) };
  }

  /**
   * After the table was restored to a point in time: marks done, without delivering, every effect
   * that was pending then and could have gone since (due before `now`), and returns them. Most went
   * out after the restore point; none may go twice. Effects due later stay pending.
   */
  async settleRestored(now: Date): Promise<OutboxRecord[]> {
    const settled: OutboxRecord[] = [];
    for (;;) {
      // Each page is settled before the next is read: done items leave the pending index.
      const page = await this.pending(now, 100);
      if (page.ids.length === 0) return settled;
      for (const id of page.ids) {
        const record = await this.get(id);
        if (record?.status !== 'pending') continue;
        await this.done(id, now);
        settled.push(record);
      }
    }
  }

  private record(effect: OutboxEffect, now: Date) {
    const createdAt = now.toISOString();
    return {
      ...outboxKey(effect.id),
      id: effect.id,
      kind: effect.kind,
      payload: effect.payload,
      status: 'pending',
      createdAt,
      attempts: 0,
      ...(effect.dueAt ? { dueAt: effect.dueAt } : {}),
      gsi2pk: OUTBOX_PENDING_PK,
      // Listed by when it may be delivered, so the sweep hands over a scheduled effect once due.
      gsi2sk: `${effect.dueAt ?? createdAt}#${effect.id}`,
    };
  }
}

function read(item: Record<string, unknown>): OutboxRecord {
  return {
    id: String(item.id),
    kind: String(item.kind),
    payload: (item.payload ?? {}) as Record<string, unknown>,
    status: item.status === 'done' ? 'done' : 'pending',
    createdAt: String(item.createdAt),
    attempts: Number(item.attempts ?? 0),
    ...(typeof item.dueAt === 'string' ? { dueAt: item.dueAt } : {}),
    ...(typeof item.leaseUntil === 'number' ? { leaseUntil: item.leaseUntil } : {}),
  };
}
