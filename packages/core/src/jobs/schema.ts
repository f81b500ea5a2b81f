import { z } from 'zod';
import { EditStamps } from '../conflicts/schema.ts';
import { Id, IsoDate, Location, Money, Price } from '../entity.ts';

/**
 * How a job recurs: every N weeks; every N months on a day of the
 * month; every N months on the Nth weekday; or not at all.
 */
export const FrequencyType = z.enum(['OneOff', 'Weeks', 'MonthsDayOfMonth', 'MonthsWeekdayOfMonth']);
export type FrequencyType = z.infer<typeof FrequencyType>;

export const JobFields = z.object({
  customerId: Id,
  /** Round ids; the first entry is the job's round (spec 000 section 3). */
  rounds: z.array(Id).max(20).default([]),
  /** The first visit; the frequency counts from it (docs/schedule.md). */
  date: IsoDate,
  price: Price.default(0),
  location: Location.optional(),
  frequencyType: FrequencyType.default('Weeks'),
  frequencyInterval: z.number().int().min(1).max(104).default(4),
  frequencyDayOfMonth: z.number().int().min(1).max(31).optional(),
  /** 0 = Sunday ... 6 = Saturday. */
  frequencyDayOfWeek: z.number().int().min(0).max(6).optional(),
  /** 1..4, or 5 for the last week of the month. */
  frequencyWeekOfMonth: z.number().int().min(1).max(5).optional(),
  /** Minutes; defaults to the account's default job duration when absent. */
  duration: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .optional(),
  services: z.array(Id).max(50).default([]),
  notes: z.string().max(10000).default(''),
  assignees: z.array(Id).max(50).default([]),
  /** Set on jobs that belong to a quote and are not yet booked (rounds' Quote tab). */
  quoteId: Id.optional(),
});
export type JobFields = z.infer<typeof JobFields>;

/**
 * A job a customer booked on the portal: the business confirms it (`jobs.confirm-booking`);
 * until then staff see it as waiting. Set only by the booking, never by a form.
 */
export const PortalBooking = z.object({
  bookedAt: z.string(),
  confirmedAt: z.string().optional(),
  confirmedBy: z.string().optional(),
});
export type PortalBooking = z.infer<typeof PortalBooking>;

export const Job = JobFields.extend({
  _id: Id,
  createdDate: z.string(),
  _edits: EditStamps.optional(),
  /**
   * The last bulk price change applied to the job (docs/pricing.md): its price before, so a run
   * of the change taken over after a crash changes the job once, and whether it was rolled back.
   */
  lastPriceChange: z
    .object({ id: Id, oldPrice: Money, newPrice: Money, rolledBack: z.boolean().optional() })
    .optional(),
  portalBooking: PortalBooking.optional(),
});
export type Job = z.infer<typeof Job>;
