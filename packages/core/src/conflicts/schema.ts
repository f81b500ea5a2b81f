import { z } from 'zod';

/**
 * Who last set a field and when they made that edit (the time in the command's ULID, so an edit
 * made offline an hour ago is an hour old when it arrives). Kept per field on an edited entity as
 * `_edits`, written by the edit rules (`applyEdits`), never by hand.
 */
export const EditStamp = z.object({ at: z.string(), by: z.string() });
export type EditStamp = z.infer<typeof EditStamp>;
export const EditStamps = z.record(z.string(), EditStamp);
export type EditStamps = z.infer<typeof EditStamps>;

/**
 * A change of one person's that was not kept, told to them: on
 * `entityType` `entityId` (of the customer `customerId`, whose name the notice shows), their value of `field` (`yours`) lost to `kept`, made
 * later by `keptBy`. One per person, record and field (its id says so): a newer loss of the same
 * field replaces the older. Dismissed (removed) by its person, or by applying theirs again.
 */
export const Conflict = z.object({
  _id: z.string(),
  userId: z.string(),
  entityType: z.enum(['customer', 'job', 'visit', 'fieldValues']),
  entityId: z.string(),
  customerId: z.string(),
  field: z.string(),
  yours: z.unknown(),
  kept: z.unknown(),
  keptBy: z.string(),
  /** When the losing edit was made. */
  at: z.string(),
  /** The visit's job and due date, which a command on a visit needs (visits may not be stored). */
  visit: z.object({ jobId: z.string(), isoDueDate: z.string() }).optional(),
});
export type Conflict = z.infer<typeof Conflict>;

/**
 * What an editor's screen showed of the fields an edit changes, before the change: an edit
 * command's `base` (`applyEdits`). Stored values, so not validated as input: compared only.
 */
export const EditBase = z.record(z.string().max(60), z.unknown()).optional();

/** One conflict per person, record and field. */
export function conflictId(userId: string, entityId: string, field: string): string {
  return `${userId}.${entityId}.${field}`;
}
