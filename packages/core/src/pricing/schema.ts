import { z } from 'zod';
import { Id, Money } from '../entity.ts';
import { FilterGroups } from '../send/schema.ts';
import { RequiredText } from '../text.ts';

/** Spec 002 section 9: the rounding steps of a percentage change (default 0.01). */
export const NEAREST = [0.01, 0.1, 0.25, 0.5, 1] as const;
export type Nearest = (typeof NEAREST)[number];

const number = (key: string) => z.number({ error: key }).finite();

/**
 * How prices change (spec 002 section 3): a percentage as a fraction (0.05 is 5 %; the form shows
 * 5) rounded to `nearest`, or a fixed amount; a negative value decreases. A decrease of more than
 * 100 % is refused; prices never go below zero (`newPrice`).
 */
export const PriceChangeType = z.discriminatedUnion('is', [
  z.object({
    is: z.literal('percentage'),
    value: number('price-change.value-required').min(-1, 'price-change.value-out-of-range').max(10),
    nearest: z
      .number({ error: 'price-change.nearest-required' })
      .refine((n) => (NEAREST as readonly number[]).includes(n), 'price-change.nearest-required'),
  }),
  z.object({
    is: z.literal('fixed'),
    value: number('price-change.value-required')
      .min(-100_000, 'price-change.value-out-of-range')
      .max(100_000),
  }),
]);
export type PriceChangeType = z.infer<typeof PriceChangeType>;

/** The fields the form edits (spec 002 section 5, "Bulk price change form"). */
export const PriceChangeFields = z.object({
  name: RequiredText('bulk-price-change.name-required', 200),
  description: z.string().trim().max(2000).default(''),
  /** Millisecond timestamp: applied then if later than the moment Apply is pressed. */
  plannedDate: number('price-change.planned-date-required').min(0).max(7_258_118_400_000),
  type: PriceChangeType,
  affectedJobFilter: FilterGroups.default([]),
});
export type PriceChangeFields = z.infer<typeof PriceChangeFields>;

/** One job's change, kept so a rollback can restore it (spec 002 section 3). */
export const JobPriceChange = z.object({ jobId: Id, oldPrice: Money, newPrice: Money });
export type JobPriceChange = z.infer<typeof JobPriceChange>;

/**
 * Spec 002 section 3. `result` is set once applied (success or error); `scheduledFor` while an
 * Apply waits for a later planned date (cancellable); `notifiedAt` when customers were last told.
 */
export const PriceChange = PriceChangeFields.extend({
  _id: Id,
  result: z
    .object({
      success: z.boolean(),
      error: z.string().optional(),
      changes: z.array(JobPriceChange),
      /** When it was applied (ISO): direct-debit customers' notice counts to it. */
      appliedAt: z.string(),
    })
    .optional(),
  scheduledFor: z.number().optional(),
  notified: z.boolean().default(false),
  notifiedAt: z.string().optional(),
  /** Jobs a rollback left because their price was edited since (spec: "listed"). */
  rollbackSkipped: z.array(Id).optional(),
  createdBy: z.string(),
  createdDate: z.string(),
});
export type PriceChange = z.infer<typeof PriceChange>;

/** The list's status (spec 002 section 4): pending until applied, then success or error. */
export const statusOf = (c: Pick<PriceChange, 'result'>): 'pending' | 'success' | 'error' =>
  !c.result ? 'pending' : c.result.success ? 'success' : 'error';
