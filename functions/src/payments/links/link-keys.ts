import { randomBytes, timingSafeEqual } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { Keys } from '@roundwise/db';
import type { Deps } from '../../context.ts';

/**
 * A customer's payment links (spec 000 section 2.10: `/go/p/{owner}/{customerId}`,
 * `/go/a/{customerId}/`). Customer ids are ULIDs, and the seed's are reproducible, so an id alone
 * is no secret: each link also carries `k`, 128 random bits made the first time a link is asked
 * for and kept with the customer's account (`PAYLINK#<customerId>`). A wrong or missing key is
 * answered as an unknown link.
 */
export async function linkKeyOf(s: Deps, accountId: string, customerId: string): Promise<string> {
  const key = randomBytes(16).toString('base64url');
  try {
    await s.db.doc.send(
      new PutCommand({
        TableName: s.db.tableName,
        Item: { ...Keys.customerLinkKey(customerId), accountId, key },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return key;
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    const found = await readLink(s, customerId);
    if (!found || found.accountId !== accountId)
      throw new Error(`Customer link ${customerId} belongs elsewhere`);
    return found.key;
  }
}

async function readLink(s: Deps, customerId: string) {
  const { Item } = await s.db.doc.send(
    new GetCommand({ TableName: s.db.tableName, Key: Keys.customerLinkKey(customerId) }),
  );
  return Item ? { accountId: Item.accountId as string, key: Item.key as string } : undefined;
}

/** The account a link's customer belongs to, when `key` is the link's own; else undefined. */
export async function accountOfLink(s: Deps, customerId: string, key: string | undefined) {
  if (!key || customerId.length > 64) return undefined;
  const found = await readLink(s, customerId);
  if (!found) return undefined;
  const a = Buffer.from(found.key);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b) ? found.accountId : undefined;
}

export function linksOf(s: Deps, accountId: string, customerId: string, key: string) {
  const k = `?k=${encodeURIComponent(key)}`;
  return {
    signUp: `${s.publicUrl}/go/p/${accountId}/${customerId}${k}`,
    account: `${s.publicUrl}/go/a/${customerId}/${k}`,
    card: `${s.publicUrl}/go/a/${customerId}/stripe/card${k}`,
  };
}
