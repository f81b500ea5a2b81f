import type { Actor } from '../access/model.ts';
import { addDays } from '../schedule/dates.ts';
import { wallClock } from '../zoned.ts';
import type { Quote, QuoteState } from './schema.ts';

type Q = Pick<
  Quote,
  | 'state'
  | 'expiry'
  | 'sentDate'
  | 'firstViewedDate'
  | 'transferred'
  | 'acceptedDate'
  | 'declinedDate'
  | 'declineReason'
  | 'convertedDate'
>;

const DECISION = ['acceptedDate', 'declinedDate', 'declineReason'] as const;
const SENT = ['sentDate', 'sentManually'] as const;
const VIEWED = ['firstViewedDate', 'lastViewedDate'] as const;

function without<T extends object>(q: T, keys: readonly string[]): T {
  const copy = { ...q } as Record<string, unknown>;
  for (const k of keys) delete copy[k];
  return copy as T;
}

/**
 * The state transitions of spec 000 section 4, pure. Accept clears the decline and sets
 * acceptedDate; decline stores the reason and date and clears acceptedDate; back to pending
 * clears decline, accept, viewed, sent and sentManually data.
 */
export function accepted<T extends Q>(q: T, at: string): T {
  return { ...without(q, DECISION), state: 'accepted', acceptedDate: at };
}
export function declined<T extends Q>(q: T, at: string, reason: string): T {
  return { ...without(q, DECISION), state: 'declined', declinedDate: at, declineReason: reason };
}
export function backToPending<T extends Q>(q: T): T {
  return { ...without(q, [...DECISION, ...SENT, ...VIEWED, 'acceptance']), state: 'pending' };
}
/** The transition a saved form applies when its state changed ("Saving a form whose state changed"). */
export function withState<T extends Q>(q: T, state: QuoteState, at: string, reason = ''): T {
  if (state === q.state) return q;
  if (state === 'accepted') return accepted(q, at);
  if (state === 'declined') return declined(q, at, reason);
  return backToPending(q);
}

/**
 * The last moment a quote can be accepted: the end of its expiry day in the business's time zone.
 * A quote is expired from the first instant of the day after, there.
 */
export function expiresAt(expiry: string, timeZone: string): Date {
  const key = `${expiry}|${timeZone}`;
  let ms = ends.get(key);
  if (ms === undefined) {
    ms = startOfDayIn(addDays(expiry, 1), timeZone).getTime() - 1;
    // A list of quotes asks for the same few hundred days again and again; keep them (bounded).
    if (ends.size > 10_000) ends.clear();
    ends.set(key, ms);
  }
  return new Date(ms);
}
const ends = new Map<string, number>();

/** The UTC instant a calendar day starts at in `timeZone` (midnight there, whatever its offset). */
export function startOfDayIn(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  // Two passes settle a day whose offset differs from the one at UTC midnight (clock changes).
  let at = guess - offsetMs(new Date(guess), timeZone);
  at = guess - offsetMs(new Date(at), timeZone);
  return new Date(at);
}

function offsetMs(at: Date, timeZone: string): number {
  const c = wallClock(at, timeZone);
  const local = Date.UTC(+c.year, +c.month - 1, +c.day, +c.hour, +c.minute, +c.second);
  return local - Math.floor(at.getTime() / 1000) * 1000;
}

export const isExpired = (q: Pick<Quote, 'expiry'>, now: Date, timeZone: string): boolean =>
  now.getTime() > expiresAt(q.expiry, timeZone).getTime();

export type QuoteTag =
  | 'expired'
  | 'pending'
  | 'declined'
  | 'accepted'
  | 'transferred'
  | 'sent'
  | 'not-sent'
  | 'viewed'
  | 'converted';

/** The display tags of spec 000 section 4, in its order. Expired is a pending quote past expiry. */
export function displayTags(q: Q, now: Date, timeZone: string): QuoteTag[] {
  const tags: QuoteTag[] = [];
  if (q.state === 'pending' && isExpired(q, now, timeZone)) tags.push('expired');
  tags.push(q.state);
  if (q.transferred) tags.push('transferred');
  tags.push(q.sentDate ? 'sent' : 'not-sent');
  if (q.firstViewedDate) tags.push('viewed');
  if (q.convertedDate) tags.push('converted');
  return tags;
}

export type QuoteAction =
  | 'mark-accepted'
  | 'mark-declined'
  | 'back-to-pending'
  | 'payment-invite'
  | 'booking-confirmation'
  | 'sell-as-lead'
  | 'transfer-lead'
  | 'convert';

const OAC = ['Owner', 'Admin', 'Creator'] as const;
const OA = ['Owner', 'Admin'] as const;
const hasRole = (actor: Actor, roles: readonly string[]) => actor.roles.some((r) => roles.includes(r));

/**
 * Which actions a quote offers (spec 000 sections 4 and 6): mark accepted or declined only when
 * pending; the automatic-payment invite only when accepted and the customer has no automatic
 * payment method; the booking confirmation only when converted; Sell as Lead (Owner, Admin,
 * marketplaceSeller) unless declined; Transfer Lead (Owner, Admin, transferData or developer mode)
 * when not yet transferred.
 */
export function availableActions(
  q: Q,
  actor: Actor,
  customer: { automaticPaymentMethod?: string } | undefined,
): QuoteAction[] {
  const out: QuoteAction[] = [];
  const staff = hasRole(actor, OAC);
  if (staff && q.state === 'pending') out.push('mark-accepted', 'mark-declined');
  if (staff && q.state !== 'pending') out.push('back-to-pending');
  if (staff && !q.convertedDate && q.state !== 'declined') out.push('convert');
  if (staff && q.state === 'accepted' && customer && !customer.automaticPaymentMethod)
    out.push('payment-invite');
  if (staff && q.convertedDate) out.push('booking-confirmation');
  if (canSellAsLead(q, actor)) out.push('sell-as-lead');
  if (canTransferLead(q, actor)) out.push('transfer-lead');
  return out;
}

export const canSellAsLead = (q: Pick<Q, 'state'>, actor: Actor): boolean =>
  hasRole(actor, OA) && actor.flags.includes('marketplaceSeller') && q.state !== 'declined';

export const canTransferLead = (q: Pick<Q, 'transferred'>, actor: Actor): boolean =>
  hasRole(actor, OA) && (actor.flags.includes('transferData') || actor.developerMode) && !q.transferred;
