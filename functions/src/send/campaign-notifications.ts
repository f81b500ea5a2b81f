import type { Notifications } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import type { Deps } from '../context.ts';

type Notification = Notifications.Notification;
export type CampaignNotification = Pick<
  Notification,
  | '_id'
  | 'type'
  | 'customerId'
  | 'addressee'
  | 'address'
  | 'status'
  | 'statusHistory'
  | 'createdDate'
  | 'campaignId'
>;

const FIELDS = [
  'campaignId',
  'type',
  'customerId',
  'addressee',
  'address',
  'status',
  'statusHistory',
  'createdDate',
];

/**
 * A campaign's notifications (its report, its send log, its contacts): the account's messages
 * read by the few fields these need, those of the campaign kept.
 */
export async function campaignNotifications(s: Deps, accountId: string, campaignId: string) {
  const all = (await new EntityRepository(s.db, accountId).listFields(
    'notification',
    FIELDS,
  )) as CampaignNotification[];
  return all.filter((n) => n.campaignId === campaignId);
}
