import type { Notification } from '../notifications/schema.ts';
import { currentAttempt } from '../notifications/status.ts';

/** A campaign notification's status (spec 002 section 4), from the furthest it reached. */
export type CampaignDeliveryStatus = 'pending' | 'sent' | 'failed' | 'delivered' | 'open' | 'click';

const FAILURES = new Set(['failed', 'bounce', 'dropped', 'spamreport']);

/**
 * Spec 002 section 4: precedence click, open, delivered, failed, sent. A click implies open,
 * delivered and sent; an open implies delivered and sent; delivered implies sent. Failed, bounce,
 * dropped and spamreport count as failed unless the message was delivered, opened or clicked.
 * Only the current attempt's events count (a retry starts afresh).
 */
export function campaignStatus(n: Pick<Notification, 'statusHistory'>): CampaignDeliveryStatus {
  const seen = new Set(currentAttempt(n.statusHistory).map((e) => e.status));
  if (seen.has('click')) return 'click';
  if (seen.has('open')) return 'open';
  if (seen.has('delivered')) return 'delivered';
  if ([...seen].some((s) => FAILURES.has(s))) return 'failed';
  if (seen.has('sent')) return 'sent';
  return 'pending';
}

export interface SmsCounters {
  sent: number;
  delivered: number;
  click: number;
  failed: number;
}
export interface EmailCounters extends SmsCounters {
  open: number;
  bounce: number;
  dropped: number;
  spamreport: number;
}
/** Spec 002 section 3, "Campaign delivery report". */
export interface DeliveryReport {
  campaignId: string;
  total: number;
  sms: SmsCounters;
  email: EmailCounters;
}

const RANK: Record<CampaignDeliveryStatus, number> = {
  pending: 0,
  failed: 1,
  sent: 2,
  delivered: 3,
  open: 4,
  click: 5,
};

/**
 * The delivery report's counters from the campaign's notifications, with the implications: a
 * clicked message counts as sent, delivered and opened too. Failed ones are counted once in
 * `failed`, and also by the provider's reason (bounce, dropped, spamreport) for email.
 */
export function deliveryReport(
  campaignId: string,
  notifications: readonly Pick<Notification, 'type' | 'statusHistory'>[],
): DeliveryReport {
  const sms: SmsCounters = { sent: 0, delivered: 0, click: 0, failed: 0 };
  const email: EmailCounters = { ...sms, open: 0, bounce: 0, dropped: 0, spamreport: 0 };
  for (const n of notifications) {
    const status = campaignStatus(n);
    const c = n.type === 'SMS' ? sms : email;
    if (status === 'failed') {
      c.failed++;
      if (c === email) {
        const reasons = new Set(currentAttempt(n.statusHistory).map((e) => e.status));
        for (const r of ['bounce', 'dropped', 'spamreport'] as const) if (reasons.has(r)) email[r]++;
      }
      // A failure after the provider took the message still counts it as sent.
      if (currentAttempt(n.statusHistory).some((e) => e.status === 'sent')) c.sent++;
      continue;
    }
    const rank = RANK[status];
    if (rank >= RANK.sent) c.sent++;
    if (rank >= RANK.delivered) c.delivered++;
    if (rank >= RANK.open && c === email) email.open++;
    if (rank >= RANK.click) c.click++;
  }
  return { campaignId, total: notifications.length, sms, email };
}
