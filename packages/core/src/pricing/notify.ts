import { z } from 'zod';
import { routeByName } from '../access/routes.ts';
import { defineCommand } from '../commands/define.ts';
import { userToday } from '../commands/today.ts';
import { readBalance, spendCredits } from '../credits/ledger.ts';
import { Id, IsoDate } from '../entity.ts';
import { notFound, validation } from '../errors.ts';
import { escapeHtml, fillMergeFields, type MergeValues } from '../merge-fields.ts';
import { mergeSource } from '../merge-source.ts';
import { SEND_EFFECT } from '../notifications/commands.ts';
import { addressOf, channelsOf } from '../notifications/contact.ts';
import { assertCanSend, creditsFor, isBlocklisted } from '../notifications/rules.ts';
import type { Notification } from '../notifications/schema.ts';
import { type CampaignTemplate, readTemplate, smsTextOf } from '../send/template-ref.ts';
import { findTokens, replaceTokens } from '../tokens.ts';
import { type AffectedData, affectedJobs } from './affected-jobs.ts';
import { newPrice } from './arithmetic.ts';
import { keepOldPrice, visitReader } from './notice.ts';
import { addWorkingDays, BACS_NOTICE_WORKING_DAYS, later, paysByDirectDebit } from './preview.ts';
import { readAffectedData } from './read.ts';
import type { JobPriceChange, PriceChange } from './schema.ts';

/** Messages per delivery effect, as a campaign's (one job on the bulk-send queue each). */
const BATCH = 500;

/** The price change's own merge fields, beside the customer's (`[name]`, `[address]`...). */
export const PRICE_FIELDS = ['old-price', 'new-price', 'price-change-date'] as const;
export type PriceValues = Record<(typeof PRICE_FIELDS)[number], string>;

export const NotifyInput = z.object({
  _id: Id,
  methods: z
    .array(z.enum(['Email', 'SMS']))
    .min(1, 'price-change.notify-method-required')
    .max(2),
  /** The messaging template the notice is made from (the send module's `template`). */
  templateId: Id.optional(),
  /** The answers to the template's `[field=?]` prompts, by field. */
  answers: z.record(z.string().max(100), z.string().trim().min(1).max(500)).default({}),
  today: IsoDate.optional(),
});

/** `[old-price]`, `[new-price]` and `[price-change-date]` filled for one customer (`encode`d for HTML). */
export function fillPriceFields(text: string, values: PriceValues, encode: (v: string) => string = (v) => v) {
  return text.replace(/\[(old-price|new-price|price-change-date)\]/g, (_, k: keyof PriceValues) =>
    encode(values[k]),
  );
}

/**
 * The notice's texts from its template: the email is the template's subject and HTML, the SMS its
 * SMS text (the subject while 'same as subject' is on), as a campaign sends them; each `[field=?]`
 * prompt answered, else refused (nothing is sent).
 */
export function noticeTexts(template: CampaignTemplate, answers: Readonly<Record<string, string>>) {
  const texts = { subject: template.subject, html: template.html, sms: smsTextOf(template) };
  const open = findTokens(`${texts.subject}\n${texts.sms}\n${texts.html}`).filter((p) => !answers[p]);
  if (open.length > 0) throw validation('price-change.unanswered-prompts', { prompts: open.join(', ') });
  const htmlAnswers = Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, escapeHtml(v)]));
  return {
    subject: replaceTokens(texts.subject, answers),
    html: replaceTokens(texts.html, htmlAnswers),
    sms: replaceTokens(texts.sms, answers),
  };
}

/** One customer's notice: the price fields and their own merge fields filled. */
export function fillNotice(texts: ReturnType<typeof noticeTexts>, prices: PriceValues, values: MergeValues) {
  const text = (s: string) => fillMergeFields(fillPriceFields(s, prices), values);
  return {
    subject: text(texts.subject),
    html: fillMergeFields(fillPriceFields(texts.html, prices, escapeHtml), values, escapeHtml),
    sms: text(texts.sms),
  };
}

const longDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** A customer's price fields: their jobs' old and new prices (listed when several) and the date. */
export function priceValues(
  prices: { old: readonly number[]; new: readonly number[] },
  date: string,
  currency: string,
): PriceValues {
  const money = (n: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(n);
  return {
    'old-price': prices.old.map(money).join(', '),
    'new-price': prices.new.map(money).join(', '),
    'price-change-date': longDate(date),
  };
}

/**
 * Notify (spec 002 section 4): at any time, by email and SMS through the messaging pipeline, to
 * the customers of the affected jobs (the applied ones once applied), each by the channels they
 * chose; marks the change notified. One message per customer and channel per notify, its id
 * derived from the command (`<notifyId>-<customer>-<e|s>`), so a replay or a run taken over sends
 * nothing twice; credits are taken once, with the messages.
 *
 * `[price-change-date]` is the planned date, or, for a customer on direct debit, the first day
 * the Bacs notice allows a collection at the new amount (three working days after today) if that
 * is later: their visits before it keep the old price (kept by Apply, or here when it was applied
 * already).
 */
export const notifyPriceChange = defineCommand({
  name: 'pricing.notify',
  input: NotifyInput,
  access: routeByName('pricing'),
  async run(ctx, input) {
    const notifyId = ctx.newId();
    const change = await ctx.store.get<PriceChange>('price-change', input._id);
    if (!change) throw notFound('price-change.not-found', { id: input._id });
    if (!input.templateId) throw validation('price-change.template-required');
    const template = await readTemplate(ctx.store, input.templateId);
    if (!template) throw notFound('templates.templateNotFound', { id: input.templateId });
    const texts = noticeTexts(template, input.answers);
    assertCanSend(ctx.actor);
    if (!ctx.authoritative) return { email: 0, sms: 0 };
    const today = userToday(ctx, input.today);
    const data = await readAffectedData(ctx);
    const prices = new Map<string, { old: number[]; new: number[] }>();
    const add = (customerId: string, from: number, to: number) => {
      const p = prices.get(customerId) ?? { old: [], new: [] };
      p.old.push(from);
      p.new.push(to);
      prices.set(customerId, p);
    };
    if (change.result) {
      const jobs = new Map(data.jobs.map((j) => [j._id, j]));
      for (const c of change.result.changes) {
        const job = jobs.get(c.jobId);
        if (job) add(job.customerId, c.oldPrice, c.newPrice);
      }
    } else {
      for (const { job } of affectedJobs(change.affectedJobFilter, data)) {
        const to = newPrice(job.price, change.type);
        if (to !== job.price) add(job.customerId, job.price, to);
      }
    }
    const currency = ctx.actor.settings.currency ?? 'GBP';
    const planned = new Date(change.plannedDate).toISOString().slice(0, 10);
    const effective = later(planned, today);
    const ddDate = addWorkingDays(today, BACS_NOTICE_WORKING_DAYS);
    const valuesOf = await mergeSource(ctx, `${texts.subject}\n${texts.sms}\n${texts.html}`, today);
    const now = ctx.now.toISOString();
    const messages: Notification[] = [];
    for (const customer of data.customers) {
      const p = prices.get(customer._id);
      if (!p) continue;
      const date = paysByDirectDebit(customer) && ddDate > effective ? ddDate : effective;
      const made = fillNotice(texts, priceValues(p, date, currency), valuesOf(customer));
      for (const channel of channelsOf(customer).filter((c) => input.methods.includes(c))) {
        const address = addressOf(customer, channel);
        if (isBlocklisted(ctx.actor, address)) continue;
        const content = channel === 'Email' ? made.html : made.sms;
        messages.push({
          _id: `${notifyId}-${customer._id}-${channel === 'Email' ? 'e' : 's'}`,
          type: channel,
          customerId: customer._id,
          createdBy: ctx.actor.userId,
          address,
          addressee: customer.name,
          status: 'pending',
          statusHistory: [{ status: 'pending', timestamp: now }],
          timestamp: now,
          createdDate: now,
          sent: false,
          unread: false,
          message: content,
          ...(channel === 'Email' ? { subject: made.subject } : {}),
          description: change.name,
          // Made from this template: its email is the template's HTML (functions/src/notifications).
          templateId: template._id,
          relatedItemId: change._id,
          sender: ctx.actor.email,
          attempt: 0,
          credits: channel === 'Email' ? 1 : creditsFor('SMS', content),
          refunded: false,
          bulkId: notifyId,
        });
      }
    }
    if (messages.length === 0) throw validation('price-change.no-recipients');
    const total = messages.reduce((sum, n) => sum + (n.credits ?? 0), 0);
    const available = (await readBalance(ctx.store)).balance;
    if (available < total)
      throw validation('campaigns.error-not-enough-credits', { needed: total, available });
    if (change.result) await keepNotice(ctx, change.result.changes, data, today, ddDate);
    await Promise.all(messages.map((n) => ctx.store.put<Notification>('notification', n)));
    await ctx.store.put<PriceChange>('price-change', { ...change, notified: true, notifiedAt: now });
    // Paid in the last part, with the answer (docs/architecture.md, "Too large for one transaction").
    await spendCredits(ctx.store, total);
    for (let i = 0; i < messages.length; i += BATCH) {
      ctx.emit({
        type: SEND_EFFECT,
        payload: {
          accountId: ctx.actor.accountId,
          notificationIds: messages.slice(i, i + BATCH).map((n) => n._id),
        },
      });
    }
    return {
      email: messages.filter((m) => m.type === 'Email').length,
      sms: messages.filter((m) => m.type === 'SMS').length,
    };
  },
});

/**
 * Told after the change was applied: a direct-debit customer's visits at the new price before
 * three working days from now go back to the old price (the Bacs notice runs from this message).
 */
async function keepNotice(
  ctx: Parameters<typeof keepOldPrice>[0],
  changes: readonly JobPriceChange[],
  data: AffectedData,
  today: string,
  until: string,
) {
  const jobs = new Map(data.jobs.map((j) => [j._id, j]));
  const customers = new Map(data.customers.map((c) => [c._id, c]));
  const due = changes.filter((c) => {
    const job = jobs.get(c.jobId);
    const customer = job && customers.get(job.customerId);
    return job?.price === c.newPrice && !!customer && paysByDirectDebit(customer);
  });
  const visitsOf = await visitReader(ctx, due.length);
  for (const c of due) {
    const job = jobs.get(c.jobId)!;
    await keepOldPrice(
      ctx,
      job,
      { old: c.oldPrice, price: c.newPrice },
      { from: today, until },
      await visitsOf(job._id),
    );
  }
}
