import type { Actor } from '@roundwise/core';
import type { Deps } from '../context.ts';

const ACTIONS = ['customers.update', 'jobs.create', 'visits.complete', 'rounds.update', 'auth.sign-in'];

/**
 * `POST /api/audit/events/fake` (developer mode, spec 001 section 7): 20 entries to try the screen
 * with, a millisecond apart, marked as tests in their summary.
 */
export async function addTestEntries(s: Deps, actor: Actor): Promise<{ added: number }> {
  const base = s.now().getTime();
  for (let i = 0; i < 20; i++) {
    const timestamp = new Date(base - i).toISOString();
    const action = ACTIONS[i % ACTIONS.length] as string;
    await s.audit.add(actor.accountId, {
      id: `test-${base}-${i}`,
      timestamp,
      createdBy: actor.email,
      action,
      subject: { id: `test-${i}`, resourceType: action.split('.')[0] as string },
      relatedSubjects: [],
      actionDetailsSummary: `Test entry ${i + 1}: ${action}`,
      actionDetailsDescription: `A test entry added from the audit screen (developer mode).\n  field: old -> new`,
      changes: [],
    });
  }
  return { added: 20 };
}
