import { z } from 'zod';
import { Id } from '../entity.ts';

/** Spec 000 section 3 (notification / message). */
export const NotificationType = z.enum(['Email', 'EmailReply', 'SMS', 'SMSReply', 'ChatReply', 'Feedback']);
export type NotificationType = z.infer<typeof NotificationType>;

/** The types a customer sends us (they land in the inbox); the others are ours, outgoing. */
export const INCOMING_TYPES: readonly NotificationType[] = [
  'EmailReply',
  'SMSReply',
  'ChatReply',
  'Feedback',
];
export const isIncoming = (type: NotificationType) => INCOMING_TYPES.includes(type);

export const StatusEntry = z.object({
  status: z.string(),
  timestamp: z.string(),
  data: z.unknown().optional(),
});
export type StatusEntry = z.infer<typeof StatusEntry>;

export const Notification = z.object({
  _id: Id,
  /** The provider's id of the message (the SMS API's id, the mail's Message-ID). */
  _externalId: z.string().optional(),
  type: NotificationType,
  customerId: Id,
  createdBy: z.string().optional(),
  address: z.string().max(320),
  addressee: z.string().max(200).default(''),
  /** The raw status (spec 000 section 4): `displayStatus` maps it for the screens. */
  status: z.string(),
  statusHistory: z.array(StatusEntry),
  timestamp: z.string(),
  createdDate: z.string(),
  sent: z.boolean().default(false),
  unread: z.boolean().default(false),
  message: z.union([
    z.string(),
    z.object({ content: z.string(), title: z.string().optional(), subtitle: z.string().optional() }),
  ]),
  description: z.string().optional(),
  subject: z.string().optional(),
  bcc: z.string().optional(),
  templateId: Id.optional(),
  relatedItemId: Id.optional(),
  jobOccurrenceReminderId: Id.optional(),
  sendAtSecondsTimestamp: z.number().optional(),
  /** Who sent it: the business's name on outgoing messages, the customer's on replies. */
  sender: z.string().optional(),
  /**
   * Ours, not the spec's. Delivery attempts so far (a retry starts the next); the provider's
   * idempotency key is `deliveryId(notification)`, so one attempt is sent once.
   */
  attempt: z.number().int().min(0).default(0),
  /** Credits reserved for the current attempt, and whether they went back (a permanent failure). */
  credits: z.number().int().min(0).default(0),
  refunded: z.boolean().default(false),
  /** The bulk send it was one of. */
  bulkId: z.string().optional(),
  /** The campaign it was sent for (spec 002 section 3, "Campaign notification"); its email is HTML. */
  campaignId: z.string().optional(),
});
export type Notification = z.infer<typeof Notification>;

/**
 * The provider's idempotency key of a notification's current delivery attempt, which its
 * callbacks quote back: `ntf.<accountId>.<notificationId>.<attempt>` (account ids have no dot).
 */
export const deliveryId = (accountId: string, n: Pick<Notification, '_id' | 'attempt'>) =>
  `ntf.${accountId}.${n._id}.${n.attempt}`;

/** The parts of a delivery id, or undefined for one that is not ours. */
export function parseDeliveryId(id: string) {
  const parts = id.split('.');
  if (parts.length < 4 || parts[0] !== 'ntf') return undefined;
  const attempt = Number(parts.at(-1));
  if (!Number.isInteger(attempt) || attempt < 0) return undefined;
  return { accountId: parts[1]!, notificationId: parts.slice(2, -1).join('.'), attempt };
}

/** The text of a message, whichever of the spec's two shapes it is stored in. */
export const contentOf = (n: Pick<Notification, 'message'>) =>
  typeof n.message === 'string' ? n.message : n.message.content;
