import { Notifications } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import type { Deps } from '../context.ts';

type Notification = Notifications.Notification;

/** Spec 002 section 9: the inbox pages by 30. */
export const PAGE_SIZE = 30;

export interface ListFilter {
  take: number;
  skip: number;
  customerId?: string;
  unreadOnly?: boolean;
  /** Ours (outgoing) only. */
  outbound?: boolean;
  /** The customers' (replies) only. */
  inbound?: boolean;
  scheduled?: boolean;
  relatedItemId?: string;
}

/** Newest first: the thread shows them bottom up and pages back in time with `skip`. */
const newestFirst = (
  a: Pick<Notification, 'createdDate' | '_id'>,
  b: Pick<Notification, 'createdDate' | '_id'>,
) => b.createdDate.localeCompare(a.createdDate) || b._id.localeCompare(a._id);

/** A customer's messages from the table's customer index; the whole account's otherwise. */
async function load(s: Deps, accountId: string, customerId?: string) {
  const repo = new EntityRepository(s.db, accountId);
  return customerId
    ? repo.listBy<Notification>('notification', customerId)
    : repo.list<Notification>('notification');
}

/**
 * `GET /api/notifications` and `/conversation` (spec 000 section 7, spec 002 section 7): one page,
 * newest first, after the filters. `outbound` and `inbound` together mean both.
 */
export async function listNotifications(s: Deps, accountId: string, f: ListFilter) {
  // A customer's thread is read whole (a few hundred at most); the account's messages (thousands)
  // by the fields the filters and the order need, then the page's messages in full.
  const all = f.customerId ? await load(s, accountId, f.customerId) : await summaries(s, accountId);
  const wanted = all.filter((n) => {
    const incoming = Notifications.isIncoming(n.type);
    if (f.unreadOnly && !n.unread) return false;
    if (f.outbound && !f.inbound && incoming) return false;
    if (f.inbound && !f.outbound && !incoming) return false;
    if (f.scheduled && n.status !== 'scheduled') return false;
    if (f.relatedItemId && n.relatedItemId !== f.relatedItemId) return false;
    return true;
  });
  wanted.sort(newestFirst);
  const slice = wanted.slice(f.skip, f.skip + f.take);
  if (f.customerId) return { page: slice as Notification[], total: wanted.length };
  const full = new Map(
    (
      await new EntityRepository(s.db, accountId).getMany<Notification>(
        'notification',
        slice.map((n) => n._id),
      )
    ).map((n) => [n._id, n]),
  );
  const page = slice.map((n) => full.get(n._id)).filter((n): n is NonNullable<typeof n> => n !== undefined);
  return { page, total: wanted.length };
}

/** What a list filters and orders by, of every message of the account. */
type Summary = Pick<
  Notification,
  '_id' | 'type' | 'unread' | 'status' | 'createdDate' | 'relatedItemId' | 'customerId'
>;
async function summaries(s: Deps, accountId: string): Promise<Summary[]> {
  const fields = ['type', 'unread', 'status', 'createdDate', 'relatedItemId', 'customerId'];
  return (await new EntityRepository(s.db, accountId).listFields('notification', fields)) as Summary[];
}

/**
 * The oldest message of a customer's thread (or of the account): a thread that has loaded it asks
 * for no older page (spec 000 section 7, "the oldest-notification lookup", cached 5 minutes).
 */
export async function oldestNotification(s: Deps, accountId: string, customerId?: string) {
  const all = customerId ? await load(s, accountId, customerId) : await summaries(s, accountId);
  const oldest = all.reduce<Summary | undefined>(
    (found, n) => (!found || newestFirst(n, found) > 0 ? n : found),
    undefined,
  );
  return oldest ? { _id: oldest._id, createdDate: oldest.createdDate } : null;
}

/** Unread incoming messages: of one customer, or of the whole account. */
export async function unreadCount(s: Deps, accountId: string, customerId?: string) {
  const all = customerId ? await load(s, accountId, customerId) : await summaries(s, accountId);
  return all.filter((n) => n.unread && Notifications.isIncoming(n.type)).length;
}

/** Spec 000 section 7: the SMS and email status of the messages about one transaction. */
export async function statusForItem(s: Deps, accountId: string, relatedItemId: string) {
  const all = await load(s, accountId);
  const latest = (type: string) =>
    all.filter((n) => n.relatedItemId === relatedItemId && n.type === type).sort(newestFirst)[0];
  const view = (n: Notification | undefined) =>
    n ? { id: n._id, status: Notifications.displayStatus(n.status), statusTime: n.timestamp } : null;
  return { sms: view(latest('SMS')), email: view(latest('Email')) };
}

export async function getNotification(s: Deps, accountId: string, id: string) {
  return new EntityRepository(s.db, accountId).get<Notification>('notification', id);
}

/** By the provider's id (`GET /api/email-engine/{externalId}/content`). */
export async function findByExternalId(s: Deps, accountId: string, externalId: string) {
  const all = await load(s, accountId);
  return all.find((n) => n._externalId === externalId);
}
