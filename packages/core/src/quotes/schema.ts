import { z } from 'zod';
import { UtmParams } from '../customers/schema.ts';
import { Id, IsoDate, Location, Money } from '../entity.ts';

export const QuoteState = z.enum(['pending', 'accepted', 'declined']);

/** Spec 000 section 3 (quote item). */
export const QuoteItem = z.object({
  relatedId: Id.optional(),
  type: z.literal('job'),
  title: z.string().max(200),
  description: z.string().max(2000).default(''),
  longDescription: z.string().max(10000).optional(),
  quantity: z.number().min(0).default(1),
  unitPrice: Money,
  total: Money,
  frequencyDescription: z.string().optional(),
  address: Location.optional(),
});

export const Quote = z.object({
  _id: Id,
  customerId: Id,
  name: z.string().max(200).default(''),
  /** Assigned by the server; the web shows 'Pending Sync' while absent. */
  quoteNumber: z.string().optional(),
  state: QuoteState.default('pending'),
  address: Location.optional(),
  items: z.array(QuoteItem).default([]),
  currency: z.string().length(3).default('GBP'),
  date: IsoDate,
  expiry: IsoDate,
  taxRate: z.number().min(0).max(1).default(0),
  priceIncludesTax: z.boolean().default(true),
  /** At most 10000 characters (spec 000 section 5). */
  notes: z.string().max(10000).default(''),
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
  declineReason: z.string().optional(),
  utmParams: UtmParams.optional(),
  createdDate: z.string(),
});
export type Quote = z.infer<typeof Quote>;
