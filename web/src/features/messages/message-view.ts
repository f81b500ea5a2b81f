import type { Notifications } from '@roundwise/core';

/** Spec 000 section 4: the display values of a message's delivery status. */
export type DisplayStatus =
  | 'unknown'
  | 'pending'
  | 'sent'
  | 'delivered'
  | 'read'
  | 'opened'
  | 'failed'
  | 'scheduled'
  | 'cancelled'
  | 'draft';

/** The raw status a provider or the app stored, mapped as spec 000 section 4 says. */
export function displayStatus(raw: string | undefined): DisplayStatus {
  switch ((raw ?? '').toLowerCase()) {
    case 'pending':
    case 'sending':
      return 'pending';
    case 'sent':
    case 'processed':
      return 'sent';
    case 'delivered':
      return 'delivered';
    case 'open':
      return 'opened';
    case 'click':
      return 'read';
    case 'deferred':
    case 'bounce':
    case 'dropped':
    case 'failed':
      return 'failed';
    case 'cancelled':
      return 'cancelled';
    case 'scheduled':
      return 'scheduled';
    case 'draft':
      return 'draft';
    default:
      return 'unknown';
  }
}

const INCOMING: ReadonlySet<string> = new Set(['EmailReply', 'SMSReply', 'ChatReply', 'Feedback']);

/** The message view model (spec 000 section 3) the thread and the inbox draw. */
export interface MessageView {
  id: string;
  customerId: string;
  type: Notifications.Notification['type'];
  outgoing: boolean;
  status: DisplayStatus;
  statusTime: string;
  failed: boolean;
  /** Spec 000 section 4: pending shows when not sent, not failed and not scheduled. */
  pending: boolean;
  isScheduled: boolean;
  /** When a scheduled message goes (ISO), from `sendAtSecondsTimestamp`. */
  sendAt?: string;
  createdDate: string;
  content: string;
  subject?: string;
  unread: boolean;
  externalId?: string;
  address: string;
  history: { status: DisplayStatus; raw: string; timestamp: string }[];
}

export const messageText = (message: Notifications.Notification['message']): string =>
  typeof message === 'string' ? message : message.content;

export function toView(n: Notifications.Notification): MessageView {
  const status = displayStatus(n.status);
  const failed = status === 'failed';
  const isScheduled = status === 'scheduled';
  const last = n.statusHistory.at(-1);
  return {
    id: n._id,
    customerId: n.customerId,
    type: n.type,
    outgoing: !INCOMING.has(n.type),
    status,
    statusTime: last?.timestamp ?? n.timestamp ?? n.createdDate,
    failed,
    pending: !n.sent && !failed && !isScheduled && status !== 'cancelled' && !INCOMING.has(n.type),
    isScheduled,
    ...(n.sendAtSecondsTimestamp ? { sendAt: new Date(n.sendAtSecondsTimestamp * 1000).toISOString() } : {}),
    createdDate: n.createdDate,
    content: messageText(n.message),
    ...(n.subject ? { subject: n.subject } : {}),
    unread: n.unread,
    ...(n._externalId ? { externalId: n._externalId } : {}),
    address: n.address,
    history: n.statusHistory.map((h) => ({
      status: displayStatus(h.status),
      raw: h.status,
      timestamp: h.timestamp,
    })),
  };
}

/** Spec 000 section 2.6: messages are grouped by day, the key being the date's first 10 characters. */
export function groupByDay(messages: readonly MessageView[]): { day: string; messages: MessageView[] }[] {
  const groups: { day: string; messages: MessageView[] }[] = [];
  for (const m of messages) {
    const day = m.createdDate.slice(0, 10);
    const last = groups.at(-1);
    if (last?.day === day) last.messages.push(m);
    else groups.push({ day, messages: [m] });
  }
  return groups;
}

/** Cancel is allowed only for a scheduled message whose send time is still in the future. */
export const canCancel = (m: MessageView, now: Date) =>
  m.isScheduled && m.sendAt !== undefined && m.sendAt > now.toISOString();
