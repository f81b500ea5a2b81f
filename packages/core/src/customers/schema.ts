import { z } from 'zod';
import { EditStamps } from '../conflicts/schema.ts';
import { Id, IsoDate, Location } from '../entity.ts';
import { RequiredText, TextList, TrimmedText } from '../text.ts';

export const CustomerState = z.enum(['active', 'inactive']);
export const ContactMethod = z.enum(['email', 'sms', 'phone', 'post']);

/** Spec 001 section 3 (UTM parameters). */
export const UtmParams = z.object({
  utm_id: z.string().max(200).optional(),
  utm_source: z.string().max(200).optional(),
  utm_medium: z.string().max(200).optional(),
  utm_campaign: z.string().max(200).optional(),
  utm_term: z.string().max(200).optional(),
  utm_content: z.string().max(200).optional(),
});
export type UtmParams = z.infer<typeof UtmParams>;

/** The fields a user edits; spec 000 section 3 (customer flags) and 002 section 3. */
export const CustomerFields = z.object({
  name: RequiredText('customers.enter-name', 200),
  address: Location.default({ addressDescription: '', isVerified: false }),
  email: z.union([z.email('customers.email-invalid'), z.literal('')]).default(''),
  telephoneNumber: TrimmedText(40).default(''),
  mobileNumber: TrimmedText(40).default(''),
  contactMethods: z.array(ContactMethod).default([]),
  marketingAccepted: z.boolean().default(false),
  notes: z.string().max(10000).default(''),
  /** How to get in at the door (gate code, dog, where the key is): shown on the worker's visit screen. */
  accessDetails: z.string().max(2000).optional(),
  tags: TextList(60, 50).default([]),
  source: z.string().max(100).default(''),
  state: CustomerState.default('active'),
  hideDirectDebitSignup: z.boolean().default(false),
  hideCardProvider: z.boolean().default(false),
  paymentProviderMetaData: z
    .object({
      sourceOrMandateId: z.string().optional(),
      status: z.string().optional(),
      // Spec 002 section 3: the direct-debit provider may ask for a second signature (risk 10000).
      secondSignatureRequired: z.boolean().optional(),
      /** The provider's version of the mandate last applied (a late event never moves it back). */
      version: z.number().int().optional(),
      /** When the mandate on file was signed up, in the provider's clock (an older one never replaces it). */
      createdAt: z.string().max(40).optional(),
    })
    .optional(),
  automaticPaymentMethod: z.string().optional(),
  utmParams: UtmParams.optional(),
});
export type CustomerFields = z.infer<typeof CustomerFields>;

export const Customer = CustomerFields.extend({
  _id: Id,
  createdDate: z.string(),
  createdOnPortal: z.boolean().default(false),
  _externalId: z.string().optional(),
  /** Who last set each field, when (`applyEdits`). */
  _edits: EditStamps.optional(),
  /**
   * When the customer unsubscribed from campaign email (the one-click link, spec 002 section 6):
   * their marketing consent was withdrawn then, and campaigns skip them until it is given again.
   */
  unsubscribedDate: z.string().optional(),
  /**
   * The newest marketing touch (`touchUtm`: a portal lead, a quote link from a campaign); the
   * first one is `utmParams`, which the UTM dialog edits.
   */
  utmLastTouch: UtmParams.optional(),
});
export type Customer = z.infer<typeof Customer>;
export { IsoDate };
