import { z } from 'zod';
import { EditStamps } from '../conflicts/schema.ts';
import { Id, IsoDate, Money } from '../entity.ts';
import { VisitStatus } from './status.ts';

// In a module of its own, so the screens that only read a status build no schema.
export { VisitStatus } from './status.ts';

/** The stored part of a visit (entity type `visit`): kept only while the visit carries state. */
export const VisitRecord = z.object({
  _id: Id,
  jobId: Id,
  customerId: Id,
  status: z.literal([VisitStatus.NotDone, VisitStatus.Done, VisitStatus.Skipped]),
  isoPlannedDate: IsoDate,
  isoDueDate: IsoDate,
  price: Money,
  rounds: z.array(Id).default([]),
  plannedOrder: z.number().int().default(0),
  assignees: z.array(Id).default([]),
  skipReason: z.string().max(500).optional(),
  notes: z.string().max(10000).optional(),
  completedDate: z.string().optional(),
  /**
   * The customer's rating of the visit (spec 001 section 2.11), given once from the link in the
   * visit's message; the business publishes it or not (`publicRatings`).
   */
  rating: z
    .object({
      rating: z.number().int().min(1).max(5),
      feedback: z.string().max(2000),
      date: z.string(),
      displayName: z.string().max(100),
    })
    .optional(),
  /** Who last set each edited field, when (`applyEdits`). */
  _edits: EditStamps.optional(),
});
export type VisitRecord = z.infer<typeof VisitRecord>;
