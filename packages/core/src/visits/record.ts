import { z } from 'zod';
import { EditStamps } from '../conflicts/schema.ts';
import { Id, IsoDate, Money } from '../entity.ts';

/**
 * A visit's status as stored: spec 000 section 3's numbers (0 = not done; spec 001's scheduled
 * visit names the three NotDone, Done, Skipped). Code names them, never the numbers.
 */
export const VisitStatus = { NotDone: 0, Done: 1, Skipped: 2 } as const;
export type VisitStatus = (typeof VisitStatus)[keyof typeof VisitStatus];

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
  /** Who last set each edited field, when (`applyEdits`). */
  _edits: EditStamps.optional(),
});
export type VisitRecord = z.infer<typeof VisitRecord>;
