import { type Customers, Send, validation } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import type { Deps } from '../context.ts';

/**
 * `GET /api/send/get-new-audience-members/{campaignId}` (spec 002 section 7, ongoing campaigns
 * only): the campaign's contacts now who have not been sent it by any of its methods yet. Sent
 * is known from the derived notification ids, read in batches.
 */
export async function newAudienceMembers(s: Deps, accountId: string, campaignId: string): Promise<string[]> {
  const repo = new EntityRepository(s.db, accountId);
  const campaign = await repo.get<Send.Campaign>('campaign', campaignId);
  if (!campaign) throw validation('campaigns.campaign-not-found', { id: campaignId });
  if (!campaign.ongoing) throw validation('campaigns.not-ongoing');
  const [audiences, customers] = await Promise.all([
    repo.getMany<Send.Audience>('audience', campaign.audiences),
    repo.list<Customers.Customer>('customer'),
  ]);
  const contacts = Send.campaignContacts(
    campaign,
    audiences,
    customers,
    await Send.audienceExtras(repo, audiences),
  );
  const ids = contacts.flatMap((c) =>
    campaign.deliveryMethods.map((m) => Send.campaignNotificationId(campaign._id, c._id, m)),
  );
  const sent = new Set(
    (await repo.getMany<{ customerId: string }>('notification', ids)).map((n) => n.customerId),
  );
  return contacts.filter((c) => !sent.has(c._id)).map((c) => c._id);
}
