import { type Entity, Notifications, type Quotes, Visits } from '@roundwise/core';
import { FEEDBACK, REPLIES } from './data.ts';
import { DAY_MS, DAY_NAMES, dayOf, firstVisitOnOrAfter } from './dates.ts';
import {
  type Ctx,
  type CustomerInfo,
  type JobInfo,
  type PaymentInfo,
  stamp,
  type VisitInfo,
} from './model.ts';
import type { Random } from './prng.ts';

type NoteKind =
  | 'reminder'
  | 'scheduled'
  | 'receipt'
  | 'invoice'
  | 'quote'
  | 'smsReply'
  | 'emailReply'
  | 'chat'
  | 'feedback'
  | 'manual'
  | 'pending';
const NOTE_MIX: [NoteKind, number][] = [
  ['reminder', 42],
  ['scheduled', 3],
  ['receipt', 18],
  ['invoice', 10],
  ['quote', 4],
  ['smsReply', 9],
  ['emailReply', 6],
  ['chat', 2],
  ['feedback', 3],
  ['manual', 3],
  ['pending', 0.5],
];

const SENT_STATUSES = new Set(['sent', 'processed', 'delivered', 'open', 'click']);

interface Outgoing {
  customer: CustomerInfo;
  channel: 'SMS' | 'Email';
  ms: number;
  text: string;
  subject?: string;
  description: string;
  relatedItemId?: string;
  createdBy?: string;
}

/**
 * Customer messages (no commands yet: the messaging area comes later; each is recorded as data at
 * its last change, checked by the notification schema): visit reminders (SMS or email, the evening before), receipts and invoices
 * by email, quotes sent, a few scheduled for this evening, and replies and feedback from
 * customers. Delivery runs through the provider's raw statuses (pending, sent or processed,
 * delivered, open, click; failed, bounce, dropped).
 */
export async function makeNotifications(
  ctx: Ctx,
  all: {
    customers: CustomerInfo[];
    jobs: JobInfo[];
    visits: VisitInfo[];
    payments: PaymentInfo[];
    invoices: PaymentInfo[];
    quotes: Entity<Quotes.Quote>[];
  },
): Promise<Entity<Notifications.Notification>[]> {
  const rng = ctx.rng('notifications');
  /** Each message and when it last changed. */
  const out: { n: Notifications.Notification; at: string }[] = [];
  const recentFrom = ctx.today - 120;
  const visits = all.visits.filter((v) => v.day >= recentFrom);
  const byCustomer = new Map(all.customers.map((c) => [c.id, c]));
  const sentQuotes = all.quotes.filter((q) => q.sentDate);
  const tomorrow = ctx.today + 1;
  const dueTomorrow = all.jobs.filter(
    (j) =>
      j.customer.entity.state === 'active' &&
      j.entity.frequencyType !== 'OneOff' &&
      firstVisitOnOrAfter(j.entity, j.start, tomorrow) === tomorrow,
  );
  const contactable = all.customers.filter((c) => c.entity.email || c.entity.mobileNumber);
  const business = ctx.businessName;
  const date = (day: number) => longDate(day);

  const channelOf = (c: CustomerInfo, prefer: 'SMS' | 'Email'): 'SMS' | 'Email' | undefined => {
    const sms = Boolean(c.entity.mobileNumber);
    const email = Boolean(c.entity.email);
    if (prefer === 'SMS') return sms ? 'SMS' : email ? 'Email' : undefined;
    return email ? 'Email' : sms ? 'SMS' : undefined;
  };
  const addressOf = (c: CustomerInfo, channel: 'SMS' | 'Email') =>
    channel === 'SMS' ? `+44${c.entity.mobileNumber.replace(/\s/g, '').slice(1)}` : c.entity.email;

  const pushOutgoing = (o: Outgoing) => {
    const history = deliveryHistory(rng, o.channel, o.ms, ctx.latestMs);
    const last = history[history.length - 1]!;
    const n: Notifications.Notification = {
      _id: ctx.id(o.ms),
      _externalId:
        o.channel === 'SMS'
          ? `SM${ctx.id(o.ms).toLowerCase()}`
          : `${ctx.id(o.ms).toLowerCase()}@mail.roundwise.local`,
      type: o.channel,
      customerId: o.customer.id,
      address: addressOf(o.customer, o.channel),
      addressee: o.customer.entity.name,
      status: last.status,
      statusHistory: history,
      timestamp: last.timestamp,
      createdDate: history[0]!.timestamp,
      sent: history.some((h) => SENT_STATUSES.has(h.status)),
      unread: false,
      message: o.text,
      description: o.description,
      attempt: 0,
      credits: o.channel === 'SMS' ? Notifications.smsSegments(o.text).segments : 1,
      refunded: false,
    };
    if (o.createdBy) n.createdBy = o.createdBy;
    if (o.channel === 'Email') n.subject = o.subject ?? o.description;
    if (o.relatedItemId) n.relatedItemId = o.relatedItemId;
    out.push({ n, at: last.timestamp });
  };

  const pushIncoming = (
    c: CustomerInfo,
    type: Notifications.Notification['type'],
    ms: number,
    message: Notifications.Notification['message'],
    address: string,
    description: string,
  ) => {
    const at = stamp(ctx, ms);
    const n: Notifications.Notification = {
      _id: ctx.id(Math.min(ms, ctx.latestMs)),
      type,
      customerId: c.id,
      address,
      addressee: c.entity.name,
      status: 'delivered',
      statusHistory: [{ status: 'delivered', timestamp: at }],
      timestamp: at,
      createdDate: at,
      sent: false,
      unread: ms >= (ctx.today - 10) * DAY_MS && rng.chance(0.5),
      message,
      description,
      attempt: 0,
      credits: 0,
      refunded: false,
    };
    if (type === 'SMSReply' || type === 'EmailReply')
      n._externalId = `${type === 'SMSReply' ? 'SM' : ''}${ctx.id(ms).toLowerCase()}`;
    if (type === 'EmailReply') n.subject = `Re: ${business}`;
    out.push({ n, at });
  };

  const randomMs = (fromDay: number) =>
    rng.int(fromDay, ctx.today - 1) * DAY_MS + rng.int(7 * 60, 21 * 60) * 60_000;

  for (
    let guard = 0;
    out.length < ctx.config.notifications && guard < ctx.config.notifications * 20;
    guard++
  ) {
    const kind = rng.weighted(NOTE_MIX);
    switch (kind) {
      case 'reminder': {
        if (!visits.length) break;
        const v = rng.pick(visits);
        const c = v.job.customer;
        const channel = channelOf(c, rng.chance(0.6) ? 'SMS' : 'Email');
        if (!channel) break;
        const when = date(
          v.entity.isoDueDate === v.entity.isoPlannedDate ? v.day : dayOf(v.entity.isoDueDate),
        );
        pushOutgoing({
          customer: c,
          channel,
          ms: (dayOf(v.entity.isoDueDate) - 1) * DAY_MS + 18 * 3_600_000 + rng.int(0, 600) * 1000,
          text: `Hi ${c.firstName}, just a reminder that ${business} will be round to clean your windows tomorrow (${when}). Please leave side gates unlocked. Thanks!`,
          subject: `Your window clean is tomorrow`,
          description: 'Appointment reminder',
          relatedItemId: v.entity._id,
        });
        break;
      }
      case 'scheduled': {
        if (!dueTomorrow.length) break;
        const j = rng.pick(dueTomorrow);
        const c = j.customer;
        const channel = channelOf(c, 'SMS');
        if (!channel) break;
        const ms = (ctx.today - rng.int(1, 3)) * DAY_MS + rng.int(8 * 60, 20 * 60) * 60_000;
        const at = stamp(ctx, ms);
        const n: Notifications.Notification = {
          _id: ctx.id(ms),
          type: channel,
          customerId: c.id,
          address: addressOf(c, channel),
          addressee: c.entity.name,
          status: 'scheduled',
          statusHistory: [{ status: 'scheduled', timestamp: at }],
          timestamp: at,
          createdDate: at,
          sent: false,
          unread: false,
          message: `Hi ${c.firstName}, just a reminder that ${business} will be round to clean your windows tomorrow (${date(tomorrow)}). Thanks!`,
          description: 'Appointment reminder',
          relatedItemId: j.id,
          sendAtSecondsTimestamp: (ctx.today * DAY_MS) / 1000 + 18 * 3600,
          attempt: 0,
          credits: 1,
          refunded: false,
        };
        if (channel === 'Email') n.subject = 'Your window clean is tomorrow';
        out.push({ n, at });
        break;
      }
      case 'receipt': {
        if (!all.payments.length) break;
        const p = rng.pick(all.payments);
        if (!p.customer.entity.email) break;
        pushOutgoing({
          customer: p.customer,
          channel: 'Email',
          ms: p.ms + rng.int(1, 30) * 60_000,
          text: `Dear ${p.customer.firstName},\n\nThank you for your payment of £${(-p.entity.amount).toFixed(2)} received on ${date(dayOf(p.entity.date))}.\n\n${business}`,
          subject: `Receipt from ${business}`,
          description: 'Payment receipt',
          relatedItemId: p.entity._id,
        });
        break;
      }
      case 'invoice': {
        if (!all.invoices.length) break;
        const inv = rng.pick(all.invoices);
        const channel = channelOf(inv.customer, 'Email');
        if (!channel) break;
        pushOutgoing({
          customer: inv.customer,
          channel,
          ms: inv.ms + rng.int(5, 120) * 60_000,
          text: `Hi ${inv.customer.firstName}, your invoice ${inv.entity.invoiceNumber ?? ''} for £${inv.entity.amount.toFixed(2)} (${inv.entity.description}) is ready. You can pay by bank transfer or card. Thank you, ${business}`,
          subject: `Invoice ${inv.entity.invoiceNumber ?? ''} from ${business}`,
          description: 'Invoice',
          relatedItemId: inv.entity._id,
        });
        break;
      }
      case 'quote': {
        if (!sentQuotes.length) break;
        const q = rng.pick(sentQuotes);
        const c = byCustomer.get(q.customerId)!;
        const channel = channelOf(c, 'Email');
        if (!channel) break;
        pushOutgoing({
          customer: c,
          channel,
          ms: Date.parse(q.sentDate!),
          text: `Hi ${c.firstName}, thank you for your enquiry. Your quote ${q.quoteNumber ?? ''} for £${q.total.toFixed(2)} is ready to view and accept online. ${business}`,
          subject: `Your quote from ${business}`,
          description: 'Quote',
          relatedItemId: q._id,
          createdBy: ctx.userIds.owner,
        });
        break;
      }
      case 'smsReply': {
        const c = rng.pick(contactable);
        if (!c.entity.mobileNumber) break;
        pushIncoming(c, 'SMSReply', randomMs(recentFrom), rng.pick(REPLIES), addressOf(c, 'SMS'), 'Reply');
        break;
      }
      case 'emailReply': {
        const c = rng.pick(contactable);
        if (!c.entity.email) break;
        pushIncoming(c, 'EmailReply', randomMs(recentFrom), rng.pick(REPLIES), c.entity.email, 'Reply');
        break;
      }
      case 'chat': {
        const c = rng.pick(contactable);
        pushIncoming(
          c,
          'ChatReply',
          randomMs(recentFrom),
          rng.pick(REPLIES),
          c.entity.email || addressOf(c, 'SMS'),
          'Portal chat',
        );
        break;
      }
      case 'feedback': {
        if (!visits.length) break;
        const v = rng.pick(visits);
        if (v.entity.status !== Visits.VisitStatus.Done) break;
        const c = v.job.customer;
        const stars = rng.weighted<number>([
          [5, 70],
          [4, 22],
          [3, 6],
          [2, 2],
        ]);
        pushIncoming(
          c,
          'Feedback',
          v.doneMs + rng.int(1, 30) * 3_600_000,
          {
            content: rng.pick(FEEDBACK),
            title: `${'★'.repeat(stars)}${'☆'.repeat(5 - stars)}`,
            subtitle: `${ctx.services.get(v.job.service)!.name} on ${date(v.day)}`,
          },
          c.entity.email || addressOf(c, 'SMS'),
          'Feedback',
        );
        break;
      }
      default: {
        const c = rng.pick(contactable);
        const channel = channelOf(c, 'SMS')!;
        pushOutgoing({
          customer: c,
          channel,
          // 'pending': written just now, not yet handed to the provider.
          ms: kind === 'pending' ? ctx.latestMs - rng.int(1, 15) * 60_000 : randomMs(recentFrom),
          text: rng.pick([
            `Hi ${c.firstName}, we're running a bit late today, we'll be with you this afternoon. ${business}`,
            `Hi ${c.firstName}, we couldn't get through the side gate today. Could you leave it unlocked next time? Thanks, ${business}`,
            `Hi ${c.firstName}, our gutter clearing slots for the autumn are filling up. Reply YES if you would like a visit. ${business}`,
          ]),
          subject: `A message from ${business}`,
          description: 'Message',
          createdBy: rng.chance(0.7) ? ctx.userIds.owner : ctx.userIds.worker,
        });
      }
    }
  }
  const recorded: Entity<Notifications.Notification>[] = [];
  for (const { n, at } of out) {
    recorded.push(await ctx.runner.record('notification', Notifications.Notification, n, Date.parse(at)));
  }
  return recorded;
}

/** A plausible delivery history for an outgoing message created at `ms`. */
function deliveryHistory(rng: Random, channel: 'SMS' | 'Email', ms: number, latestMs: number) {
  const steps: { status: string; timestamp: string }[] = [];
  let t = ms;
  const add = (status: string, afterMs: number) => {
    t = Math.min(t + afterMs, latestMs);
    steps.push({ status, timestamp: new Date(t).toISOString() });
  };
  add('pending', 0);
  // Only a message written in the last minutes before now is still waiting for the provider.
  if (ms > latestMs - 20 * 60_000) return steps;
  const outcome = rng.next();
  if (channel === 'SMS') {
    add('sending', rng.int(1, 5) * 1000);
    add('sent', rng.int(1, 10) * 1000);
    if (outcome < 0.07) {
      if (outcome < 0.06) add('failed', rng.int(5, 120) * 1000);
      return steps;
    }
    add('delivered', rng.int(3, 60) * 1000);
    return steps;
  }
  add('processed', rng.int(1, 10) * 1000);
  if (outcome < 0.02) {
    add('deferred', rng.int(30, 600) * 1000);
    return steps;
  }
  if (outcome < 0.05) {
    add(outcome < 0.04 ? 'bounce' : 'dropped', rng.int(1, 60) * 1000);
    return steps;
  }
  add('delivered', rng.int(1, 30) * 1000);
  if (outcome < 0.45) return steps;
  add('open', rng.int(5, 24 * 60) * 60_000);
  if (outcome < 0.85) return steps;
  add('click', rng.int(1, 60) * 60_000);
  return steps;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "Tuesday 14 May", written out here rather than by Intl so the output never depends on ICU data. */
function longDate(day: number): string {
  const d = new Date(day * DAY_MS);
  return `${DAY_NAMES[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}
