import type { Deps } from '../context.ts';

/** Effects still pending this long after they were written were never dispatched (or failed). */
export const SWEEP_AFTER_MS = 60_000;

/**
 * Hands the dispatcher every effect written more than `olderThanMs` ago that is still pending:
 * one whose process died between its commit and its dispatch, or whose delivery failed. Runs on
 * a schedule (stacks/schedules.ts) and when the local runtime starts. Returns how many it sent.
 */
export async function sweepOutbox(s: Deps, olderThanMs = SWEEP_AFTER_MS): Promise<number> {
  const before = new Date(s.now().getTime() - olderThanMs);
  let sent = 0;
  let after: string | undefined;
  do {
    const page = await s.outbox.pending(before, 100, after);
    if (page.ids.length > 0) await s.effects.send(page.ids);
    sent += page.ids.length;
    after = page.next;
  } while (after);
  return sent;
}
