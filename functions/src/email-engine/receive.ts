import { createHash } from 'node:crypto';
import { Credits, type Customers, Notifications } from '@roundwise/core';
import type { ParsedMail } from 'mailparser';
import { isConflict, writeAccount } from '../commands/write-account.ts';
import type { Deps } from '../context.ts';
import { tokenIn } from './reply-token.ts';

type Notification = Notifications.Notification;

/** Where a mail from no customer goes: the inbox lists it, `/api/notifications/view/{id}` shows it. */
export const UNKNOWN_SENDER = 'unknown-sender';

/** Our own outgoing Message-IDs (`adapters/mailer.ts`): `<ntf.<account>.<notification>.<attempt>@roundwise>`. */
const OURS = /^<?(ntf\.[A-Za-z0-9._-]+)@roundwise>?$/;

/** The message of ours a mail answers: its In-Reply-To first, then its References, newest first. */
export function answeredDelivery(accountId: string, mail: Pick<ParsedMail, 'inReplyTo' | 'references'>) {
  const refs =
    typeof mail.references === 'string' ? [mail.references] : [...(mail.references ?? [])].reverse();
  for (const id of [mail.inReplyTo, ...refs]) {
    const match = id ? OURS.exec(id.trim()) : null;
    const delivery = match ? Notifications.parseDeliveryId(match[1]!) : undefined;
    // Only this mailbox's account: a forged header cannot thread into another business.
    if (delivery && delivery.accountId === accountId) return delivery;
  }
  return undefined;
}

/** The message a mail answers by the reply token in the address it was sent to (our Reply-To). */
async function tokenDelivery(s: Deps, accountId: string, mail: ParsedMail) {
  const header = (name: string) => {
    const value = mail.headers.get(name);
    return typeof value === 'string' ? [value] : [];
  };
  const addresses = [mail.to, mail.cc]
    .flatMap((a) => (Array.isArray(a) ? a : a ? [a] : []))
    .flatMap((a) => a.value.map((v) => v.address ?? ''))
    .concat(header('delivered-to'), header('x-original-to'));
  const token = tokenIn(addresses);
  const notificationId = token && (await s.mailboxes.replyToken(accountId, token));
  return notificationId ? { accountId, notificationId } : undefined;
}

/** The one id of a mail in an account, whichever folder (or however often) it is read from. */
export function mailKey(
  accountId: string,
  mail: Pick<ParsedMail, 'messageId' | 'from' | 'date' | 'subject' | 'text'>,
) {
  const basis =
    mail.messageId?.trim() ||
    // No Message-ID (rare, and not allowed by RFC 5322): what the mail says is its identity.
    [mail.from?.text, mail.date?.toISOString(), mail.subject, mail.text?.slice(0, 2000)].join('\n');
  return `m${createHash('sha256').update(`${accountId}\n${basis}`).digest('hex').slice(0, 25)}`;
}

/** Finds a customer by email address (the thread of a reply with no threading headers). */
export type CustomerByEmail = (address: string) => Promise<{ _id: string; name: string } | undefined>;

export type Outcome = 'threaded' | 'matched' | 'unknown' | 'blocked' | 'duplicate' | 'own';

/**
 * One mail read from the business's mailbox. A mail from a blocklisted address, or one we sent,
 * is passed over. Otherwise it becomes an `EmailReply`, unread, in the thread of the customer it
 * answers (by In-Reply-To and References, then the reply token it was addressed to), else of the customer with the sender's address, else
 * of no customer (unknown senders). Its id derives from its Message-ID, so the same mail in two
 * folders or read again after a restart is stored and charged (0.01 credit) once, in one commit.
 */
export async function receiveMail(
  s: Deps,
  accountId: string,
  mail: ParsedMail,
  ctx: { mailboxAddress: string; ignored: readonly string[]; customerByEmail: CustomerByEmail },
): Promise<Outcome> {
  const from = mail.from?.value[0]?.address?.trim().toLowerCase() ?? '';
  if (!from) return 'blocked';
  if (ctx.ignored.includes(from)) return 'blocked';
  if (mail.messageId && OURS.test(mail.messageId.trim())) return 'own';
  if (from === ctx.mailboxAddress.toLowerCase()) return 'own';
  const id = mailKey(accountId, mail);
  const answered = answeredDelivery(accountId, mail) ?? (await tokenDelivery(s, accountId, mail));
  const text = (mail.text ?? '').slice(0, 10_000);
  const at = (mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : s.now()).toISOString();
  try {
    return await writeAccount(s, accountId, async (store) => {
      const [existing, original] = await Promise.all([
        store.get<Notification>('notification', id),
        answered ? store.get<Notification>('notification', answered.notificationId) : undefined,
        // Read with the others (the unit of work keeps it) for the charge below: one round trip.
        store.get('creditBalance', Credits.BALANCE_ID),
      ]);
      if (existing) return { result: 'duplicate' as const };
      const byAddress = original ? undefined : await ctx.customerByEmail(from);
      const customerId = original?.customerId ?? byAddress?._id ?? UNKNOWN_SENDER;
      const customer = original
        ? await store.get<Customers.Customer>('customer', original.customerId)
        : byAddress;
      const name = customer?.name ?? mail.from?.value[0]?.name ?? from;
      await store.put<Notification>('notification', {
        _id: id,
        _externalId: mail.messageId?.slice(0, 300),
        type: 'EmailReply',
        customerId,
        address: from,
        addressee: name.slice(0, 200),
        status: 'delivered',
        statusHistory: [{ status: 'delivered', timestamp: at }],
        timestamp: at,
        createdDate: at,
        sent: false,
        unread: true,
        message: text,
        subject: (mail.subject ?? '').slice(0, 500),
        ...(original ? { relatedItemId: original._id } : {}),
        sender: name.slice(0, 200),
        attempt: 0,
        credits: 0,
        refunded: false,
      });
      await Credits.chargeInboundEmail(store);
      return {
        result: original ? ('threaded' as const) : byAddress ? ('matched' as const) : ('unknown' as const),
      };
    });
  } catch (error) {
    // The same mail, stored by another reader at the same moment (two folders, two workers).
    if (isConflict(error)) return 'duplicate';
    throw error;
  }
}
