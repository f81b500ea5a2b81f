import { z } from 'zod';
import { routeByName } from '../access/routes.ts';
import type { CommandContext } from '../commands/define.ts';
import { defineCommand } from '../commands/define.ts';
import { userToday } from '../commands/today.ts';
import { readBalance, spendCredits } from '../credits/ledger.ts';
import type { Customer } from '../customers/schema.ts';
import { Id, IsoDate, SendAtSeconds } from '../entity.ts';
import { notFound, validation } from '../errors.ts';
import type { Job } from '../jobs/schema.ts';
import { escapeHtml, fillMergeFields } from '../merge-fields.ts';
import { mergeSource } from '../merge-source.ts';
import { SEND_EFFECT } from '../notifications/commands.ts';
import { assertCanSend, creditsFor, isBlocklisted } from '../notifications/rules.ts';
import type { Notification } from '../notifications/schema.ts';
import type { Round } from '../rounds/schema.ts';
import { findTokens, replaceTokens } from '../tokens.ts';
import { type AudienceExtras, audienceField, customerRounds } from './audience-fields.ts';
import { filtersOptIn, filtersRounds } from './contacts.ts';
import { operatorsOf } from './filter-groups.ts';
import { scheduleRefusal } from './quick-schedule.ts';
import { recipientPlan } from './recipients.ts';
import {
  type Audience,
  AudienceFields,
  type Campaign,
  CampaignFields,
  campaignNotificationId,
  type DeliveryMethod,
  type FilterGroups,
} from './schema.ts';
import { type CampaignTemplate, readTemplate, smsTextOf } from './template-ref.ts';

/** The send screens are the Owner's and Admin's, with the account's `send` feature (spec 000 section 2.3). */
const access = routeByName('send');

/** Notifications per delivery effect: each is one job on the bulk-send queue. */
export const PUBLISH_BATCH = 500;

/** Every filter names a known field with an operator of its kind (the 'additional' field is none). */
function checkFilters(groups: FilterGroups) {
  for (const f of groups.flat()) {
    const field = audienceField(f.field);
    if (!field || !(operatorsOf(field.kind) as readonly string[]).includes(f.operator)) {
      throw validation('audiences.invalid-filter', { field: f.field, operator: f.operator });
    }
  }
}

export const createAudience = defineCommand({
  name: 'send.create-audience',
  input: AudienceFields.extend({ _id: Id.optional() }),
  access,
  async run(ctx, input) {
    checkFilters(input.filterGroups);
    const now = ctx.now.toISOString();
    return ctx.store.put<Audience>('audience', {
      _id: input._id ?? ctx.newId(),
      name: input.name,
      description: input.description,
      filterGroups: input.filterGroups,
      createdDate: now,
      updatedDate: now,
    });
  },
});

export const updateAudience = defineCommand({
  name: 'send.update-audience',
  input: AudienceFields.extend({ _id: Id }),
  access,
  async run(ctx, { _id, ...fields }) {
    const current = await ctx.store.get<Audience>('audience', _id);
    if (!current) throw notFound('audiences.audience-not-found', { id: _id });
    checkFilters(fields.filterGroups);
    return ctx.store.put<Audience>('audience', { ...current, ...fields, updatedDate: ctx.now.toISOString() });
  },
});

/** Spec 002 section 4, "Cascades": deleting an audience removes it from campaigns. */
export const deleteAudience = defineCommand({
  name: 'send.delete-audience',
  input: z.object({ _id: Id }),
  access,
  async run(ctx, { _id }) {
    const current = await ctx.store.get<Audience>('audience', _id);
    if (!current) throw notFound('audiences.audience-not-found', { id: _id });
    let campaigns = 0;
    for (const c of await ctx.store.list<Campaign>('campaign')) {
      if (!c.audiences.includes(_id)) continue;
      await ctx.store.put<Campaign>('campaign', { ...c, audiences: c.audiences.filter((a) => a !== _id) });
      campaigns++;
    }
    await ctx.store.remove('audience', _id);
    return { success: true, campaigns };
  },
});

/** SMS only with bulk SMS enabled for the account (spec 002 section 6). */
function checkCampaign(ctx: CommandContext, methods: readonly DeliveryMethod[]) {
  if (methods.includes('Sms') && !ctx.actor.settings.bulkSms)
    throw validation('campaigns.bulk-sms-not-enabled');
}

export const createCampaign = defineCommand({
  name: 'send.create-campaign',
  input: CampaignFields.extend({ _id: Id.optional() }),
  access,
  async run(ctx, input) {
    checkCampaign(ctx, input.deliveryMethods);
    return ctx.store.put<Campaign>('campaign', {
      _id: input._id ?? ctx.newId(),
      name: input.name,
      description: input.description,
      audiences: [...new Set(input.audiences)],
      deliveryMethods: [...new Set(input.deliveryMethods)],
      ...(input.templateId ? { templateId: input.templateId } : {}),
      ongoing: input.ongoing,
      status: 'Draft',
      createdDate: ctx.now.toISOString(),
      contacts: 0,
      excludeList: [],
    });
  },
});

/** Spec 002 section 4: edit is disabled once published. */
export const updateCampaign = defineCommand({
  name: 'send.update-campaign',
  input: CampaignFields.extend({ _id: Id }),
  access,
  async run(ctx, { _id, templateId, ...fields }) {
    const current = await ctx.store.get<Campaign>('campaign', _id);
    if (!current) throw notFound('campaigns.campaign-not-found', { id: _id });
    if (current.status === 'Published') throw validation('campaigns.edit-published');
    checkCampaign(ctx, fields.deliveryMethods);
    const { templateId: _old, ...rest } = current;
    return ctx.store.put<Campaign>('campaign', {
      ...rest,
      ...fields,
      audiences: [...new Set(fields.audiences)],
      deliveryMethods: [...new Set(fields.deliveryMethods)],
      ...(templateId ? { templateId } : {}),
    });
  },
});

/** Remove is always available (spec 002 section 4); messages already sent stay in the threads. */
export const deleteCampaign = defineCommand({
  name: 'send.delete-campaign',
  input: z.object({ _id: Id }),
  access,
  async run(ctx, { _id }) {
    if (!(await ctx.store.get<Campaign>('campaign', _id))) {
      throw notFound('campaigns.campaign-not-found', { id: _id });
    }
    await ctx.store.remove('campaign', _id);
    return { success: true };
  },
});

/** Finish ongoing: only a published campaign ('ongoing finished, not published' otherwise). */
export const finishCampaign = defineCommand({
  name: 'send.finish',
  input: z.object({ _id: Id }),
  access,
  async run(ctx, { _id }) {
    const current = await ctx.store.get<Campaign>('campaign', _id);
    if (!current) throw notFound('campaigns.campaign-not-found', { id: _id });
    if (current.status !== 'Published') throw validation('campaigns.ongoing-finished-not-published');
    return ctx.store.put<Campaign>('campaign', { ...current, ongoing: false });
  },
});

const ExcludeInput = z.object({ _id: Id, customerIds: z.array(Id).min(1).max(5_000) });

/** `POST /api/send/add-to-exclude-list/{campaignId}`: these customers are not sent this campaign. */
export const exclude = defineCommand({
  name: 'send.exclude',
  input: ExcludeInput,
  access,
  async run(ctx, { _id, customerIds }) {
    const current = await ctx.store.get<Campaign>('campaign', _id);
    if (!current) throw notFound('campaigns.campaign-not-found', { id: _id });
    const excludeList = [...new Set([...current.excludeList, ...customerIds])];
    await ctx.store.put<Campaign>('campaign', { ...current, excludeList });
    return { success: true };
  },
});

/** `POST /api/send/remove-from-exclude-list/{campaignId}`. */
export const include = defineCommand({
  name: 'send.include',
  input: ExcludeInput,
  access,
  async run(ctx, { _id, customerIds }) {
    const current = await ctx.store.get<Campaign>('campaign', _id);
    if (!current) throw notFound('campaigns.campaign-not-found', { id: _id });
    const dropped = new Set(customerIds);
    const excludeList = current.excludeList.filter((id) => !dropped.has(id));
    await ctx.store.put<Campaign>('campaign', { ...current, excludeList });
    return { success: true };
  },
});

export const PublishInput = z.object({
  _id: Id,
  /** An ongoing campaign's later publish: only these of its new members (`get-new-audience-members`). */
  customerIds: z.array(Id).max(20_000).optional(),
  /** The user saw the marketing-consent warning and chose to send to everyone. */
  includeNonMarketing: z.boolean().default(false),
  /** The user saw the marketing-consent warning and chose to send only to those who agreed. */
  marketingOnly: z.boolean().default(false),
  /** The quick schedule: send then (unix seconds) instead of at once. */
  sendAtSecondsTimestamp: SendAtSeconds.optional(),
  /** The answers to the template's `[field=?]` prompts, by field. */
  answers: z.record(z.string().max(100), z.string().trim().min(1).max(500)).default({}),
  /** The user's today (the next visit merge field counts from it). */
  today: IsoDate.optional(),
});

/** The template's texts with the prompts answered; refused while any is not (nothing is sent). */
function answered(template: CampaignTemplate, answers: Readonly<Record<string, string>>) {
  const texts = { subject: template.subject, html: template.html, sms: smsTextOf(template) };
  const open = findTokens(`${texts.subject}\n${texts.sms}\n${texts.html}`).filter((p) => !answers[p]);
  if (open.length > 0) throw validation('campaigns.unanswered-prompts', { prompts: open.join(', ') });
  const htmlAnswers = Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, escapeHtml(v)]));
  return {
    subject: replaceTokens(texts.subject, answers),
    html: replaceTokens(texts.html, htmlAnswers),
    sms: replaceTokens(texts.sms, answers),
  };
}

/** The customers' rounds, read only when an audience filters on them. */
export async function audienceExtras(
  store: Pick<CommandContext['store'], 'list'>,
  audiences: readonly Pick<Audience, 'filterGroups'>[],
): Promise<AudienceExtras> {
  if (!audiences.some((a) => filtersRounds(a.filterGroups))) return {};
  const [jobs, rounds] = await Promise.all([store.list<Job>('job'), store.list<Round>('round')]);
  return { rounds: customerRounds(jobs, rounds) };
}

/**
 * Publishes a campaign (spec 002 sections 4 and 6): the checks in the spec's order, then one
 * notification per (customer, method) under its derived id, its credits taken in the same commit,
 * and delivery asked for in batches of `PUBLISH_BATCH` (each a job on the bulk-send queue). A
 * customer already sent this campaign by a method is not sent it again: an ongoing campaign's
 * later publish reaches only its new members. Each message is the template with its prompts
 * answered and the recipient's own merge fields filled.
 */
export const publishCampaign = defineCommand({
  name: 'send.publish',
  input: PublishInput,
  access,
  async run(ctx, input) {
    // This publish's own id (derived from the command id): a run taken over after a crash finds
    // its own partial writes under it and sends and pays for them as its own.
    const publishId = ctx.newId();
    const campaign = await ctx.store.get<Campaign>('campaign', input._id);
    if (!campaign) throw notFound('campaigns.campaign-not-found', { id: input._id });
    const template = campaign.templateId ? await readTemplate(ctx.store, campaign.templateId) : undefined;
    if (!template) throw validation('campaigns.errors-template-is-required');
    assertCanSend(ctx.actor);
    const again = campaign.status === 'Published';
    if (again && !campaign.ongoing) throw validation('campaigns.errors-already-published');
    const audiences = (
      await Promise.all(campaign.audiences.map((id) => ctx.store.get<Audience>('audience', id)))
    ).filter((a): a is NonNullable<typeof a> => !!a);
    if (audiences.length === 0) throw validation('campaigns-errors.publish-no-audiences');
    const methods = campaign.deliveryMethods;
    if (methods.includes('Sms') && !ctx.actor.settings.bulkSms)
      throw validation('campaigns.bulk-sms-not-enabled');
    const sendAt = input.sendAtSecondsTimestamp;
    if (sendAt !== undefined) {
      const refusal = scheduleRefusal(ctx.now, new Date(sendAt * 1000), methods.includes('Email'));
      if (refusal) throw validation(refusal);
    }
    const texts = answered(template, input.answers);
    // Who is sent, and what it costs, are the server's to decide: a device may not yet hold the
    // customer who just joined the audience, or the balance just bought. Its own run stops here
    // (writing nothing) and the screen waits for the server's answer.
    if (!ctx.authoritative)
      return { campaignId: campaign._id, publishId, recipients: 0, messages: 0, credits: 0 };

    const marketingOnly = input.marketingOnly || campaign.marketingOnly === true;
    const customers = await ctx.store.list<Customer>('customer');
    let { reach } = recipientPlan(campaign, audiences, customers, {
      blocklisted: (address) => isBlocklisted(ctx.actor, address),
      marketingOnly,
      extras: await audienceExtras(ctx.store, audiences),
    });
    if (input.customerIds) {
      const wanted = new Set(input.customerIds);
      reach = reach.filter((p) => wanted.has(p.customer._id));
    }
    const planned = reach.map((p) => ({
      ...p,
      id: campaignNotificationId(campaign._id, p.customer._id, p.method),
    }));
    // Read in batches: which were sent by an earlier publish (skipped) or written by this one.
    const earlier = new Set(
      (
        await getAll(
          ctx,
          planned.map((p) => p.id),
        )
      )
        .filter((n) => n.bulkId !== publishId)
        .map((n) => n._id),
    );
    const fresh = planned.filter((p) => !earlier.has(p.id));
    const reached = [...new Set(fresh.map((p) => p.customer._id))];
    if (reached.length === 0) {
      throw validation(again ? 'campaigns.errors-no-new-members' : 'campaigns.errors-no-recipients');
    }
    const optedIn = audiences.every((a) => filtersOptIn(a.filterGroups));
    const nonMarketing = new Set(
      fresh.filter((p) => !p.customer.marketingAccepted).map((p) => p.customer._id),
    );
    if (!optedIn && nonMarketing.size > 0 && !input.includeNonMarketing) {
      throw validation('notifications.cant-send-campaign-to-non-marketing', { count: nonMarketing.size });
    }

    const valuesOf = await mergeSource(
      ctx,
      `${texts.subject}\n${texts.sms}\n${texts.html}`,
      userToday(ctx, input.today),
    );
    const content = (p: (typeof fresh)[number]) => {
      const values = valuesOf(p.customer);
      return p.method === 'Email'
        ? {
            message: fillMergeFields(texts.html, values, escapeHtml),
            subject: fillMergeFields(texts.subject, values),
          }
        : { message: fillMergeFields(texts.sms, values) };
    };
    const now = ctx.now.toISOString();
    const first = sendAt !== undefined ? 'scheduled' : 'pending';
    const messages: Notification[] = fresh.map((p) => {
      const made = content(p);
      return {
        _id: p.id,
        type: p.method === 'Email' ? 'Email' : 'SMS',
        customerId: p.customer._id,
        createdBy: ctx.actor.userId,
        address: p.address,
        addressee: p.customer.name,
        status: first,
        statusHistory: [{ status: first, timestamp: now }],
        timestamp: now,
        createdDate: now,
        sent: false,
        unread: false,
        ...made,
        description: campaign.name,
        templateId: template._id,
        ...(sendAt !== undefined ? { sendAtSecondsTimestamp: sendAt } : {}),
        sender: ctx.actor.email,
        attempt: 0,
        credits: p.method === 'Email' ? 1 : creditsFor('SMS', made.message),
        refunded: false,
        bulkId: publishId,
        campaignId: campaign._id,
      };
    });
    const total = messages.reduce((sum, n) => sum + (n.credits ?? 0), 0);
    const available = (await readBalance(ctx.store)).balance;
    if (available < total)
      throw validation('campaigns.error-not-enough-credits', { needed: total, available });

    await Promise.all(messages.map((n) => ctx.store.put<Notification>('notification', n)));
    await ctx.store.put<Campaign>('campaign', {
      ...campaign,
      status: 'Published',
      publishedDate: campaign.publishedDate ?? now,
      contacts: campaign.contacts + reached.length,
      ...(marketingOnly ? { marketingOnly: true } : {}),
      ...(sendAt !== undefined ? { sendAtSecondsTimestamp: sendAt } : {}),
    });
    // Paid last, in the final transaction with the answer (a publish this large is written in
    // parts): a run that dies part-way and is taken over pays once.
    await spendCredits(ctx.store, total);
    for (let i = 0; i < messages.length; i += PUBLISH_BATCH) {
      ctx.emit({
        type: SEND_EFFECT,
        payload: {
          accountId: ctx.actor.accountId,
          notificationIds: messages.slice(i, i + PUBLISH_BATCH).map((n) => n._id),
        },
        ...(sendAt !== undefined ? { dueAt: new Date(sendAt * 1000).toISOString() } : {}),
      });
    }
    return {
      campaignId: campaign._id,
      publishId,
      recipients: reached.length,
      messages: messages.length,
      credits: total,
    };
  },
});

/** Many notifications by id: batched reads on the server, one by one elsewhere. */
async function getAll(ctx: CommandContext, ids: readonly string[]): Promise<Notification[]> {
  if (ctx.store.getMany) return ctx.store.getMany<Notification>('notification', ids);
  const found = await Promise.all(ids.map((id) => ctx.store.get<Notification>('notification', id)));
  return found.filter((n): n is NonNullable<typeof n> => !!n);
}
