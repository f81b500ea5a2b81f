import type { Customer } from '../customers/schema.ts';
import { audienceContacts } from './contacts.ts';
import type { Audience, Campaign, DeliveryMethod } from './schema.ts';

/** Unsubscribed (the campaign email's link) and not opted in again since: no campaign reaches them. */
export const isUnsubscribed = (c: Customer) => !!c.unsubscribedDate && !c.marketingAccepted;

/** An SMS goes to the mobile number, else the other phone (spec 002 section 6). */
export const smsNumberOf = (c: Customer) => c.mobileNumber?.trim() || c.telephoneNumber?.trim() || '';

/** Where a method reaches a customer, or '' when it cannot (email needs an address). */
export const addressFor = (c: Customer, method: DeliveryMethod) =>
  method === 'Email' ? (c.email ?? '').trim() : smsNumberOf(c);

/**
 * The customers a campaign reaches now: the members of any of its audiences, less its exclude
 * list and those who unsubscribed, in the customers' order.
 */
export function campaignContacts(
  campaign: Pick<Campaign, 'audiences' | 'excludeList'>,
  audiences: readonly Pick<Audience, '_id' | 'filterGroups'>[],
  customers: readonly Customer[],
): Customer[] {
  const chosen = audiences.filter((a) => campaign.audiences.includes(a._id));
  const excluded = new Set(campaign.excludeList);
  const members = new Set<string>();
  for (const a of chosen) for (const c of audienceContacts(a.filterGroups, customers)) members.add(c._id);
  return customers.filter((c) => members.has(c._id) && !excluded.has(c._id) && !isUnsubscribed(c));
}
