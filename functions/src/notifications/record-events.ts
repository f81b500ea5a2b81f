import { Credits, Notifications } from '@roundwise/core';
import { isConflict, writeAccount } from '../commands/write-account.ts';
import type { Deps } from '../context.ts';

type Notification = Notifications.Notification;

/** One thing that happened to a delivery attempt: our own send, or a provider's callback. */
export interface DeliveryEvent {
  /** Unique per event: a second arrival of the same id changes nothing. */
  eventId: string;
  notificationId: string;
  /** The attempt it is about; a late event of an earlier attempt is not applied to a retry. */
  attempt: number;
  /** The raw status (spec 000 section 4): sent, delivered, open, click, bounce, dropped, deferred, failed. */
  status: string;
  timestamp: string;
  externalId?: string;
  reason?: string;
}

/** Notifications written per transaction (with the balance, within the 100 items one holds). */
const CHUNK = 95;
const TRIES = 6;

/**
 * Applies delivery events to their notifications: each once (by event id), in the order their
 * timestamps give whatever order they arrive in, the status then derived from the whole history
 * (`Notifications.statusFromHistory`). A permanent failure gives the attempt's credits back, once.
 * Written in transactions of `CHUNK` notifications with the balance; a chunk that meets another
 * write (a callback racing our own record) is applied again notification by notification.
 */
export async function recordEvents(
  s: Deps,
  accountId: string,
  events: readonly DeliveryEvent[],
): Promise<void> {
  const byNotification = new Map<string, DeliveryEvent[]>();
  for (const e of events) {
    const list = byNotification.get(e.notificationId) ?? [];
    list.push(e);
    byNotification.set(e.notificationId, list);
  }
  const groups = [...byNotification.entries()];
  for (let i = 0; i < groups.length; i += CHUNK) {
    const chunk = groups.slice(i, i + CHUNK);
    try {
      await apply(s, accountId, chunk);
    } catch (error) {
      if (!isConflict(error)) throw error;
      for (const group of chunk) await apply(s, accountId, [group], TRIES);
    }
  }
}

/** One chunk in one commit; `attempts` > 1 applies it again on a fresh read when another write met it. */
function apply(s: Deps, accountId: string, groups: [string, DeliveryEvent[]][], attempts = 1) {
  return writeAccount(
    s,
    accountId,
    async (store) => {
      const found = await store.getMany<Notification>(
        'notification',
        groups.map(([id]) => id),
      );
      const eventsOf = new Map(groups);
      let refund = 0;
      for (const n of found) {
        const next = applyEvents(n, eventsOf.get(n._id) ?? [], s.now());
        if (!next) continue;
        if (next.refunded && !n.refunded) refund += n.credits;
        await store.put<Notification>('notification', next);
      }
      if (refund > 0) await Credits.refundCredits(store, refund);
      // Provider events are audited: which messages went to which status, in the same commit.
      return {
        result: undefined,
        audit: { action: 'provider.delivery-events', createdBy: 'provider', entityType: 'notification' },
      };
    },
    { attempts },
  );
}

/** The notification after `events`, or undefined when none of them changes it. Pure. */
export function applyEvents(
  n: Notification,
  events: readonly DeliveryEvent[],
  now: Date,
): Notification | undefined {
  const seen = new Set(n.statusHistory.map((e) => (e.data as { eventId?: string } | undefined)?.eventId));
  const fresh = events.filter(
    (e) => !seen.has(e.eventId) && e.attempt === n.attempt && n.status !== 'cancelled',
  );
  if (fresh.length === 0) return undefined;
  const history = [...n.statusHistory];
  const start = Math.max(
    0,
    history.findLastIndex((e) => e.status === 'pending'),
  );
  for (const e of fresh) {
    const entry = {
      status: e.status,
      timestamp: e.timestamp,
      data: { eventId: e.eventId, ...(e.reason ? { reason: e.reason } : {}) },
    };
    // In time order within the attempt: the first later entry is where it goes.
    let at = history.length;
    for (let i = start + 1; i < history.length; i++) {
      if (history[i]!.timestamp > e.timestamp) {
        at = i;
        break;
      }
    }
    history.splice(at, 0, entry);
  }
  const status = Notifications.statusFromHistory(history);
  const reached = Notifications.displayStatus(status);
  const sent = n.sent || ['sent', 'delivered', 'opened', 'read'].includes(reached);
  const externalId = fresh.find((e) => e.externalId)?.externalId;
  return {
    ...n,
    statusHistory: history,
    status,
    sent,
    timestamp: now.toISOString(),
    ...(externalId ? { _externalId: externalId } : {}),
    // Given back once, and only when the attempt ends failed (a late delivery report keeps it so).
    refunded: n.refunded || (Notifications.PERMANENT_FAILURES.has(status) && n.credits > 0),
  };
}
