import type { Notification, StatusEntry } from './schema.ts';

/** Spec 000 section 4: the display values of a message's delivery status. */
export type DisplayStatus =
  | 'Unknown'
  | 'pending'
  | 'sent'
  | 'delivered'
  | 'read'
  | 'opened'
  | 'failed'
  | 'scheduled'
  | 'cancelled'
  | 'draft';

const RAW_TO_DISPLAY: Record<string, DisplayStatus> = {
  pending: 'pending',
  sending: 'pending',
  sent: 'sent',
  processed: 'sent',
  delivered: 'delivered',
  open: 'opened',
  click: 'read',
  deferred: 'failed',
  bounce: 'failed',
  dropped: 'failed',
  failed: 'failed',
  cancelled: 'cancelled',
  scheduled: 'scheduled',
  draft: 'draft',
};

/** The raw-to-display mapping; anything the spec does not list is `Unknown`. */
export function displayStatus(raw: string | undefined): DisplayStatus {
  return (raw !== undefined && Object.hasOwn(RAW_TO_DISPLAY, raw) && RAW_TO_DISPLAY[raw]) || 'Unknown';
}

/** Colours and icons of spec 000 section 4 (delivered green; read and opened double tick green; failed red). */
export function statusLook(display: DisplayStatus): { colour: string; icon: string } {
  switch (display) {
    case 'delivered':
      return { colour: 'green', icon: 'check' };
    case 'read':
    case 'opened':
      return { colour: 'green', icon: 'double-check' };
    case 'failed':
      return { colour: 'red', icon: 'error' };
    case 'scheduled':
      return { colour: 'grey', icon: 'schedule' };
    case 'cancelled':
      return { colour: 'grey', icon: 'cancel' };
    case 'sent':
      return { colour: 'grey', icon: 'check' };
    default:
      return { colour: 'grey', icon: 'pending' };
  }
}

/** Failures after which nothing more will happen: the reserved credits go back. `deferred` is temporary. */
export const PERMANENT_FAILURES = new Set(['bounce', 'dropped', 'failed']);

/**
 * How far along a delivery each provider event says it got. Events arrive out of order (a
 * `delivered` callback can overtake the `sent` we record ourselves, an `open` its `delivered`), so
 * the status is the furthest any event of the current attempt reached, never simply the last to
 * arrive: a click implies open, delivered and sent. A failure ranks below delivery: a `deferred`
 * or a `bounce` reported after the message was delivered (late, or for one of several recipients)
 * does not undo it.
 */
const RANK: Record<string, number> = {
  pending: 0,
  sending: 0,
  sent: 1,
  processed: 1,
  deferred: 2,
  bounce: 3,
  dropped: 3,
  failed: 3,
  delivered: 4,
  open: 5,
  click: 6,
};

/** The entries of the current attempt: those after the last `pending` (the send or a retry). */
export function currentAttempt(history: readonly StatusEntry[]): StatusEntry[] {
  let start = 0;
  history.forEach((e, i) => {
    if (e.status === 'pending') start = i;
  });
  return history.slice(start);
}

/**
 * The raw status a history gives (the record's `status`): `cancelled` and `scheduled` as they
 * were set; otherwise the furthest-ranked event of the current attempt, ties to the later one.
 */
export function statusFromHistory(history: readonly StatusEntry[]): string {
  const attempt = currentAttempt(history);
  const last = attempt.at(-1)?.status ?? 'pending';
  if (last === 'cancelled' || last === 'scheduled') return last;
  let best = 'pending';
  for (const e of attempt) {
    const rank = RANK[e.status];
    if (rank !== undefined && rank >= (RANK[best] ?? 0)) best = e.status;
  }
  return best;
}

/** Spec 000 section 4: "Pending shows when not sent, not failed and not scheduled". */
export function isPending(n: Pick<Notification, 'sent' | 'status'>): boolean {
  const display = displayStatus(n.status);
  return !n.sent && display !== 'failed' && display !== 'scheduled' && display !== 'cancelled';
}

/**
 * Retry (spec 000 section 4: a failed message) only when the failure is final: a `deferred` one
 * the provider still tries and may yet deliver under this attempt, so a retry would send it twice.
 */
export function canRetry(n: Pick<Notification, 'status'>): boolean {
  return displayStatus(n.status) === 'failed' && n.status !== 'deferred';
}

/** A scheduled message may be cancelled only while its send time is still in the future. */
export function canCancel(n: Pick<Notification, 'status' | 'sendAtSecondsTimestamp'>, now: Date): boolean {
  return (
    n.status === 'scheduled' &&
    n.sendAtSecondsTimestamp !== undefined &&
    n.sendAtSecondsTimestamp * 1000 > now.getTime()
  );
}
