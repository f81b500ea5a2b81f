import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import { portalCountersKey } from './keys.ts';

/** One hour of a portal's counters: `hour` as `YYYY-MM-DDTHH` (UTC), each counter by name. */
export interface PortalHour {
  hour: string;
  counts: Record<string, number>;
}

/** The hour a moment falls in, as the counters' sort key. */
export const hourOf = (at: Date) => at.toISOString().slice(0, 13);

/**
 * A portal's page views and widget events, counted by hour: one item per account and hour, one
 * attribute per counter, each raised by an atomic `ADD`. No visitor is identified and nothing
 * grows with the number of views (the spec's list of timestamps did).
 */
export class PortalCounters {
  constructor(readonly db: Db) {}

  /** Adds one to counter `name` in the hour of `at`. */
  async add(accountId: string, at: Date, name: string): Promise<void> {
    await this.db.doc.send(
      new UpdateCommand({
        TableName: this.db.tableName,
        Key: portalCountersKey(accountId, hourOf(at)),
        UpdateExpression: 'ADD #n :one',
        ExpressionAttributeNames: { '#n': `c:${name}` },
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
  }

  /** The hours from `from` to `to` (both included) that counted anything, oldest first. */
  async hours(accountId: string, from: Date, to: Date): Promise<PortalHour[]> {
    const hours: PortalHour[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.db.doc.send(
        new QueryCommand({
          TableName: this.db.tableName,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': portalCountersKey(accountId, '').pk,
            ':from': hourOf(from),
            ':to': hourOf(to),
          },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) {
        const counts: Record<string, number> = {};
        for (const [key, value] of Object.entries(item))
          if (key.startsWith('c:') && typeof value === 'number') counts[key.slice(2)] = value;
        hours.push({ hour: String(item.sk), counts });
      }
      start = page.LastEvaluatedKey;
    } while (start);
    return hours;
  }
}
