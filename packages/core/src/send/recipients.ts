import type { Customer } from '../customers/schema.ts';
import type { AudienceExtras } from './audience-fields.ts';
import { audienceContacts } from './contacts.ts';
import type { Audience, Campaign, DeliveryMethod } from './schema.ts';

/** Unsubscribed (the campaign email's link) and not opted in again since: no campaign reaches them. */
export const isUnsubscribed = (c: Customer) => !!c.unsubscribedDate && !c.marketingAccepted;

/** An SMS goes to the mobile number, else the other phone (spec 002 section 6). */
export const smsNumberOf = (c: Customer) => c.mobileNumber?.trim() || c.telephoneNumber?.trim() || '';

/** Where a method reaches a customer, or '' when it cannot (email needs an address). */
export const addressFor = (c: Customer, method: DeliveryMethod) =>
  method === 'Email' ? (c.email ?? '').trim() : smsNumberOf(c);

/** The members of any of the campaign's audiences, in the customers' order. */
function members(
  campaign: Pick<Campaign, 'audiences'>,
  audiences: readonly Pick<Audience, '_id' | 'filterGroups'>[],
  customers: readonly Customer[],
  extras: AudienceExtras,
): Customer[] {
  const ids = new Set<string>();
  for (const a of audiences.filter((a) => campaign.audiences.includes(a._id)))
    for (const c of audienceContacts(a.filterGroups, customers, extras)) ids.add(c._id);
  return customers.filter((c) => ids.has(c._id));
}

/**
 * The customers a campaign reaches now: the members of any of its audiences, less its exclude
 * list and those who unsubscribed, in the customers' order.
 */
export function campaignContacts(
  campaign: Pick<Campaign, 'audiences' | 'excludeList'>,
  audiences: readonly Pick<Audience, '_id' | 'filterGroups'>[],
  customers: readonly Customer[],
  extras: AudienceExtras = {},
): Customer[] {
  const excluded = new Set(campaign.excludeList);
  return members(campaign, audiences, customers, extras).filter(
    (c) => !excluded.has(c._id) && !isUnsubscribed(c),
  );
}

/** Why an audience member is not sent a campaign by a method (the report's "skipped"). */
export type SkipReason =
  | 'excluded'
  | 'unsubscribed'
  | 'no-consent'
  | 'no-email'
  | 'no-mobile'
  | 'blocklisted';

export interface Reach {
  customer: Customer;
  method: DeliveryMethod;
  address: string;
}
export interface Skipped {
  customerId: string;
  name: string;
  method: DeliveryMethod;
  reason: SkipReason;
}

/**
 * Who a campaign reaches by each of its methods, and each member it does not reach with the
 * reason: the publish sends to `reach`, and the report lists `skipped`, so "15 contacts, 12 sent"
 * always says who the other 3 were. `marketingOnly`: the user chose to send only to those who
 * agreed to marketing.
 */
export function recipientPlan(
  campaign: Pick<Campaign, 'audiences' | 'excludeList' | 'deliveryMethods'>,
  audiences: readonly Pick<Audience, '_id' | 'filterGroups'>[],
  customers: readonly Customer[],
  options: { blocklisted: (address: string) => boolean; marketingOnly: boolean; extras?: AudienceExtras },
): { reach: Reach[]; skipped: Skipped[] } {
  const excluded = new Set(campaign.excludeList);
  const reach: Reach[] = [];
  const skipped: Skipped[] = [];
  for (const customer of members(campaign, audiences, customers, options.extras ?? {})) {
    for (const method of campaign.deliveryMethods) {
      const address = addressFor(customer, method);
      const reason: SkipReason | undefined = excluded.has(customer._id)
        ? 'excluded'
        : isUnsubscribed(customer)
          ? 'unsubscribed'
          : options.marketingOnly && !customer.marketingAccepted
            ? 'no-consent'
            : address === ''
              ? method === 'Email'
                ? 'no-email'
                : 'no-mobile'
              : method === 'Email' && options.blocklisted(address)
                ? 'blocklisted'
                : undefined;
      if (reason) skipped.push({ customerId: customer._id, name: customer.name, method, reason });
      else reach.push({ customer, method, address });
    }
  }
  return { reach, skipped };
}
