import { createHash } from 'node:crypto';
import { type Customers, Notifications } from '@roundwise/core';
import { isConflict, writeAccount } from '../commands/write-account.ts';
import type { Deps } from '../context.ts';

type Notification = Notifications.Notification;

/**
 * A customer's reply to one of our messages (an SMS answered, a mail replied to), as the provider
 * reports it: a new incoming notification (SMSReply or EmailReply) in that customer's thread and
 * the inbox, unread. Its id derives from the provider's event id, so a repeated callback adds
 * nothing. Returns whether it was new.
 */
export async function receiveReply(
  s: Deps,
  reply: { eventId: string; inReplyTo: string; from: string; text: string; timestamp: string },
): Promise<boolean> {
  const to = Notifications.parseDeliveryId(reply.inReplyTo);
  if (!to) return false;
  const id = `r${createHash('sha256').update(reply.eventId).digest('hex').slice(0, 25)}`;
  try {
    return await writeAccount(s, to.accountId, async (store) => {
      const [original, existing] = await Promise.all([
        store.get<Notification>('notification', to.notificationId),
        store.get<Notification>('notification', id),
      ]);
      if (!original || existing) return { result: false };
      const customer = await store.get<Customers.Customer>('customer', original.customerId);
      const at = new Date(reply.timestamp).toISOString();
      await store.put<Notification>('notification', {
        _id: id,
        type: original.type === 'SMS' ? 'SMSReply' : 'EmailReply',
        customerId: original.customerId,
        address: reply.from,
        addressee: customer?.name ?? original.addressee,
        status: 'delivered',
        statusHistory: [{ status: 'delivered', timestamp: at, data: { eventId: reply.eventId } }],
        timestamp: at,
        createdDate: at,
        sent: false,
        unread: true,
        message: reply.text,
        ...(original.type === 'Email' ? { subject: `Re: ${original.subject ?? ''}`.trim() } : {}),
        relatedItemId: original._id,
        sender: customer?.name ?? reply.from,
        attempt: 0,
        credits: 0,
        refunded: false,
      });
      return { result: true };
    });
  } catch (error) {
    // The same reply, recorded by a concurrent callback.
    if (isConflict(error)) return false;
    throw error;
  }
}
