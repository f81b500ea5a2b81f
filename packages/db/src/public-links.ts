import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { isPublicToken, type PublicLinkKind } from '@roundwise/core';
import type { Db } from './client.ts';
import { publicLinkKey } from './keys.ts';
import type { TransactItem } from './transactions.ts';

/** What a public link's token stands for: one record of one account (docs/public-links.md). */
export interface PublicLink {
  token: string;
  accountId: string;
  kind: PublicLinkKind;
  recordId: string;
}

/**
 * The one global lookup of public links, keyed by the server's random token (`LINK#<token>`),
 * never by an id a client chose. Written in the transaction of the command that issued it, on
 * condition that no such token exists, so a link is never pointed elsewhere once made.
 */
export class PublicLinks {
  constructor(readonly db: Db) {}

  /** The table item of a link (the seed writes these in bulk; commands through `item`). */
  static record({ token, ...rest }: PublicLink): Record<string, unknown> {
    return { ...publicLinkKey(token), ...rest };
  }

  item(link: PublicLink): TransactItem {
    return {
      Put: {
        TableName: this.db.tableName,
        Item: PublicLinks.record(link),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
  }

  /**
   * The link a token names, when it is of `kind`; anything else (a malformed token, another kind)
   * is undefined, as an unknown link. Read consistently: a link answers once its command has.
   */
  async find(token: string, kind: PublicLinkKind): Promise<PublicLink | undefined> {
    if (!isPublicToken(token)) return undefined;
    const { Item } = await this.db.doc.send(
      new GetCommand({ TableName: this.db.tableName, Key: publicLinkKey(token), ConsistentRead: true }),
    );
    if (!Item || Item.kind !== kind) return undefined;
    return { token, accountId: String(Item.accountId), kind, recordId: String(Item.recordId) };
  }
}
