import { z } from 'zod';

/** A record an entry is about (spec 001 section 3: "pair of id and resource type"). */
export const AuditSubject = z.object({ id: z.string(), resourceType: z.string() });
export type AuditSubject = z.infer<typeof AuditSubject>;

/** One field's change, as the entry's description lists it. */
export interface FieldChange {
  field: string;
  old?: unknown;
  new?: unknown;
}

/** What happened to one record in one command. */
export interface RecordChange {
  resourceType: string;
  id: string;
  op: 'create' | 'update' | 'delete';
  fields: FieldChange[];
}

/**
 * An audit entry (spec 001 section 3), kept per account newest first, never synced to devices
 * (the audit screen reads it online). `changes` is the description as data (what the screen
 * expands and a field is restored from); `restorable` says the entry holds the records a delete
 * removed, so they can be brought back.
 */
export interface AuditEntry {
  id: string;
  timestamp: string;
  createdBy: string;
  action: string;
  subject: AuditSubject;
  relatedSubjects: AuditSubject[];
  actionDetailsSummary?: string;
  actionDetailsDescription: string;
  changes: RecordChange[];
  restorable?: boolean;
}

/** A stored record as a command saw it before (absent: created) and after (a tombstone: deleted). */
export interface Edit {
  type: string;
  before?: Record<string, unknown>;
  after: Record<string, unknown>;
}
