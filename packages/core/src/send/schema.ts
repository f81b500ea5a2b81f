import { z } from 'zod';
import { Id } from '../entity.ts';
import { RequiredText } from '../text.ts';

/**
 * Spec 002 section 3 (Audience filter): Contains / DoesNotContain on text, Is / IsNot on selects;
 * AtLeast / AtMost on numbers (a price range of the price change's affected jobs).
 */
export const FilterOperator = z.enum(['Contains', 'DoesNotContain', 'Is', 'IsNot', 'AtLeast', 'AtMost']);
export type FilterOperator = z.infer<typeof FilterOperator>;

export const Filter = z.object({
  id: Id,
  /** One of `AUDIENCE_FIELDS` (audience-fields.ts); the 'additional' search field is never one. */
  field: z.string().min(1).max(60),
  label: z.string().max(100).default(''),
  /** Text to look for, a select's option, or `y` / `n` for a boolean field. */
  value: z.string().max(200),
  operator: FilterOperator,
  options: z.array(z.string().max(100)).max(50).optional(),
});
export type Filter = z.infer<typeof Filter>;

/** Filters within a group are ANDed; the groups are ORed. */
export const FilterGroups = z.array(z.array(Filter).max(30)).max(20);
export type FilterGroups = z.infer<typeof FilterGroups>;

export const AudienceFields = z.object({
  name: RequiredText('audiences-form.name-required', 200),
  description: z.string().trim().max(2000).default(''),
  filterGroups: FilterGroups.default([]),
});

/**
 * Spec 002 section 3. Its `contacts` are not stored: they are `audienceContacts(filterGroups,
 * customers)`, computed wherever they are read, so they follow every change to the filters or to
 * the customers at once, and a 20,000-customer audience does not outgrow a table item (400 KB).
 */
export const Audience = AudienceFields.extend({
  _id: Id,
  createdDate: z.string(),
  updatedDate: z.string(),
});
export type Audience = z.infer<typeof Audience>;

export const DeliveryMethod = z.enum(['Email', 'Sms']);
export type DeliveryMethod = z.infer<typeof DeliveryMethod>;

export const CampaignStatus = z.enum(['Draft', 'Published']);

export const CampaignFields = z.object({
  name: RequiredText('campaigns-form.name-required', 200),
  description: RequiredText('campaigns-form.description-required', 2000),
  audiences: z.array(Id).min(1, 'campaigns-form.audienceIds-min').max(50),
  deliveryMethods: z.array(DeliveryMethod).min(1, 'campaigns-form.select-delivery-method-helper').max(2),
  templateId: Id.optional(),
  ongoing: z.boolean().default(false),
});

/**
 * Spec 002 section 3. `contacts` is the number of customers sent to so far (the spec's list of
 * them is the campaign's notifications, one per customer and method, found by their derived ids);
 * the delivery report is computed from those notifications rather than kept beside them.
 */
export const Campaign = CampaignFields.extend({
  _id: Id,
  status: CampaignStatus,
  publishedDate: z.string().optional(),
  createdDate: z.string(),
  contacts: z.number().int().min(0).default(0),
  excludeList: z.array(Id).max(20_000).default([]),
  /** When the last publish is to go out (unix seconds): the quick schedule. */
  sendAtSecondsTimestamp: z.number().optional(),
  /** Published to only those who agreed to marketing (the consent warning's choice). */
  marketingOnly: z.boolean().optional(),
});
export type Campaign = z.infer<typeof Campaign>;

/**
 * The notification of a campaign to one customer by one method (spec 002 section 9: "campaign
 * delivery ids are deterministic from campaign, customer and method"). Publishing twice, a publish
 * taken over after a crash, or an ongoing campaign's later publish all land on the same id, so a
 * customer is sent each campaign once per method.
 */
export const campaignNotificationId = (campaignId: string, customerId: string, method: DeliveryMethod) =>
  `cmp-${campaignId}-${customerId}-${method === 'Email' ? 'e' : 's'}`;
