import { Notifications } from '@roundwise/core';

/** Spec 000 section 4's display status (core's mapping: `Notifications.displayStatus`). */
export type DisplayStatus = Notifications.DisplayStatus;

/** The catalogue key of a display status (`messages.status-unknown` for the spec's `Unknown`). */
export const statusKey = (status: DisplayStatus) => `messages.status-${status.toLowerCase()}`;

/** The message view model (spec 000 section 3) the thread and the inbox draw. */
export interface MessageView {
  id: string;
  customerId: string;
  type: Notifications.Notification['type'];
  outgoing: boolean;
  status: DisplayStatus;
  rawStatus: string;
  sendAtSecondsTimestamp?: number;
  statusTime: string;
  failed: boolean;
  /** Failed for good (core's `canRetry`): Retry is offered. */
  retryable: boolean;
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

export function toView(n: Notifications.Notification): MessageView {
  const status = Notifications.displayStatus(n.status);
  const failed = status === 'failed';
  const isScheduled = status === 'scheduled';
  const last = n.statusHistory.at(-1);
  return {
    id: n._id,
    customerId: n.customerId,
    type: n.type,
    outgoing: !Notifications.isIncoming(n.type),
    status,
    rawStatus: n.status,
    ...(n.sendAtSecondsTimestamp ? { sendAtSecondsTimestamp: n.sendAtSecondsTimestamp } : {}),
    statusTime: last?.timestamp ?? n.timestamp ?? n.createdDate,
    failed,
    retryable: Notifications.canRetry(n),
    pending: !Notifications.isIncoming(n.type) && Notifications.isPending(n),
    isScheduled,
    ...(n.sendAtSecondsTimestamp ? { sendAt: new Date(n.sendAtSecondsTimestamp * 1000).toISOString() } : {}),
    createdDate: n.createdDate,
    content: Notifications.contentOf(n),
    ...(n.subject ? { subject: n.subject } : {}),
    unread: n.unread,
    ...(n._externalId ? { externalId: n._externalId } : {}),
    address: n.address,
    history: n.statusHistory.map((h) => ({
      status: Notifications.displayStatus(h.status),
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
  Notifications.canCancel({ status: m.rawStatus, sendAtSecondsTimestamp: m.sendAtSecondsTimestamp }, now);
