import { z } from 'zod';
import { Id, IsoDate, Money } from '../entity.ts';

/** Spec 000 section 3: status 0 = not done. Stored only when a visit carries state. */
export const OccurrenceStatus = { NotDone: 0, Done: 1, Skipped: 2 } as const;

export const Occurrence = z.object({
  _id: Id,
  jobId: Id,
  customerId: Id,
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  isoPlannedDate: IsoDate,
  isoDueDate: IsoDate,
  price: Money,
  rounds: z.array(Id).default([]),
  plannedOrder: z.number().int().default(0),
  assignees: z.array(Id).default([]),
  skipReason: z.string().max(500).optional(),
  notes: z.string().max(10000).optional(),
  completedDate: z.string().optional(),
});
export type Occurrence = z.infer<typeof Occurrence>;
