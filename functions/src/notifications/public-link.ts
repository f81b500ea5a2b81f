import type { Notifications } from '@roundwise/core';
import { EntityRepository, MessageLinks } from '@roundwise/db';
import type { Deps } from '../context.ts';

/**
 * What the public message link (`/go/m/{notificationId}`, spec 000 section 2.10) shows a customer
 * without signing in: a message we sent them, or undefined (unknown, incoming, not sent yet).
 * Delivery records the link's account (`MessageLinks.addMany` in deliver.ts) before sending.
 */
export async function readPublicMessage(s: Deps, notificationId: string) {
  const accountId = await new MessageLinks(s.db).accountOf(notificationId);
  if (!accountId) return undefined;
  const [n, account] = await Promise.all([
    new EntityRepository(s.db, accountId).get<Notifications.Notification>('notification', notificationId),
    s.auth.getAccount(accountId),
  ]);
  if (!n || !account || !n.sent || (n.type !== 'Email' && n.type !== 'SMS')) return undefined;
  return { notification: n, businessName: account.businessName };
}
