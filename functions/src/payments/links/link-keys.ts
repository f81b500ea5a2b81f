import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { newPublicToken } from '@roundwise/core';
import { Keys, PublicLinks, TransactionRefused, transactWrite } from '@roundwise/db';
import type { Deps } from '../../context.ts';

/**
 * A customer's payment links (spec 000 section 2.10, with the token in place of the ids:
 * `/go/p/{token}`, `/go/a/{token}/`). The path holds no id, only a server token
 * (docs/public-links.md) made the first time a link is asked for: its global record names the
 * account and the customer, and the customer's account keeps it, so every link handed out for the
 * customer is the same. A wrong token is answered as an unknown link.
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

/** The account and customer a payment link's token was made for; undefined for any other token. */
export async function customerOfLink(s: Deps, token: string) {
  const link = await new PublicLinks(s.db).find(token, 'customer');
  return link ? { accountId: link.accountId, customerId: link.recordId } : undefined;
}

export function linksOf(s: Deps, token: string) {
  const t = encodeURIComponent(token);
  return {
    signUp: `${s.publicUrl}/go/p/${t}`,
    account: `${s.publicUrl}/go/a/${t}/`,
    card: `${s.publicUrl}/go/a/${t}/stripe/card`,
  };
}
