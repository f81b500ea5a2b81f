import { z } from 'zod';
import { UtmParams } from '../customers/schema.ts';
import { Id, IsoDate, Location, Money, Price, TimeZone } from '../entity.ts';
import { FrequencyType } from '../jobs/schema.ts';

export const QuoteState = z.enum(['pending', 'accepted', 'declined']);
export type QuoteState = z.infer<typeof QuoteState>;

/**
 * A legacy quote's type (spec 000 section 2.8: "a legacy quote dialog (a job form for quote type
 * appointment or other)"): a quote for one appointment or other piece of work, kept from the old
 * app's quotes (and imports), which the staff app opens in a job form instead of the summary.
 * Absent: a quote of job items, as every quote the form makes.
 */
export const LegacyQuoteType = z.enum(['appointment', 'other']);
export type LegacyQuoteType = z.infer<typeof LegacyQuoteType>;

/** At most 10000 characters (spec 000 sections 5 and 9). */
export const NOTES_MAX = 10_000;

/** How a quoted job recurs: the job's own frequency fields (four kinds). */
export const QuoteFrequency = z.object({
  frequencyType: FrequencyType.default('Weeks'),
  frequencyInterval: z.number().int().min(1).max(104).default(4),
  frequencyDayOfMonth: z.number().int().min(1).max(31).optional(),
  frequencyDayOfWeek: z.number().int().min(0).max(6).optional(),
  frequencyWeekOfMonth: z.number().int().min(1).max(5).optional(),
});
export type QuoteFrequency = z.infer<typeof QuoteFrequency>;

/** What a quoted job starts with once booked: its round and first date (spec's `initialFields`). */
export const InitialFields = z.object({
  rounds: z.array(Id).max(20).default([]),
  date: IsoDate.optional(),
});

/** Spec 000 section 3 (quote item). `relatedId` is the quoted job the item stands for. */
export const QuoteItem = z.object({
  relatedId: Id.optional(),
  type: z.literal('job'),
  title: z.string().max(200),
  description: z.string().max(2000).default(''),
  longDescription: z.string().max(10000).optional(),
  quantity: z.number().min(0).max(100_000).default(1),
  unitPrice: Money,
  total: Money,
  frequencyDescription: z.string().max(200).optional(),
  frequency: QuoteFrequency.optional(),
  address: Location.optional(),
  initialFields: InitialFields.optional(),
});
export type QuoteItem = z.infer<typeof QuoteItem>;

/** An item as the form sends it: its total is computed, never taken from the sender. */
export const QuoteItemInput = QuoteItem.omit({ total: true, type: true }).extend({
  type: z.literal('job').default('job'),
  title: z.string().trim().min(1, 'quote.item-title-required').max(200),
  unitPrice: Price,
});
export type QuoteItemInput = z.input<typeof QuoteItemInput>;

/** What the customer accepted, frozen: later edits never change it. */
export const QuoteAcceptance = z.object({
  /** The quote's version the customer saw. */
  version: z.number().int(),
  acceptedAt: z.string(),
  /** The client address the acceptance came from. */
  address: z.string().max(100),
  userAgent: z.string().max(500).default(''),
  /** SHA-256 (hex) of `document` as canonical JSON (`canonicalJson`). */
  hash: z.string(),
  document: z.record(z.string(), z.unknown()),
});
export type QuoteAcceptance = z.infer<typeof QuoteAcceptance>;

/** Spec 000 section 3 (quote form fields) with the totals' inputs. */
export const QuoteFields = z.object({
  customerId: Id,
  name: z.string().trim().max(200).default(''),
  address: Location.optional(),
  items: z.array(QuoteItemInput).max(50).default([]),
  currency: z.string().length(3).default('GBP'),
  date: IsoDate,
  expiry: IsoDate,
  /** A fraction: 0.2 is 20%. */
  taxRate: z.number().min(0).max(1).default(0),
  priceIncludesTax: z.boolean().default(true),
  notes: z.string().max(NOTES_MAX, 'quote.notes-too-long').default(''),
  discountTotal: Price.default(0),
  utmParams: UtmParams.optional(),
  attachments: z.array(z.string().max(500)).max(20).optional(),
  type: LegacyQuoteType.optional(),
});
export type QuoteFields = z.infer<typeof QuoteFields>;

export const Quote = z.object({
  _id: Id,
  customerId: Id,
  name: z.string().max(200).default(''),
  /** Assigned by the server (`numbering.ts`); the web shows 'Pending Sync' while absent. */
  quoteNumber: z.string().optional(),
  invoiceNumber: z.string().optional(),
  state: QuoteState.default('pending'),
  type: LegacyQuoteType.optional(),
  address: Location.optional(),
  items: z.array(QuoteItem).default([]),
  currency: z.string().length(3).default('GBP'),
  date: IsoDate,
  expiry: IsoDate,
  taxRate: z.number().min(0).max(1).default(0),
  priceIncludesTax: z.boolean().default(true),
  notes: z.string().max(NOTES_MAX).default(''),
  discountTotal: Money.default(0),
  subtotal: Money,
  totalTax: Money,
  total: Money,
  sentDate: z.string().optional(),
  sentManually: z.boolean().optional(),
  firstViewedDate: z.string().optional(),
  lastViewedDate: z.string().optional(),
  acceptedDate: z.string().optional(),
  declinedDate: z.string().optional(),
  declineReason: z.string().max(2000).optional(),
  transferred: z.object({ newOwnerId: z.string(), transferDate: z.string() }).optional(),
  utmParams: UtmParams.optional(),
  attachments: z.array(z.string().max(500)).optional(),
  ownerEmail: z.string().optional(),
  createdDate: z.string(),
  /** Bumped by every edit of what the customer sees; an acceptance names the version it froze. */
  version: z.number().int().min(1).optional(),
  acceptance: QuoteAcceptance.optional(),
  /** Set once converted to jobs (the 'converted' tag and the booking confirmation). */
  convertedDate: z.string().optional(),
  /**
   * The token of the customer's page, `/go/q/{linkToken}/`: issued by the server's run of the
   * command that stored the quote (docs/public-links.md); absent on a device until that answer.
   */
  linkToken: z.string().max(64).optional(),
});
export type Quote = z.infer<typeof Quote>;

/** The one quote settings record of an account (spec 000 section 3, quote settings). */
export const SETTINGS_ID = 'quote-settings';

export const QuoteSettingsFields = z.object({
  email: z.union([z.email('customers.email-invalid'), z.literal('')]).default(''),
  phone: z.string().trim().max(40).default(''),
  website: z.string().trim().max(200).default(''),
  defaultExpiryDays: z.number().int().min(1).max(365).default(30),
  defaultNotes: z.string().max(NOTES_MAX, 'quote.notes-too-long').default(''),
  quotePrefix: z.string().trim().max(20).default('Q-'),
  smsTemplate: z.string().max(1000).default(''),
  emailTemplate: z.string().max(10000).default(''),
  /** The business's IANA zone: a quote expires at the end of its expiry day there. */
  timeZone: TimeZone.default('Europe/London'),
});
export type QuoteSettingsFields = z.infer<typeof QuoteSettingsFields>;

export const QuoteSettings = QuoteSettingsFields.extend({
  _id: z.literal(SETTINGS_ID),
  /** The next quote number; advanced by the server only, in the same write as the quote. */
  nextNumber: z.number().int().min(1).default(1),
});
export type QuoteSettings = z.infer<typeof QuoteSettings>;

/** Settings as read: defaults for an account that never saved any. */
export const settingsOrDefault = (stored: Partial<QuoteSettings> | undefined): QuoteSettings =>
  QuoteSettings.parse({ _id: SETTINGS_ID, ...stripMeta(stored ?? {}) });

function stripMeta(o: Record<string, unknown>) {
  const { _version, _updatedAt, _deleted, ...rest } = o;
  return rest;
}
