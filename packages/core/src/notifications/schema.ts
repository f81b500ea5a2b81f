import { z } from 'zod';
import { Id } from '../entity.ts';

/** Spec 000 section 3 (notification / message). */
export const NotificationType = z.enum(['Email', 'EmailReply', 'SMS', 'SMSReply', 'ChatReply', 'Feedback']);

export const Notification = z.object({
  _id: Id,
  _externalId: z.string().optional(),
  type: NotificationType,
  customerId: Id,
  createdBy: z.string().optional(),
  address: z.string().max(320),
  addressee: z.string().max(200).default(''),
  status: z.string(),
  statusHistory: z.array(
    z.object({ status: z.string(), timestamp: z.string(), data: z.unknown().optional() }),
  ),
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
  templateId: Id.optional(),
  relatedItemId: Id.optional(),
  sendAtSecondsTimestamp: z.number().optional(),
});
export type Notification = z.infer<typeof Notification>;
