import { Notifications } from '@roundwise/core';
import { EntityRepository, MessageLinks } from '@roundwise/db';
import { PermanentSendError } from '../context.ts';
import type { EffectHandler } from '../define-area.ts';
import { type DeliveryEvent, recordEvents } from './record-events.ts';
import { withRetry } from './retry.ts';
import { sendOne } from './send-one.ts';

type Notification = Notifications.Notification;

/** Sends in flight at once within one delivery (the provider's connections are pooled). */
export const SEND_CONCURRENCY = 16;
/** Notifications sent, then recorded, per step: a delivery cut short repeats at most one step. */
const STEP = 100;

/**
 * The `notification.send` effect (emitted by `notifications.send`, `send-bulk` and `retry`): sends
 * each of its notifications that is still due and not yet sent in its current attempt, and records
 * the outcome. Run again (a crash, a transient failure), it sends only what has no `sent` record;
 * one the provider took but whose record was lost is sent again with the same delivery id, which
 * the provider recognises. Sends that failed for now (a 5xx, a timeout, after `withRetry`) make
 * the effect throw, so it is delivered again later (the queue's retry, the sweep).
 */
export async function deliverNotifications(...[s, effect]: Parameters<EffectHandler>): Promise<void> {
  const { accountId, notificationIds } = effect.payload as { accountId: string; notificationIds: string[] };
  const account = await s.auth.getAccount(accountId);
  if (!account) return; // the account is gone: nothing to send
  const repo = new EntityRepository(s.db, accountId);
  const links = new MessageLinks(s.db);
  /** Each message's public-link token (docs/public-links.md), for its unsubscribe link. */
  const tokens = new Map<string, string>();
  let failedForNow = 0;
  const renew =
    notificationIds.length > STEP
      ? setInterval(() => void s.outbox.renew(effect.id, s.now(), 60_000).catch(() => {}), 10_000)
      : undefined;
  // Each step's outcome is recorded while the next step sends (at most one recording behind).
  // A step's messages, and their public links' tokens written, by the time they are sent.
  const read = async (from: number) => {
    const found = await repo.getMany<Notification>('notification', notificationIds.slice(from, from + STEP));
    for (const [id, token] of await links.tokensFor(
      accountId,
      found.map((n) => n._id),
    ))
      tokens.set(id, token);
    return found;
  };
  // A read not awaited yet must not count as an unhandled failure; it is thrown where awaited.
  const prefetch = (from: number) => {
    const p = read(from);
    p.catch(() => {});
    return p;
  };
  let next = prefetch(0);
  let recording: Promise<void> = Promise.resolve();
  let recordingFailed: unknown;
  try {
    for (let i = 0; i < notificationIds.length; i += STEP) {
      const found = await next;
      // The next step's notifications are read while this one sends.
      next = i + STEP < notificationIds.length ? prefetch(i + STEP) : Promise.resolve([]);
      const due = found.filter((n) => isDue(n, s.now()));
      // Their public links work by the time they arrive.
      const events: DeliveryEvent[] = [];
      await pool(due, SEND_CONCURRENCY, async (n) => {
        let handedOver = s.now().toISOString();
        const at = () => s.now().toISOString();
        try {
          const externalId = await withRetry(() => {
            handedOver = at(); // the provider's own reports come after the call that it answers
            return sendOne(s, account, n, tokens.get(n._id) ?? '');
          });
          events.push({
            eventId: `sent:${n._id}:${n.attempt}`,
            notificationId: n._id,
            attempt: n.attempt,
            status: 'sent',
            timestamp: handedOver,
            externalId,
          });
        } catch (error) {
          if (!(error instanceof PermanentSendError)) {
            failedForNow++;
            return;
          }
          events.push({
            eventId: `failed:${n._id}:${n.attempt}`,
            notificationId: n._id,
            attempt: n.attempt,
            status: 'failed',
            timestamp: at(),
            reason: error.message.slice(0, 300),
          });
        }
      });
      await recording;
      recording = recordEvents(s, accountId, events).catch((error: unknown) => {
        recordingFailed ??= error;
      });
    }
    await recording;
    // Unrecorded sends are sent again on the next delivery, under the same keys (not doubled).
    if (recordingFailed) throw recordingFailed;
  } finally {
    if (renew) clearInterval(renew);
  }
  if (failedForNow > 0)
    throw new Error(`${failedForNow} messages could not be sent for now; tried again later`);
}

/** Still to send: pending (or scheduled and due) with no `sent` or later record in this attempt. */
function isDue(n: Notification, now: Date): boolean {
  if (n.type !== 'Email' && n.type !== 'SMS') return false;
  if (n.status === 'scheduled') return (n.sendAtSecondsTimestamp ?? 0) * 1000 <= now.getTime();
  if (n.status !== 'pending' && n.status !== 'sending') return false;
  return !Notifications.currentAttempt(n.statusHistory).some(
    (e) => e.status !== 'pending' && e.status !== 'scheduled',
  );
}

/** Runs `work` over `items`, at most `limit` at once; results in the items' order. */
async function pool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(runners);
  return results;
}
