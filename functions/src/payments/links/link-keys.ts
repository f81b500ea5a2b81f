import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { newPublicToken } from '@roundwise/core';
import { Keys, PublicLinks, TransactionRefused, transactWrite } from '@roundwise/db';
import type { Deps } from '../../context.ts';

/**
 * A customer's payment links (spec 000 section 2.10: `/go/p/{owner}/{customerId}`,
 * `/go/a/{customerId}/`). The ids in the path are the spec's; what opens the page is `k`, a
 * server token (docs/public-links.md) made the first time a link is asked for: its global record
 * names the account and the customer, and the customer's account keeps it, so every link handed
 * out for the customer is the same. A wrong or missing token is answered as an unknown link.
 */
export async function linkKeyOf(s: Deps, accountId: string, customerId: string): Promise<string> {
  const token = newPublicToken();
  try {
    await transactWrite(s.db, [
      {
        Put: {
          TableName: s.db.tableName,
          Item: { ...Keys.customerTokenKey(accountId, customerId), token },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      new PublicLinks(s.db).item({ token, accountId, kind: 'customer', recordId: customerId }),
    ]);
    return token;
  } catch (error) {
    if (!(error instanceof TransactionRefused && error.failedCondition(0))) throw error;
    const { Item } = await s.db.doc.send(
      new GetCommand({
        TableName: s.db.tableName,
        Key: Keys.customerTokenKey(accountId, customerId),
        ConsistentRead: true,
      }),
    );
    return String(Item?.token);
  }
}

/** The account a link's customer belongs to, when `key` is a token made for that customer; else undefined. */
export async function accountOfLink(s: Deps, customerId: string, key: string | undefined) {
  const link = key ? await new PublicLinks(s.db).find(key, 'customer') : undefined;
  return link && link.recordId === customerId ? link.accountId : undefined;
}

export function linksOf(s: Deps, accountId: string, customerId: string, key: string) {
  const k = `?k=${encodeURIComponent(key)}`;
  return {
    signUp: `${s.publicUrl}/go/p/${accountId}/${customerId}${k}`,
    account: `${s.publicUrl}/go/a/${customerId}/${k}`,
    card: `${s.publicUrl}/go/a/${customerId}/stripe/card${k}`,
  };
}
