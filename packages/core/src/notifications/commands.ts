import { z } from 'zod';
import { routeByName } from '../access/routes.ts';
import type { CommandContext } from '../commands/define.ts';
import { defineCommand } from '../commands/define.ts';
import { userToday } from '../commands/today.ts';
import { refundCredits, spendCredits } from '../credits/ledger.ts';
import type { Customer } from '../customers/schema.ts';
import { Id, IsoDate, SendAtSeconds } from '../entity.ts';
import { notFound, validation } from '../errors.ts';
import { fillMergeFields } from '../merge-fields.ts';
import { mergeSource } from '../merge-source.ts';
import { trimInvisible } from '../text.ts';
import { findTokens } from '../tokens.ts';
import { assertMayActOn, loadVisit, VisitRef } from '../visits/load.ts';
import { VisitStatus } from '../visits/status.ts';
import { addressOf, channelsOf } from './contact.ts';
import { assertCanSend, assertSmsPrefix, BLOCKLISTED, creditsFor, isBlocklisted } from './rules.ts';
import { contentOf, type Notification } from './schema.ts';
import { canCancel, canRetry } from './status.ts';

/** The message form's content: non-empty after trimming (spec 000 section 5). */
const Content = z
  .string()
  .max(10_000)
  .refine((s) => trimInvisible(s) !== '', 'validation.description-required');

/** Customer screens send from the thread; the inbox (Owner, Admin, Creator) likewise. */
const SEND_ACCESS = routeByName('customers');

const SendInput = z.object({
  _id: Id.optional(),
  customerId: Id,
  type: z.enum(['Email', 'SMS']),
  /** Defaults to the customer's email or telephone number. */
  address: z.string().trim().max(320).optional(),
  content: Content,
  subject: z.string().trim().max(300).optional(),
  /** Unix seconds: send then (a scheduled message) instead of at once. */
  sendAtSecondsTimestamp: SendAtSeconds.optional(),
  templateId: Id.optional(),
  relatedItemId: Id.optional(),
  jobOccurrenceReminderId: Id.optional(),
  /** The user's today (the `[next-visit]` merge field counts from it). */
  today: IsoDate.optional(),
});

/** The effect that delivers notifications (functions/src/notifications/deliver.ts). */
export const SEND_EFFECT = 'notification.send';

function emitSend(ctx: CommandContext, notificationIds: string[], sendAt?: number) {
  ctx.emit({
    type: SEND_EFFECT,
    payload: { accountId: ctx.actor.accountId, notificationIds },
    ...(sendAt ? { dueAt: new Date(sendAt * 1000).toISOString() } : {}),
  });
}

/**
 * Sends an email or an SMS to a customer (spec 000 sections 2.6, 4, 5): a local save that syncs,
 * delivered by the server's `notification.send` effect. Its credits are taken now, with the save.
 * An address on the blocklist is not sent to: the message is kept, failed, with the reason
 * `notification.address-blocklisted` and no credit used (docs/messaging.md).
 */
export const sendNotification = defineCommand({
  name: 'notifications.send',
  input: SendInput,
  access: SEND_ACCESS,
  async run(ctx, input) {
    assertCanSend(ctx.actor);
    // A `[field=?]` prompt is the writer's to answer: a message still holding one is not sent.
    const prompts = findTokens(`${input.subject ?? ''}\n${input.content}`);
    if (prompts.length > 0)
      throw validation('notifications.unanswered-prompts', { prompts: prompts.join(', ') });
    // Sending is keyed by the message: a second send of one message (another commandId, a
    // double tap on another device) answers it as it is, writes nothing and charges nothing.
    // Read together with the customer: one round trip, as before.
    const [existing, customer] = await Promise.all([
      input._id ? ctx.store.get<Notification>('notification', input._id) : undefined,
      ctx.store.get<Customer>('customer', input.customerId),
    ]);
    if (existing) return existing;
    if (!customer) throw notFound('customers.not-found', { id: input.customerId });
    // Only by a way the customer chose (spec 000 section 2.6), whatever address is given.
    if (!channelsOf(customer).includes(input.type))
      throw validation('notification.customer-no-contact-methods');
    return saveMessage(ctx, input, customer);
  },
});

/**
 * Writes a message and pays for it, in the caller's unit of work: the message form's send, and a
 * quote sent to its customer (`quotes.send`, which holds to its own address rules).
 */
export async function saveMessage(
  ctx: CommandContext,
  input: z.infer<typeof SendInput>,
  customer: Customer,
): Promise<Notification> {
  const address = (input.address ?? addressOf(customer, input.type)).trim();
  if (address === '') throw validation('notification.customer-no-contact-methods');
  if (input.type === 'SMS') assertSmsPrefix(ctx.actor, address);
  else if (!z.email().safeParse(address).success) throw validation('customers.email-invalid');
  if (
    input.sendAtSecondsTimestamp !== undefined &&
    input.sendAtSecondsTimestamp * 1000 <= ctx.now.getTime()
  ) {
    throw validation('time-picker.date-is-in-the-past');
  }
  const now = ctx.now.toISOString();
  // The customer's merge fields are filled as the message is saved: on the server, that is when
  // a message written offline arrives, so it carries the values of then (docs/send.md). The
  // stored message is what the customer reads; the link fields alone wait for the sending.
  const texts = `${input.subject ?? ''}\n${input.content}`;
  const values = (await mergeSource(ctx, texts, userToday(ctx, input.today)))(customer);
  const content = trimInvisible(fillMergeFields(input.content, values));
  const subject = input.subject ? fillMergeFields(input.subject, values) : undefined;
  const blocked = input.type === 'Email' && isBlocklisted(ctx.actor, address);
  const credits = blocked ? 0 : creditsFor(input.type, content);
  await spendCredits(ctx.store, credits);
  const scheduled = input.sendAtSecondsTimestamp !== undefined;
  const first = scheduled ? 'scheduled' : 'pending';
  const notification: Notification = {
    _id: input._id ?? ctx.newId(),
    type: input.type,
    customerId: customer._id,
    createdBy: ctx.actor.userId,
    address,
    addressee: customer.name,
    status: blocked ? 'failed' : first,
    statusHistory: [
      { status: first, timestamp: now },
      ...(blocked ? [{ status: 'failed', timestamp: now, data: { reason: BLOCKLISTED } }] : []),
    ],
    timestamp: now,
    createdDate: now,
    sent: false,
    unread: false,
    message: content,
    ...(subject ? { subject } : {}),
    ...(input.templateId ? { templateId: input.templateId } : {}),
    ...(input.relatedItemId ? { relatedItemId: input.relatedItemId } : {}),
    ...(input.jobOccurrenceReminderId ? { jobOccurrenceReminderId: input.jobOccurrenceReminderId } : {}),
    ...(scheduled ? { sendAtSecondsTimestamp: input.sendAtSecondsTimestamp } : {}),
    sender: ctx.actor.email,
    attempt: 0,
    credits,
    refunded: false,
  };
  const saved = await ctx.store.put<Notification>('notification', notification);
  if (!blocked) emitSend(ctx, [saved._id], input.sendAtSecondsTimestamp);
  return saved;
}

/**
 * Bulk email to selected customers (spec 000 sections 4 and 5): one command, so the whole send
 * is saved, paid for and queued once. Customers who may not be emailed (`channelsOf`: no email
 * contact method or no address) or whose address is on the blocklist are skipped, counted by
 * reason in `skippedBecause`; none left is `notification.no-customers-with-email-selected`.
 */
export const sendBulkEmail = defineCommand({
  name: 'notifications.send-bulk',
  input: z.object({
    bulkId: Id,
    customerIds: z.array(Id).min(1).max(5_000),
    subject: z.string().trim().max(300).optional(),
    content: Content,
  }),
  access: SEND_ACCESS,
  async run(ctx, input) {
    assertCanSend(ctx.actor);
    const wanted = [...new Set(input.customerIds)];
    // A large selection is read in one pass over the customers rather than one read each.
    const found =
      wanted.length > 50
        ? await ctx.store.list<Customer>('customer')
        : await Promise.all(wanted.map((id) => ctx.store.get<Customer>('customer', id)));
    const byId = new Map<string, Customer>();
    for (const c of found) if (c) byId.set(c._id, c);
    // The same rule as `notifications.send` and the message form: only those who chose email.
    const reachable: Customer[] = [];
    // Counted by reason, not listed: a send of thousands must keep its answer record small.
    const skippedBecause: Record<string, number> = {};
    for (const customerId of wanted) {
      const c = byId.get(customerId);
      const reason = !c
        ? 'customers.not-found'
        : !channelsOf(c).includes('Email')
          ? 'notification.customer-no-contact-methods'
          : isBlocklisted(ctx.actor, addressOf(c, 'Email'))
            ? BLOCKLISTED
            : undefined;
      if (c && !reason) reachable.push(c);
      else if (reason) skippedBecause[reason] = (skippedBecause[reason] ?? 0) + 1;
    }
    if (reachable.length === 0) throw validation('notification.no-customers-with-email-selected');
    const now = ctx.now.toISOString();
    const content = trimInvisible(input.content);
    // Ids in the customers' order (the command's ids are deterministic), written side by side:
    // each write first asks whether its item exists, and a bulk send has thousands.
    const messages: Notification[] = reachable.map((customer) => ({
      _id: ctx.newId(),
      type: 'Email',
      customerId: customer._id,
      createdBy: ctx.actor.userId,
      address: addressOf(customer, 'Email'),
      addressee: customer.name,
      status: 'pending',
      statusHistory: [{ status: 'pending', timestamp: now }],
      timestamp: now,
      createdDate: now,
      sent: false,
      unread: false,
      message: content,
      ...(input.subject ? { subject: input.subject } : {}),
      sender: ctx.actor.email,
      attempt: 0,
      credits: 1,
      refunded: false,
      bulkId: input.bulkId,
    }));
    // Whether each already exists (a run taking over one that died part-way) in batched reads.
    await ctx.store.getMany?.(
      'notification',
      messages.map((n) => n._id),
    );
    await Promise.all(messages.map((n) => ctx.store.put<Notification>('notification', n)));
    // Paid last: a send this large is written in parts (docs/architecture.md, "Too large for one
    // transaction"), and the last write goes in the final transaction with the command's answer,
    // so a run that dies part-way and is taken over pays once. (Its messages, written again by
    // the new run under the same ids, converge.)
    await spendCredits(ctx.store, reachable.length);
    const ids = messages.map((n) => n._id);
    emitSend(ctx, ids);
    return {
      bulkId: input.bulkId,
      total: input.customerIds.length,
      queued: ids.length,
      skipped: input.customerIds.length - ids.length,
      skippedBecause,
    };
  },
});

/**
 * Spec 000 section 4: retry sets a failed message back to pending with a new created date. A
 * message's history only moves forward: nothing else here rewrites a sent one.
 */
export const retryNotification = defineCommand({
  name: 'notifications.retry',
  input: z.object({ _id: Id }),
  access: SEND_ACCESS,
  async run(ctx, { _id }) {
    assertCanSend(ctx.actor);
    const n = await ctx.store.get<Notification>('notification', _id);
    if (!n) throw notFound('notification.not-found', { id: _id });
    if (!canRetry(n)) throw validation('notification.only-failed-can-retry');
    const now = ctx.now.toISOString();
    const blocked = n.type === 'Email' && isBlocklisted(ctx.actor, n.address);
    // The failed attempt's credits went back (or none were taken): the new attempt pays again.
    const owed = n.refunded || n.credits === 0;
    const credits = blocked ? 0 : creditsFor(n.type === 'SMS' ? 'SMS' : 'Email', contentOf(n));
    if (!blocked && owed) await spendCredits(ctx.store, credits);
    const saved = await ctx.store.put<Notification>('notification', {
      ...n,
      status: blocked ? 'failed' : 'pending',
      statusHistory: [
        ...n.statusHistory,
        { status: 'pending', timestamp: now, data: { retry: true } },
        ...(blocked ? [{ status: 'failed', timestamp: now, data: { reason: BLOCKLISTED } }] : []),
      ],
      createdDate: now,
      timestamp: now,
      sent: false,
      attempt: n.attempt + 1,
      credits: blocked ? 0 : owed ? credits : n.credits,
      refunded: false,
    });
    if (!blocked) emitSend(ctx, [saved._id]);
    return saved;
  },
});

/**
 * Cancels scheduled messages (spec 000 section 4: only while their send time is in the future);
 * their credits go back. One that cannot be cancelled refuses the whole request (`failed.to-cancel`).
 */
export const cancelScheduled = defineCommand({
  name: 'notifications.cancel',
  input: z.object({ ids: z.array(Id).min(1).max(500) }),
  access: SEND_ACCESS,
  async run(ctx, { ids }) {
    const found = await Promise.all(
      [...new Set(ids)].map((id) => ctx.store.get<Notification>('notification', id)),
    );
    const now = ctx.now.toISOString();
    let refund = 0;
    // All checked before any is written: a refusal changes nothing.
    const cancellable = found.map((n) => {
      if (!n || !canCancel(n, ctx.now)) throw validation('failed.to-cancel', { id: n?._id });
      return n;
    });
    for (const n of cancellable) {
      if (!n.refunded) refund += n.credits;
      await ctx.store.put<Notification>('notification', {
        ...n,
        status: 'cancelled',
        statusHistory: [...n.statusHistory, { status: 'cancelled', timestamp: now }],
        refunded: true,
      });
    }
    await refundCredits(ctx.store, refund);
    return { success: true, cancelled: found.length };
  },
});

/** Marks messages read (spec 000 section 7, `mark_as_read`); already-read ones are left alone. */
export const markRead = defineCommand({
  name: 'notifications.mark-read',
  input: z.object({ notificationIds: z.array(Id).min(1).max(500) }),
  access: SEND_ACCESS,
  async run(ctx, { notificationIds }) {
    let marked = 0;
    for (const id of new Set(notificationIds)) {
      const n = await ctx.store.get<Notification>('notification', id);
      if (!n?.unread) continue;
      await ctx.store.put<Notification>('notification', { ...n, unread: false });
      marked++;
    }
    return { success: true, marked };
  },
});

/**
 * "On my way" from the visit screen at the door: an SMS to the visit's customer (the text the
 * screen wrote, with the business's name), saved, paid for and sent as any SMS is. For whoever may
 * act on the visit (a Worker: their own visits only), not only for those who may open the
 * customer's messages. The device makes the notification's `_id`, so a retry sends it once.
 */
export const sendOnMyWay = defineCommand({
  name: 'notifications.on-my-way',
  input: VisitRef.extend({ _id: Id, content: Content }),
  access: routeByName('mywork-item'),
  async run(ctx, { _id, jobId, isoDueDate, content }) {
    const { job, visit } = await loadVisit(ctx, { jobId, isoDueDate });
    assertMayActOn(ctx.actor, visit);
    return sendNotification.run(ctx, {
      _id,
      customerId: job.customerId,
      type: 'SMS',
      content,
      relatedItemId: jobId,
    });
  },
});

/**
 * Asks the customer to rate a visit done (spec 001 section 2.11): an email or SMS about the visit
 * (`jobOccurrenceReminderId`), whose `[rating-link]` the server fills as it sends with the message's
 * own public token (functions/src/notifications/merge-links.ts). Sent as any message is, so by
 * those who may message customers; the device makes the message's `_id`, so a request sends once.
 * A visit not done, or already rated, is refused: there is nothing to rate.
 */
export const requestRating = defineCommand({
  name: 'notifications.request-rating',
  input: VisitRef.extend({
    _id: Id,
    type: z.enum(['Email', 'SMS']),
    subject: z.string().trim().max(300).optional(),
    content: Content,
  }),
  access: SEND_ACCESS,
  async run(ctx, { _id, jobId, isoDueDate, type, subject, content }) {
    // A second run of the same request answers what the first sent.
    const existing = await ctx.store.get<Notification>('notification', _id);
    if (existing) return existing;
    const { job, visit, stored } = await loadVisit(ctx, { jobId, isoDueDate });
    if (visit.status !== VisitStatus.Done) throw validation('ratings.visit-not-done');
    if (stored?.rating) throw validation('ratings.already-rated');
    if (!content.includes('[rating-link]')) throw validation('ratings.link-missing');
    return sendNotification.run(ctx, {
      _id,
      customerId: job.customerId,
      type,
      content,
      ...(subject ? { subject } : {}),
      relatedItemId: jobId,
      jobOccurrenceReminderId: visit.id,
    });
  },
});
