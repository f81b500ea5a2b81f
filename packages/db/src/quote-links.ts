import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import { quoteLinkKey } from './keys.ts';

/**
 * The public quote link's lookup (`/go/q/{quoteId}/`): which account a quote id belongs to. The
 * link names only the quote, so it stays short; the id is a ULID whose 80 random bits make it
 * unguessable. Written once per quote by the `quote.link` effect; never removed (a deleted quote's
 * link answers 410 from its tombstone).
 */
export class QuoteLinks {
  constructor(readonly db: Db) {}

  async put(quoteId: string, accountId: string): Promise<void> {
    await this.db.doc.send(
      new PutCommand({ TableName: this.db.tableName, Item: { ...quoteLinkKey(quoteId), accountId } }),
    );
  }

  async accountOf(quoteId: string): Promise<string | undefined> {
    const { Item } = await this.db.doc.send(
      new GetCommand({ TableName: this.db.tableName, Key: quoteLinkKey(quoteId) }),
    );
    return Item?.accountId as string | undefined;
  }
}
