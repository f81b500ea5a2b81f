import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { newPublicToken } from '@roundwise/core';
import type { Db } from './client.ts';
import { putItems } from './entities.ts';
import { messageTokenKey } from './keys.ts';
import { PublicLinks } from './public-links.ts';

/**
 * The public links of sent messages (`/go/m/{token}`, a campaign email's `/go/u/{token}`): one
 * server token per message, made the first time it is delivered and kept in its account, so a
 * message sent again carries the same links. The token's global record (`PublicLinks`) names the
 * account and the message; nothing global is keyed by the message's id, which its sender chose.
 */
export class MessageLinks {
  constructor(readonly db: Db) {}

  /**
   * The tokens of messages about to be sent, made for those that have none yet, in batched calls.
   * Both records are written before the messages go out, so their links work when they arrive.
   * (One delivery of a message runs at a time: its outbox lease.)
   */
  async tokensFor(accountId: string, notificationIds: readonly string[]): Promise<Map<string, string>> {
    const tokens = new Map<string, string>();
    for (let i = 0; i < notificationIds.length; i += 100) {
      const keys = notificationIds.slice(i, i + 100).map((id) => messageTokenKey(accountId, id));
      for (let attempt = 0, ask = keys; ask.length > 0; attempt++) {
        if (attempt > 8) throw new Error('message links: keys still unprocessed');
        const { Responses, UnprocessedKeys } = await this.db.doc.send(
          new BatchGetCommand({ RequestItems: { [this.db.tableName]: { Keys: ask, ConsistentRead: true } } }),
        );
        for (const item of Responses?.[this.db.tableName] ?? [])
          tokens.set(String(item.sk), String(item.token));
        ask = (UnprocessedKeys?.[this.db.tableName]?.Keys ?? []) as typeof keys;
      }
    }
    const made: Record<string, unknown>[] = [];
    for (const id of notificationIds) {
      if (tokens.has(id)) continue;
      const token = newPublicToken();
      tokens.set(id, token);
      made.push(
        { ...messageTokenKey(accountId, id), token },
        PublicLinks.record({ token, accountId, kind: 'message', recordId: id }),
      );
    }
    if (made.length > 0) await putItems(this.db, made);
    return tokens;
  }
}
