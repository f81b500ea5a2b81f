import { createHmac, timingSafeEqual } from 'node:crypto';
import { Notifications } from '@roundwise/core';
import { z } from 'zod';
import type { Deps } from '../context.ts';
import { type DeliveryEvent, recordEvents } from './record-events.ts';
import { receiveReply } from './replies.ts';

/** The header a provider callback is signed in: `sha256=<hex HMAC-SHA256 of the raw body>`. */
export const SIGNATURE_HEADER = 'x-roundwise-signature';

export function sign(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Constant-time check of a callback's signature; false without a secret configured. */
export function verifySignature(
  secret: string | undefined,
  body: string,
  header: string | undefined,
): boolean {
  if (!secret || !header) return false;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const Timestamp = z.iso.datetime({ offset: true });

/** Delivery events (spec 000 section 4's raw statuses a provider reports) and inbound replies. */
export const ProviderEvent = z.discriminatedUnion('event', [
  z.object({
    event: z.enum([
      'processed',
      'sent',
      'delivered',
      'open',
      'click',
      'bounce',
      'dropped',
      'deferred',
      'failed',
    ]),
    eventId: z.string().min(1).max(200),
    deliveryId: z.string().min(1).max(300),
    timestamp: Timestamp,
    providerId: z.string().max(300).optional(),
    reason: z.string().max(500).optional(),
  }),
  z.object({
    event: z.literal('inbound'),
    eventId: z.string().min(1).max(200),
    /** The delivery id of the message this answers (the provider threads replies by it). */
    inReplyTo: z.string().min(1).max(300),
    from: z.string().min(1).max(320),
    text: z.string().max(10_000),
    timestamp: Timestamp,
  }),
]);
export type ProviderEvent = z.infer<typeof ProviderEvent>;
export const ProviderEvents = z.array(ProviderEvent).min(1).max(1_000);

/**
 * Applies a (verified) batch of provider callbacks. Each event is applied once per event id:
 * a delivery event through the notification's history (`recordEvents`), a reply as a new
 * notification whose id derives from the event id. Events of ids that are not ours are ignored.
 */
export async function applyProviderEvents(
  s: Deps,
  events: readonly ProviderEvent[],
): Promise<{ applied: number }> {
  const byAccount = new Map<string, DeliveryEvent[]>();
  let applied = 0;
  for (const e of events) {
    if (e.event === 'inbound') {
      if (await receiveReply(s, e)) applied++;
      continue;
    }
    const id = Notifications.parseDeliveryId(e.deliveryId);
    if (!id) continue;
    const list = byAccount.get(id.accountId) ?? [];
    list.push({
      eventId: e.eventId,
      notificationId: id.notificationId,
      attempt: id.attempt,
      status: e.event,
      timestamp: new Date(e.timestamp).toISOString(),
      ...(e.reason ? { reason: e.reason } : {}),
    });
    byAccount.set(id.accountId, list);
    applied++;
  }
  for (const [accountId, list] of byAccount) await recordEvents(s, accountId, list);
  return { applied };
}
