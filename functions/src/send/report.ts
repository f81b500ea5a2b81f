import { type Customers, Send } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import type { Deps } from '../context.ts';
import { type CampaignNotification, campaignNotifications } from './campaign-notifications.ts';
import { sendLog } from './send-log.ts';

/**
 * A campaign's delivery report and send log, from its notifications (one read of the account's
 * messages), and the audience members it did not reach with the reason for each.
 */
export async function campaignDelivery(s: Deps, accountId: string, campaignId: string) {
  const notifications = await campaignNotifications(s, accountId, campaignId);
  return {
    report: Send.deliveryReport(campaignId, notifications),
    log: sendLog(notifications),
    skipped: await skippedMembers(s, accountId, campaignId, notifications),
  };
}

/**
 * The members not sent the campaign by a method, why (as the publish decides it today), those
 * already sent it by that method left out. Reasons are read now, not at the publish: a member who
 * has since been given an email address shows as not yet sent rather than as skipped for none.
 */
async function skippedMembers(
  s: Deps,
  accountId: string,
  campaignId: string,
  notifications: readonly CampaignNotification[],
): Promise<Send.Skipped[]> {
  const repo = new EntityRepository(s.db, accountId);
  const campaign = await repo.get<Send.Campaign>('campaign', campaignId);
  if (campaign?.status !== 'Published') return [];
  const [audiences, customers, account] = await Promise.all([
    repo.getMany<Send.Audience>('audience', campaign.audiences),
    repo.list<Customers.Customer>('customer'),
    s.auth.getAccount(accountId),
  ]);
  const blocked = new Set((account?.settings.ignoredEmails ?? []).map((e) => e.trim().toLowerCase()));
  const sent = new Set(notifications.map((n) => `${n.customerId}:${n.type === 'Email' ? 'Email' : 'Sms'}`));
  const { skipped } = Send.recipientPlan(campaign, audiences, customers, {
    blocklisted: (address) => blocked.has(address.trim().toLowerCase()),
    marketingOnly: campaign.marketingOnly === true,
    extras: await Send.audienceExtras(repo, audiences),
  });
  return skipped.filter((k) => !sent.has(`${k.customerId}:${k.method}`));
}
