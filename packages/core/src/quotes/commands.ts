import { z } from 'zod';
import { atLeast } from '../access/model.ts';
import { routeByName } from '../access/routes.ts';
import type { CommandContext } from '../commands/define.ts';
import { defineCommand } from '../commands/define.ts';
import type { Customer } from '../customers/schema.ts';
import { type Entity, Id, IsoDate } from '../entity.ts';
import { forbidden, notFound, validation } from '../errors.ts';
import type { Job } from '../jobs/schema.ts';
import { fillMergeFields } from '../merge-fields.ts';
import { saveMessage, sendNotification } from '../notifications/commands.ts';
import { takeQuoteNumber } from './numbering.ts';
import { linkAttachments, linkAttachmentsToJobs, releaseAttachments } from './quote-attachments.ts';
import { quotedJobsOf, saveQuotedJobs } from './quoted-jobs.ts';
import {
  type Quote,
  QuoteFields,
  type QuoteSettings,
  QuoteSettingsFields,
  QuoteState,
  SETTINGS_ID,
  settingsOrDefault,
} from './schema.ts';
import { accepted, backToPending, canSellAsLead, canTransferLead, declined, withState } from './state.ts';
import { quoteTotals } from './totals.ts';

/** Quote create, edit, delete, send, convert, mark accepted or declined: Owner, Admin, Creator (spec 000 section 6). */
const access = routeByName('quotes');
const ownerAdmin = { ...access, roles: ['Owner', 'Admin'] } as const;

async function load(ctx: CommandContext, id: string): Promise<Entity<Quote>> {
  const quote = await ctx.store.get<Quote>('quote', id);
  if (!quote) throw notFound('quote.not-found', { id });
  return quote;
}

const DeclineReason = z.string().trim().min(1, 'quote.decline-reason-required').max(2000);

/**
 * The form's rules beyond field shapes (spec 000 section 5): a second job needs Advanced (the
 * form shows the upgrade prompt on this key), attachments and UTM parameters need level 3, the
 * discount cannot pass the subtotal, the expiry cannot come before the date.
 */
function checkForm(ctx: CommandContext, f: QuoteFields) {
  if (f.items.length > 1 && !atLeast(ctx.actor.level, 'Advanced')) {
    throw forbidden('quote.upgrade-for-more-jobs', { level: 'Advanced' });
  }
  if ((f.attachments?.length || f.utmParams) && !atLeast(ctx.actor.level, 'Ultimate')) {
    throw forbidden('access.level-required', { level: 'Ultimate' });
  }
  // A legacy quote is one job (its dialog is a job form).
  if (f.type && f.items.length !== 1) throw validation('quote.legacy-one-job');
  if (f.expiry < f.date) throw validation('quote.expiry-before-date');
  const totals = quoteTotals({ ...f, discountTotal: f.discountTotal });
  if (f.discountTotal > totals.subtotal) throw validation('quote.discount-too-large');
  return totals;
}

async function assertCustomer(ctx: CommandContext, id: string) {
  if (!(await ctx.store.get<Customer>('customer', id))) throw notFound('customers.not-found', { id });
}

export const createQuote = defineCommand({
  name: 'quotes.create',
  input: QuoteFields.extend({ _id: Id.optional() }),
  access,
  async run(ctx, { _id, ...fields }) {
    await assertCustomer(ctx, fields.customerId);
    const totals = checkForm(ctx, fields);
    const id = _id ?? ctx.newId();
    const items = await saveQuotedJobs(
      ctx,
      { ...fields, _id: id, items: [] },
      fields.items,
      totals.itemTotals,
    );
    const quoteNumber = await takeQuoteNumber(ctx);
    await linkAttachments(ctx, id, fields.attachments ?? []);
    const linkToken = ctx.publicLink?.('quote', id);
    return ctx.store.put<Quote>('quote', {
      ...fields,
      _id: id,
      items,
      state: 'pending',
      subtotal: totals.subtotal,
      discountTotal: totals.discountTotal,
      totalTax: totals.totalTax,
      total: totals.total,
      ownerEmail: ctx.actor.email,
      createdDate: ctx.now.toISOString(),
      version: 1,
      ...(quoteNumber ? { quoteNumber } : {}),
      ...(linkToken ? { linkToken } : {}),
    });
  },
});

/**
 * Saves the edit form: every form field, and the state transition when the state changed. A new
 * version of what the customer sees; a frozen acceptance is never touched.
 */
export const updateQuote = defineCommand({
  name: 'quotes.update',
  input: QuoteFields.omit({ customerId: true }).extend({
    _id: Id,
    state: QuoteState.optional(),
    declineReason: z.string().trim().max(2000).optional(),
  }),
  access,
  async run(ctx, { _id, state, declineReason, ...fields }) {
    const current = await load(ctx, _id);
    const totals = checkForm(ctx, {
      ...fields,
      customerId: current.customerId,
      type: fields.type ?? current.type,
    });
    if (state === 'declined' && current.state !== 'declined' && !declineReason) {
      throw validation('quote.decline-reason-required');
    }
    const items = await saveQuotedJobs(
      ctx,
      { ...current, ...fields, items: current.items },
      fields.items,
      totals.itemTotals,
    );
    const quoteNumber = current.quoteNumber ?? (await takeQuoteNumber(ctx));
    // A quote stored before links were tokens gets its token with its next edit.
    const linkToken = current.linkToken ?? ctx.publicLink?.('quote', _id);
    await linkAttachments(ctx, _id, fields.attachments ?? [], current.attachments);
    const edited: Quote = {
      ...current,
      ...fields,
      items,
      subtotal: totals.subtotal,
      discountTotal: totals.discountTotal,
      totalTax: totals.totalTax,
      total: totals.total,
      version: (current.version ?? 1) + 1,
      ...(quoteNumber ? { quoteNumber } : {}),
      ...(linkToken ? { linkToken } : {}),
    };
    return ctx.store.put<Quote>(
      'quote',
      withState(edited, state ?? current.state, ctx.now.toISOString(), declineReason),
    );
  },
});

/**
 * Deleting a quote deletes its quoted jobs (spec 000 section 4); booked jobs are work and stay.
 * Its files go with it unless a booked job or another record has them too (quote-attachments.ts).
 */
export const deleteQuote = defineCommand({
  name: 'quotes.delete',
  input: z.object({ _id: Id }),
  access,
  async run(ctx, { _id }) {
    const quote = await load(ctx, _id);
    const quoted = await quotedJobsOf(ctx, quote);
    for (const job of quoted) await ctx.store.remove('job', job._id);
    await releaseAttachments(
      ctx,
      _id,
      quote.attachments ?? [],
      quoted.map((j) => j._id),
    );
    await ctx.store.remove('quote', _id);
    return { deleted: _id };
  },
});

export const acceptQuote = defineCommand({
  name: 'quotes.accept',
  input: z.object({ _id: Id }),
  access,
  async run(ctx, { _id }) {
    const quote = await load(ctx, _id);
    if (quote.state === 'accepted') throw validation('quote.already-accepted');
    return ctx.store.put<Quote>('quote', accepted(quote, ctx.now.toISOString()));
  },
});

export const declineQuote = defineCommand({
  name: 'quotes.decline',
  input: z.object({ _id: Id, reason: DeclineReason }),
  access,
  async run(ctx, { _id, reason }) {
    const quote = await load(ctx, _id);
    return ctx.store.put<Quote>('quote', declined(quote, ctx.now.toISOString(), reason));
  },
});

export const backToPendingQuote = defineCommand({
  name: 'quotes.back-to-pending',
  input: z.object({ _id: Id }),
  access,
  async run(ctx, { _id }) {
    return ctx.store.put<Quote>('quote', backToPending(await load(ctx, _id)));
  },
});

/** A quote cannot be sent until the server has numbered it (spec 000 section 5). */
function assertNumbered(quote: Quote) {
  if (!quote.quoteNumber) throw validation('quote.not-yet-processed');
}

export const markSentQuote = defineCommand({
  name: 'quotes.mark-sent',
  input: z.object({ _id: Id, date: IsoDate }),
  access,
  async run(ctx, { _id, date }) {
    const quote = await load(ctx, _id);
    assertNumbered(quote);
    return ctx.store.put<Quote>('quote', { ...quote, sentDate: date, sentManually: true });
  },
});

export const markUnsentQuote = defineCommand({
  name: 'quotes.mark-unsent',
  input: z.object({ _id: Id }),
  access,
  async run(ctx, { _id }) {
    const { sentDate, sentManually, ...quote } = await load(ctx, _id);
    return ctx.store.put<Quote>('quote', quote);
  },
});

export const QuoteChannel = z.enum(['Email', 'SMS']);

/**
 * The path of a quote's public page (spec 000 section 2.10, `/go/q/{id}/`): the id is the quote's
 * `linkToken`, never its entity id (docs/public-links.md).
 */
export const quoteLinkPath = (token: string) => `/go/q/${token}/`;

/**
 * Sends the quote's link to the customer through the messaging pipeline: the
 * message is a notification like any other (`notifications.send`: a verified email, credits, the
 * blocklist and SMS prefixes, delivered once by the `notification.send` effect), related to the
 * quote; the quote's sentDate is set in the same write. The screen fills the message from the
 * quote settings' template with the link; the link, or `[quote-link]`, must still be in it.
 */
export const sendQuote = defineCommand({
  name: 'quotes.send',
  input: z.object({
    _id: Id,
    channel: QuoteChannel.default('Email'),
    subject: z.string().trim().max(300).optional(),
    content: z.string().max(10_000),
    notificationId: Id.optional(),
  }),
  access,
  async run(ctx, { _id, channel, subject, content, notificationId }) {
    const quote = await load(ctx, _id);
    assertNumbered(quote);
    // The link's token comes in the same server answer as the number.
    if (!quote.linkToken) throw validation('quote.not-yet-processed');
    // The link as the screen wrote it, or `[quote-link]`, put in as it is sent (merge-fields.ts).
    if (!content.includes(quoteLinkPath(quote.linkToken)) && !content.includes('[quote-link]'))
      throw validation('quote.link-missing');
    const customer = await ctx.store.get<Customer>('customer', quote.customerId);
    if (!customer) throw notFound('customers.not-found', { id: quote.customerId });
    const address = channel === 'Email' ? customer.email : customer.mobileNumber || customer.telephoneNumber;
    if (!address)
      throw validation(channel === 'Email' ? 'quote.customer-no-email' : 'quote.customer-no-mobile');
    // The quote's own field; the customer's are filled by saveMessage like any message's.
    const quoteFields = { 'quote-number': quote.quoteNumber ?? '' };
    const message = sendNotification.input.safeParse({
      ...(notificationId ? { _id: notificationId } : {}),
      customerId: customer._id,
      type: channel,
      address,
      content: fillMergeFields(content, quoteFields),
      ...(subject ? { subject: fillMergeFields(subject, quoteFields) } : {}),
      relatedItemId: _id,
    });
    if (!message.success) throw validation(message.error.issues[0]?.message ?? 'general.validation-failed');
    await saveMessage(ctx, message.data, customer);
    const { sentManually, ...rest } = quote;
    return ctx.store.put<Quote>('quote', { ...rest, sentDate: ctx.now.toISOString() });
  },
});

/**
 * Convert to jobs (spec 000 section 4): the quoted jobs are booked (their quote mark goes, so the
 * schedule shows their visits, on the round the item named), the quote is accepted if it was not,
 * the customer made active. The screen then offers the booking confirmation.
 */
export const convertQuote = defineCommand({
  name: 'quotes.convert',
  input: z.object({ _id: Id }),
  access,
  async run(ctx, { _id }) {
    const quote = await load(ctx, _id);
    if (quote.convertedDate) throw validation('quote.already-converted');
    if (quote.state === 'declined') throw validation('quote.declined-cannot-convert');
    const customer = await ctx.store.get<Customer>('customer', quote.customerId);
    if (!customer) throw notFound('customers.not-found', { id: quote.customerId });
    const jobs = await quotedJobsOf(ctx, quote);
    if (jobs.length === 0) throw validation('quote.no-line-items');
    for (const { quoteId, ...job } of jobs) await ctx.store.put<Job>('job', job);
    await linkAttachmentsToJobs(
      ctx,
      quote.attachments ?? [],
      jobs.map((j) => j._id),
    );
    if (customer.state !== 'active')
      await ctx.store.put<Customer>('customer', { ...customer, state: 'active' });
    const at = ctx.now.toISOString();
    const done = quote.state === 'accepted' ? quote : accepted(quote, at);
    await ctx.store.put<Quote>('quote', { ...done, convertedDate: at });
    return { jobIds: jobs.map((j) => j._id) };
  },
});

export const updateQuoteSettings = defineCommand({
  name: 'quotes.update-settings',
  input: QuoteSettingsFields,
  access: ownerAdmin,
  async run(ctx, fields) {
    const current = settingsOrDefault(await ctx.store.get<QuoteSettings>('quoteSettings', SETTINGS_ID));
    return ctx.store.put<QuoteSettings>('quoteSettings', { ...current, ...fields });
  },
});

/**
 * Sell as Lead (spec 000 sections 2.8 and 6): Owner and Admin, the marketplaceSeller feature, not
 * declined. It changes nothing here; it answers the marketplace hand-off's address, so the rule is
 * the server's as well as the screen's.
 */
export const sellAsLeadQuote = defineCommand({
  name: 'quotes.sell-as-lead',
  input: z.object({ _id: Id, type: z.enum(['lead', 'quoted-lead']) }),
  access: { ...ownerAdmin, flagsAny: ['marketplaceSeller'] },
  async run(ctx, { _id, type }) {
    const quote = await load(ctx, _id);
    if (!canSellAsLead(quote, ctx.actor)) throw validation('quote.declined-cannot-sell');
    const query = new URLSearchParams({
      quotedJobIds: quote.items.flatMap((i) => (i.relatedId ? [i.relatedId] : [])).join(','),
      type,
      customerId: quote.customerId,
      notes: quote.notes,
    });
    return { path: `marketplace/sell-quoted-jobs?${query}` };
  },
});

/** Transfer Lead: Owner and Admin, transferData or developer mode, once (spec 000 section 6). */
export const transferLeadQuote = defineCommand({
  name: 'quotes.transfer-lead',
  input: z.object({ _id: Id, newOwnerId: Id }),
  access: {
    ...ownerAdmin,
    condition: (a) => a.flags.includes('transferData') || a.developerMode,
    conditionKey: 'access.feature-required',
  },
  async run(ctx, { _id, newOwnerId }) {
    const quote = await load(ctx, _id);
    if (!canTransferLead(quote, ctx.actor)) throw validation('quote.already-transferred');
    return ctx.store.put<Quote>('quote', {
      ...quote,
      transferred: { newOwnerId, transferDate: ctx.now.toISOString() },
    });
  },
});
