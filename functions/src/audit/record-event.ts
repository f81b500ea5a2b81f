import { type Audit, newId } from '@roundwise/core';
import type { Deps } from '../context.ts';

/**
 * Audits what happens outside commands (docs/audit.md): a sign-in, an
 * invitation sent or accepted, a role changed, a restore. Written after the event's own state,
 * as its own item: such an event has no command transaction to join.
 */
export async function recordEvent(
  s: Deps,
  accountId: string,
  event: {
    action: string;
    createdBy: string;
    subject: Audit.AuditSubject;
    summary: string;
    description?: string;
  },
): Promise<void> {
  const now = s.now();
  await s.audit.add(accountId, {
    id: newId(),
    timestamp: now.toISOString(),
    createdBy: event.createdBy,
    action: event.action,
    subject: event.subject,
    relatedSubjects: [],
    actionDetailsSummary: event.summary,
    actionDetailsDescription: event.description ?? event.summary,
    changes: [],
  });
}
