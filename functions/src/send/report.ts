import { Send } from '@roundwise/core';
import type { Deps } from '../context.ts';
import { campaignNotifications } from './campaign-notifications.ts';
import { sendLog } from './send-log.ts';

/** A campaign's delivery report and send log, from its notifications (one read of the account's messages). */
export async function campaignDelivery(s: Deps, accountId: string, campaignId: string) {
  const notifications = await campaignNotifications(s, accountId, campaignId);
  return { report: Send.deliveryReport(campaignId, notifications), log: sendLog(notifications) };
}
