import { gunzipSync, gzipSync } from 'node:zlib';
import { GetCommand, PutCommand, type PutCommandInput, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Audit } from '@roundwise/core';
import type { Db } from './client.ts';
import { auditPk, auditSk } from './keys.ts';
import type { TransactItem } from './transactions.ts';

/** An entry as stored: gzipped JSON, and the records a delete removed (for Restore), if any. */
export interface StoredAuditEntry extends Audit.AuditEntry {
  /** `<timestamp>#<id>`: where the entry is in the log (a page cursor, and how it is found again). */
  cursor: string;
}

/** An item holds 400 KB; an entry (gzipped) stays well below, its longest values cut if need be. */
const MAX_BODY_BYTES = 300_000;
const CUT_VALUE_CHARS = 500;

/**
 * The audit log of each account (docs/audit.md): one item per entry, written
 * in the transaction of the command it records (`item`), or alone for an event that is not a
 * command (`add`). Read newest first, a page at a time, optionally within a time range.
 */
export class AuditLog {
  constructor(readonly db: Db) {}

  item(accountId: string, entry: Audit.AuditEntry, removed?: unknown[]): TransactItem {
    const body = gzipSync(JSON.stringify(fit(entry)));
    const removedGz = removed?.length ? gzipSync(JSON.stringify(removed)) : undefined;
    if (body.length + (removedGz?.length ?? 0) > MAX_BODY_BYTES + 50_000) {
      throw new Error(`audit entry ${entry.id} is too large to store`);
    }
    return {
      Put: {
        TableName: this.db.tableName,
        Item: {
          pk: auditPk(accountId),
          sk: auditSk(entry.timestamp, entry.id),
          body,
          ...(removedGz ? { removedGz } : {}),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
  }

  async add(accountId: string, entry: Audit.AuditEntry): Promise<void> {
    await this.db.doc.send(new PutCommand(this.item(accountId, entry).Put as PutCommandInput));
  }

  async get(
    accountId: string,
    cursor: string,
  ): Promise<{ entry: StoredAuditEntry; removed: unknown[] } | undefined> {
    const { Item } = await this.db.doc.send(
      new GetCommand({ TableName: this.db.tableName, Key: { pk: auditPk(accountId), sk: cursor } }),
    );
    if (!Item) return undefined;
    return {
      entry: read(Item),
      removed: Item.removedGz ? JSON.parse(gunzipSync(Item.removedGz as Uint8Array).toString('utf8')) : [],
    };
  }

  /**
   * Entries newest first, older than `before` (a cursor or a timestamp) and not older than `after`
   * (a timestamp), one table page at a time.
   */
  async *pages(
    accountId: string,
    range: { before?: string; after?: string },
  ): AsyncGenerator<{ entries: StoredAuditEntry[]; last: boolean }> {
    let start: Record<string, unknown> | undefined;
    const values: Record<string, unknown> = { ':pk': auditPk(accountId) };
    const conditions = ['pk = :pk'];
    if (range.before && range.after) {
      conditions.push('sk BETWEEN :after AND :before');
    } else if (range.before) conditions.push('sk < :before');
    else if (range.after) conditions.push('sk >= :after');
    if (range.before) values[':before'] = range.before;
    if (range.after) values[':after'] = range.after;
    // Small pages first, growing: a search usually fills its 50 items from the newest few hundred
    // entries, and a Query is billed (and takes time) by what it reads.
    let limit = 200;
    do {
      const page = await this.db.doc.send(
        new QueryCommand({
          TableName: this.db.tableName,
          KeyConditionExpression: conditions.join(' AND '),
          ExpressionAttributeValues: values,
          ProjectionExpression: 'sk, body',
          ScanIndexForward: false,
          ExclusiveStartKey: start,
          Limit: limit,
        }),
      );
      limit = Math.min(limit * 4, 10_000);
      start = page.LastEvaluatedKey;
      // BETWEEN includes its upper end; `before` is exclusive.
      yield { entries: (page.Items ?? []).filter((i) => i.sk !== range.before).map(read), last: !start };
    } while (start);
  }
}

function read(item: Record<string, unknown>): StoredAuditEntry {
  const entry = JSON.parse(gunzipSync(item.body as Uint8Array).toString('utf8')) as Audit.AuditEntry;
  return { ...entry, cursor: item.sk as string };
}

/** The entry with its longest values cut when it would not fit an item. */
function fit(entry: Audit.AuditEntry): Audit.AuditEntry {
  if (JSON.stringify(entry).length < MAX_BODY_BYTES) return entry;
  const cut = (v: unknown) => {
    const s = typeof v === 'string' ? v : JSON.stringify(v);
    return s !== undefined && s.length > CUT_VALUE_CHARS ? `${s.slice(0, CUT_VALUE_CHARS)}…` : v;
  };
  return {
    ...entry,
    actionDetailsDescription: entry.actionDetailsDescription.slice(0, 20_000),
    changes: entry.changes.map((c) => ({
      ...c,
      fields: c.fields.map((f) => ({ field: f.field, old: cut(f.old), new: cut(f.new) })),
    })),
  };
}
