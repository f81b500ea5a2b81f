import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import { isConditionFailure } from './items.ts';
import { guardKey } from './keys.ts';

export type GuardClaim = { claimed: true } | { claimed: false; ownerId: string };

/**
 * Uniqueness inside one account without transactions: a guard item per (kind, value), written
 * with `attribute_not_exists` before the thing it protects. The caller normalises `value`.
 */
export class GuardRepository {
  constructor(
    readonly db: Db,
    readonly accountId: string,
  ) {}

  /** Claims `value` for `ownerId`; claiming again for the same owner succeeds (retries). */
  async claim(kind: string, value: string, ownerId: string): Promise<GuardClaim> {
    const key = guardKey(this.accountId, kind, value);
    try {
      await this.db.doc.send(
        new PutCommand({
          TableName: this.db.tableName,
          Item: { ...key, ownerId },
          ConditionExpression: 'attribute_not_exists(pk) OR ownerId = :owner',
          ExpressionAttributeValues: { ':owner': ownerId },
        }),
      );
      return { claimed: true };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const current = await this.owner(kind, value);
      return current === undefined ? this.claim(kind, value, ownerId) : { claimed: false, ownerId: current };
    }
  }

  async owner(kind: string, value: string): Promise<string | undefined> {
    const { Item } = await this.db.doc.send(
      new GetCommand({
        TableName: this.db.tableName,
        Key: guardKey(this.accountId, kind, value),
        ConsistentRead: true,
      }),
    );
    return Item?.ownerId as string | undefined;
  }

  /** Frees `value` if `ownerId` holds it; otherwise leaves it. */
  async release(kind: string, value: string, ownerId: string): Promise<void> {
    try {
      await this.db.doc.send(
        new DeleteCommand({
          TableName: this.db.tableName,
          Key: guardKey(this.accountId, kind, value),
          ConditionExpression: 'ownerId = :owner',
          ExpressionAttributeValues: { ':owner': ownerId },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
}
