import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import { putItems } from './entities.ts';
import { messageLinkKey } from './keys.ts';

/**
 * Which account a message is in, by the message's id alone: the public message link
 * (`/go/m/{notificationId}`, spec 000 section 2.10) names no account. Written once; the first
 * writer keeps it, so an id cannot be pointed at another account's message.
 */
export class MessageLinks {
  constructor(readonly db: Db) {}

  /**
   * Records the account of messages about to be sent, in batched calls: the ids that have no link
   * yet are written. Checked, then written without a condition: an id is in the link before its
   * message is sent, so a later message of another account under a copied id finds it taken.
   */
  async addMany(notificationIds: readonly string[], accountId: string): Promise<void> {
    const missing: Record<string, unknown>[] = [];
    for (let i = 0; i < notificationIds.length; i += 100) {
      const keys = notificationIds.slice(i, i + 100).map(messageLinkKey);
      const taken = new Set<string>();
      for (let attempt = 0, ask = keys; ask.length > 0; attempt++) {
        if (attempt > 8) throw new Error('message links: keys still unprocessed');
        const { Responses, UnprocessedKeys } = await this.db.doc.send(
          new BatchGetCommand({ RequestItems: { [this.db.tableName]: { Keys: ask, ConsistentRead: true } } }),
        );
        for (const item of Responses?.[this.db.tableName] ?? []) taken.add(String(item.pk));
        ask = (UnprocessedKeys?.[this.db.tableName]?.Keys ?? []) as typeof keys;
      }
      for (const k of keys) if (!taken.has(k.pk)) missing.push({ ...k, accountId });
    }
    if (missing.length > 0) await putItems(this.db, missing);
  }

  async accountOf(notificationId: string): Promise<string | undefined> {
    const { Item } = await this.db.doc.send(
      new GetCommand({ TableName: this.db.tableName, Key: messageLinkKey(notificationId) }),
    );
    return typeof Item?.accountId === 'string' ? Item.accountId : undefined;
  }
}
