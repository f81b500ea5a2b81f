import { contentOf, isIncoming, type Notification } from './schema.ts';
import { type DisplayStatus, displayStatus, isPending, statusLook } from './status.ts';

/** Spec 000 section 3, "Message view model": what the thread and the inbox show of a message. */
export interface MessageView {
  id: string;
  customerId: string;
  type: Notification['type'];
  sender: string;
  outgoing: boolean;
  status: DisplayStatus;
  /** When the status was reached; a scheduled message (sent or not) shows its send time. */
  statusTime: string;
  statusColour: string;
  statusIcon: string;
  sent: boolean;
  createdDate: string;
  failed: boolean;
  content: string;
  unread: boolean;
  pending: boolean;
  snippet: { type: Notification['type']; text: string; templateName?: string; model?: unknown };
  tags: { color: string; icon: string; text: string }[];
  isScheduled: boolean;
  /** One line per history entry: `<status> <yyyy-mm-dd hh:mm>`, oldest first. */
  historySummary: string[];
  externalId?: string;
}

const SNIPPET_LENGTH = 100;
const minute = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** The view of a stored message (pure: the web's thread and inbox, and the server's pages). */
export function toMessageView(n: Notification): MessageView {
  const status = displayStatus(n.status);
  const look = statusLook(status);
  const content = contentOf(n);
  const scheduledAt =
    n.sendAtSecondsTimestamp !== undefined
      ? new Date(n.sendAtSecondsTimestamp * 1000).toISOString()
      : undefined;
  const last = n.statusHistory.at(-1);
  const text = content.replace(/\s+/g, ' ').trim();
  const reason = (last?.data as { reason?: unknown } | undefined)?.reason;
  return {
    id: n._id,
    customerId: n.customerId,
    type: n.type,
    sender: n.sender ?? '',
    outgoing: !isIncoming(n.type),
    status,
    statusTime: scheduledAt ?? last?.timestamp ?? n.timestamp,
    statusColour: look.colour,
    statusIcon: look.icon,
    sent: n.sent,
    createdDate: n.createdDate,
    failed: status === 'failed',
    content,
    unread: n.unread,
    pending: isPending(n),
    snippet: {
      type: n.type,
      text: text.length > SNIPPET_LENGTH ? `${text.slice(0, SNIPPET_LENGTH - 1)}…` : text,
    },
    tags: [
      ...(scheduledAt ? [{ color: 'grey', icon: 'schedule', text: minute(scheduledAt) }] : []),
      ...(typeof reason === 'string' && status === 'failed'
        ? [{ color: 'red', icon: 'error', text: reason }]
        : []),
    ],
    isScheduled: n.status === 'scheduled',
    historySummary: n.statusHistory.map((e) => `${displayStatus(e.status)} ${minute(e.timestamp)}`),
    ...(n._externalId ? { externalId: n._externalId } : {}),
  };
}
