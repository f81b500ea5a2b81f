import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import { isConditionFailure } from './items.ts';
import { messageLinkKey } from './keys.ts';

/**
 * Which account a message is in, by the message's id alone: the public message link
 * (`/go/m/{notificationId}`, spec 000 section 2.10) names no account. Written once; the first
 * writer keeps it, so an id cannot be pointed at another account's message.
 */
export class MessageLinks {
  constructor(readonly db: Db) {}

  async add(notificationId: string, accountId: string): Promise<void> {
    try {
      await this.db.doc.send(
        new PutCommand({
          TableName: this.db.tableName,
          Item: { ...messageLinkKey(notificationId), accountId },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  async accountOf(notificationId: string): Promise<string | undefined> {
    const { Item } = await this.db.doc.send(
      new GetCommand({ TableName: this.db.tableName, Key: messageLinkKey(notificationId) }),
    );
    return typeof Item?.accountId === 'string' ? Item.accountId : undefined;
  }
}
