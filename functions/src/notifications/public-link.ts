import type { Notifications } from '@roundwise/core';
import { EntityRepository, PublicLinks } from '@roundwise/db';
import type { Deps } from '../context.ts';

/**
 * What the public message link (`/go/m/{token}`, spec 000 section 2.10) shows a customer without
 * signing in: a message we sent them, or undefined (unknown, incoming, not sent yet). Delivery
 * makes the message's token (`MessageLinks.tokensFor` in deliver.ts) before sending.
 */
export async function readPublicMessage(s: Deps, token: string) {
  const link = await new PublicLinks(s.db).find(token, 'message');
  if (!link) return undefined;
  const { accountId, recordId: notificationId } = link;
  const [n, account] = await Promise.all([
    new EntityRepository(s.db, accountId).get<Notifications.Notification>('notification', notificationId),
    s.auth.getAccount(accountId),
  ]);
  if (!n || !account || !n.sent || (n.type !== 'Email' && n.type !== 'SMS')) return undefined;
  return { notification: n, businessName: account.businessName };
}
