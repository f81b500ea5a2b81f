import { z } from 'zod';
import type { Alert } from '../alerts/schema.ts';
import { defineCommand } from '../commands/define.ts';
import { type Customer, UtmParams } from '../customers/schema.ts';
import { touchUtm } from '../customers/utm.ts';
import { Id } from '../entity.ts';
import { validation } from '../errors.ts';
import { FrequencyType } from '../jobs/schema.ts';
import { createQuote } from '../quotes/commands.ts';
import { type QuoteSettings, SETTINGS_ID, settingsOrDefault } from '../quotes/schema.ts';
import { addDays, todayIn } from '../schedule/dates.ts';
import { frequencyText } from '../schedule/text.ts';
import { checkAnswers, offerFor } from '../services/offers.ts';
import type { QuoteQuestion, Service } from '../services/schema.ts';
import { RequiredText, TrimmedText } from '../text.ts';
import type { Directory, DirectoryService } from './schema.ts';

/** One service the new customer asks about, at a frequency, with the answers to its questions. */
const Chosen = z.object({
  serviceId: Id,
  frequencyType: FrequencyType.default('OneOff'),
  frequencyInterval: z.number().int().min(1).max(104).default(1),
  answers: z.record(z.string().max(64), z.union([z.string().max(2000), z.number(), z.boolean()])).default({}),
});

/** What the quote flow sends (spec 002 section 2.5's quote-flow widget, and section 3's customer). */
export const LeadInput = z
  .object({
    name: RequiredText('customers.enter-name', 200),
    email: z.union([z.email('customers.email-invalid'), z.literal('')]).default(''),
    telephoneNumber: TrimmedText(40).default(''),
    address: RequiredText('portal.address-required', 500),
    services: z.array(Chosen).min(1, 'portal.choose-a-service').max(10),
    notes: TrimmedText(2000).default(''),
    marketingAccepted: z.boolean().default(false),
    /** Where the widget was (the host page), kept as the customer's source after `directory`. */
    source: TrimmedText(60).default(''),
    utmParams: UtmParams.optional(),
  })
  .refine((l) => l.email || l.telephoneNumber, { message: 'portal.contact-required', path: ['email'] });
export type LeadInput = z.input<typeof LeadInput>;

/** A service the quote flow offers, with the questions it asks (those the listing hides left out). */
export interface OfferedService {
  service: Service;
  questions: QuoteQuestion[];
}

/**
 * The services the quote flow offers: those the directory entry lists (spec 002 section 3, its
 * `services` with `quoteQuestionConfig` hiding questions), or every service when it lists none.
 */
export function offeredServices(
  all: readonly Service[],
  directory: Pick<Directory, 'services'> | undefined,
): OfferedService[] {
  const listed = flatten(directory?.services ?? []);
  const byId = new Map(all.map((s) => [s._id, s]));
  const picked = listed.length
    ? listed.flatMap((l) => {
        const service = byId.get(l.id) ?? byId.get(l.service);
        return service ? [{ service, hidden: l.quoteQuestionConfig }] : [];
      })
    : all.map((service) => ({ service, hidden: {} as DirectoryService['quoteQuestionConfig'] }));
  return picked.map(({ service, hidden }) => ({
    service,
    questions: (service.quoteQuestions ?? []).filter((q) => !hidden[q.id]?.hide),
  }));
}

const flatten = (list: readonly DirectoryService[]): DirectoryService[] =>
  list.flatMap((s) => [s, ...flatten(s.children ?? [])]);

/** The customers the spec counts as leads: made on the portal, or a source naming it (spec 002 section 4). */
export const isLead = (c: Pick<Customer, 'createdOnPortal' | 'source'>) =>
  c.createdOnPortal || /directory|Quote:/.test(c.source ?? '');

/**
 * A new customer asks for a quote: the customer (a lead: made on the portal, with its source and
 * UTM parameters) and its quote request, a pending quote of the chosen services at their prices
 * for the frequency asked, the answers in each item's description, for the business to check and
 * send; and an alert to the business. Server-only (no area lists it): the portal's public
 * endpoint runs it under the caller's idempotency key, so a retried request makes one lead.
 */
export const createLead = defineCommand({
  name: 'portal.create-lead',
  input: LeadInput,
  access: { minLevel: 'Advanced' },
  async run(ctx, lead) {
    const settings = settingsOrDefault(await ctx.store.get<QuoteSettings>('quoteSettings', SETTINGS_ID));
    const date = todayIn(settings.timeZone, ctx.now);
    const [all, directory] = await Promise.all([
      ctx.store.list<Service>('service'),
      ctx.store.get<Directory>('portalDirectory', ctx.actor.accountId),
    ]);
    const offered = offeredServices(all, directory);
    const items = [];
    for (const chosen of lead.services) {
      const found = offered.find((o) => o.service._id === chosen.serviceId);
      if (!found) throw validation('services.not-found', { id: chosen.serviceId });
      const { service, questions } = found;
      // Only the questions the flow asked: a hidden one is neither required nor kept.
      const answers = checkAnswers({ ...service, quoteQuestions: questions }, chosen.answers);
      const described = questions
        .filter((q) => q.id in answers)
        .map((q) => `${q.label}: ${answerText(answers[q.id]!)}`);
      const frequency = { frequencyType: chosen.frequencyType, frequencyInterval: chosen.frequencyInterval };
      items.push({
        title: service.name,
        description: described.join('\n').slice(0, 2000),
        unitPrice: offerFor(service, frequency).price,
        frequency,
        frequencyDescription: frequencyText({ ...frequency, date }),
        address: { addressDescription: lead.address, isVerified: false },
      });
    }
    const customerId = ctx.newId();
    await ctx.store.put<Customer>('customer', {
      ...BLANK_CUSTOMER,
      _id: customerId,
      name: lead.name,
      email: lead.email,
      telephoneNumber: lead.telephoneNumber,
      address: { addressDescription: lead.address, isVerified: false },
      contactMethods: [
        ...(lead.email ? (['email'] as const) : []),
        ...(lead.telephoneNumber ? (['phone'] as const) : []),
      ],
      marketingAccepted: lead.marketingAccepted,
      notes: lead.notes,
      source: lead.source ? `directory: ${lead.source}` : 'directory',
      createdOnPortal: true,
      createdDate: ctx.now.toISOString(),
      // The lead's page is both its first touch and its last (the UTM dialog shows both).
      ...touchUtm(undefined, lead.utmParams ?? {}),
    });
    const quote = await createQuote.run(
      ctx,
      createQuote.input.parse({
        customerId,
        name: `Quote request from ${lead.name}`.slice(0, 200),
        address: { addressDescription: lead.address, isVerified: false },
        items,
        date,
        expiry: addDays(date, settings.defaultExpiryDays),
        notes: lead.notes,
      }),
    );
    await ctx.store.put<Alert>('alert', {
      _id: ctx.newId(),
      title: `New quote request from ${lead.name}`.slice(0, 200),
      message: `${items.map((i) => i.title).join(', ')}. ${lead.address}`.slice(0, 5000),
      audience: [],
      createdDate: ctx.now.toISOString(),
      readBy: [],
    });
    return { customerId, quoteId: quote._id };
  },
});

const answerText = (a: string | number | boolean) => (a === true ? 'yes' : a === false ? 'no' : String(a));

/** A customer's fields with nothing chosen, as the customer schema's defaults give them. */
const BLANK_CUSTOMER = {
  email: '',
  telephoneNumber: '',
  mobileNumber: '',
  contactMethods: [],
  marketingAccepted: false,
  notes: '',
  tags: [],
  source: '',
  state: 'active',
  hideDirectDebitSignup: false,
  hideCardProvider: false,
} satisfies Partial<Customer>;
