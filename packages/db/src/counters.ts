import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import { counterKey } from './keys.ts';
import type { TransactItem } from './transactions.ts';

/**
 * Per-account sequences with no gaps (invoice numbers): `pk = A#<accountId>#COUNTER`, `sk` = the
 * sequence's name, `last` = the last number given. A number is taken by reading `last` and writing
 * `last + 1` on condition that it is still `last`, in the same transaction as the record that uses
 * the number; so two writers never take one number, and a refused transaction takes none.
 */
export class Counters {
  constructor(readonly db: Db) {}

  /** The last number given (0 before the first). */
  async last(accountId: string, name: string): Promise<number> {
    const { Item } = await this.db.doc.send(
      new GetCommand({
        TableName: this.db.tableName,
        Key: counterKey(accountId, name),
        ConsistentRead: true,
      }),
    );
    return typeof Item?.last === 'number' ? Item.last : 0;
  }

  /** The write that moves the sequence from `last` (as read) to `next`; refused if someone moved it. */
  advanceItem(accountId: string, name: string, last: number, next: number): TransactItem {
    return {
      Put: {
        TableName: this.db.tableName,
        Item: { ...counterKey(accountId, name), last: next },
        ...(last === 0
          ? { ConditionExpression: 'attribute_not_exists(pk) OR #last = :last' }
          : { ConditionExpression: '#last = :last' }),
        ExpressionAttributeNames: { '#last': 'last' },
        ExpressionAttributeValues: { ':last': last },
      },
    };
  }

  /** Sets a sequence outright: only for data written outside commands (the seed's numbered invoices). */
  async set(accountId: string, name: string, last: number): Promise<void> {
    await this.db.doc.send(
      new PutCommand({ TableName: this.db.tableName, Item: { ...counterKey(accountId, name), last } }),
    );
  }
}
