import { z } from 'zod';
import type { Alert } from '../alerts/schema.ts';
import type { WorkerAvailability } from '../availability/schema.ts';
import type { CommandContext } from '../commands/define.ts';
import { defineCommand } from '../commands/define.ts';
import type { Customer } from '../customers/schema.ts';
import { Id, IsoDate } from '../entity.ts';
import { notFound, validation } from '../errors.ts';
import { FrequencyType, type Job } from '../jobs/schema.ts';
import { type QuoteSettings, SETTINGS_ID, settingsOrDefault } from '../quotes/schema.ts';
import type { Round } from '../rounds/schema.ts';
import { todayIn } from '../schedule/dates.ts';
import { normaliseRecurrence } from '../schedule/frequency.ts';
import { offerFor } from '../services/offers.ts';
import type { Service } from '../services/schema.ts';
import type { Store } from '../store/store.ts';
import type { VisitRecord } from '../visits/record.ts';
import { sameStreet } from './address-check.ts';
import { availability, type BookingRules, type Slot } from './availability.ts';

/** The book-appointment widget's settings as stored (spec 002 sections 3 and 5), with defaults. */
export const BookingRulesSchema = z.object({
  jobBookingBuffer: z.number().int().min(0).max(365).default(1),
  disableWeekendBookings: z.boolean().default(false),
  minAndMaxRange: z
    .object({ min: z.number().int().min(0).max(1095), max: z.number().int().min(0).max(1095) })
    .default({ min: 0, max: 28 }),
});

/** What availability reads; `listFields` and `getMany` when the store has them (the server's table). */
export type AvailabilityStore = Pick<Store, 'get' | 'list' | 'listBy'> & {
  listFields?(type: 'job', fields: readonly string[]): Promise<Record<string, unknown>[]>;
  getMany?: Store['getMany'];
};

type Placed = Pick<Job, '_id' | 'rounds' | 'location' | 'quoteId'>;

/**
 * The booked jobs on a portal round at the customer's street. On the server's table only the
 * fields that decide it are read of every job (a projection), then the few on the street whole.
 */
export async function portalNeighbours(
  store: AvailabilityStore,
  rounds: readonly Pick<Round, '_id' | 'isPortalRound'>[],
  address: string,
): Promise<Job[]> {
  const portal = new Set(rounds.filter((r) => r.isPortalRound).map((r) => r._id));
  if (portal.size === 0) return [];
  const onStreet = (j: Placed) =>
    !j.quoteId &&
    portal.has(j.rounds?.[0] ?? '') &&
    !!j.location &&
    sameStreet(j.location.addressDescription, address);
  if (store.listFields && store.getMany) {
    const placed = (await store.listFields('job', ['rounds', 'location', 'quoteId'])) as Placed[];
    const ids = placed.filter(onStreet).map((j) => j._id);
    return ids.length ? store.getMany<Job>('job', ids) : [];
  }
  return (await store.list<Job>('job')).filter(onStreet);
}

/** At most this many of the street's jobs are read for the round's days (a bounded cost). */
export const STREET_SAMPLE = 4;

/**
 * The days a customer may book, read from the store: the account's rounds, the jobs on its portal
 * rounds at the customer's street with their stored visits, and the business's today (the quote
 * settings' time zone).
 */
export async function availableDays(
  store: AvailabilityStore,
  input: { address: string; rules: BookingRules; now: Date },
): Promise<Slot[]> {
  const [rounds, settings, workers] = await Promise.all([
    store.list<Round>('round'),
    store.get<QuoteSettings>('quoteSettings', SETTINGS_ID),
    store.list<WorkerAvailability>('workerAvailability'),
  ]);
  // A long street on the round need not be read whole: its jobs share the van's days.
  const neighbours = (await portalNeighbours(store, rounds, input.address)).slice(0, STREET_SAMPLE);
  const visitRecords = (
    await Promise.all(neighbours.map((j) => store.listBy<VisitRecord>('visit', j._id)))
  ).flat();
  return availability({
    today: todayIn(settingsOrDefault(settings).timeZone, input.now),
    rules: input.rules,
    address: input.address,
    rounds,
    jobs: neighbours,
    visitRecords,
    workers,
  });
}

export const BookingInput = z.object({
  /** The signed-in customer: set by the server from the portal session, never by the caller. */
  customerId: Id,
  /** The widget's settings: set by the server from the portal's saved settings. */
  rules: BookingRulesSchema,
  date: IsoDate,
  services: z.array(Id).min(1, 'portal.choose-a-service').max(10),
  frequencyType: FrequencyType.default('OneOff'),
  frequencyInterval: z.number().int().min(1).max(104).default(1),
  notes: z.string().trim().max(2000).default(''),
});

/**
 * A signed-in customer books: a job on the round the day belongs to, priced and timed from its
 * services at the frequency asked, its first visit on the chosen day, waiting for the business to
 * confirm (`portalBooking`); and an alert to the business. The day must be one `availableDays`
 * offers now. Server-only (no area lists it): the portal's endpoint runs it under the caller's
 * idempotency key and the session's customer, so a retried booking books once.
 */
export const book = defineCommand({
  name: 'portal.book',
  input: BookingInput,
  access: { minLevel: 'Advanced' },
  async run(ctx, input) {
    const customer = await ctx.store.get<Customer>('customer', input.customerId);
    if (!customer) throw notFound('customers.not-found', { id: input.customerId });
    const services = await servicesOf(ctx, input.services);
    const address = customer.address?.addressDescription ?? '';
    const slot = (await availableDays(ctx.store, { address, rules: input.rules, now: ctx.now })).find(
      (s) => s.date === input.date,
    );
    if (!slot) throw validation('portal.date-not-available', { date: input.date });
    const frequency = { frequencyType: input.frequencyType, frequencyInterval: input.frequencyInterval };
    const offers = services.map((s) => offerFor(s, frequency));
    const job = await ctx.store.put<Job>(
      'job',
      normaliseRecurrence({
        _id: ctx.newId(),
        customerId: customer._id,
        rounds: [slot.roundId],
        date: slot.date,
        ...frequency,
        price: offers.reduce((sum, o) => sum + o.price, 0),
        duration: Math.min(
          24 * 60,
          offers.reduce((sum, o) => sum + o.duration, 0),
        ),
        location: customer.address,
        services: services.map((s) => s._id),
        notes: input.notes,
        assignees: [],
        createdDate: ctx.now.toISOString(),
        portalBooking: { bookedAt: ctx.now.toISOString() },
      }),
    );
    await ctx.store.put<Alert>('alert', {
      _id: ctx.newId(),
      title: `${customer.name} booked ${slot.date}`.slice(0, 200),
      message: `${services.map((s) => s.name).join(', ')}: confirm it on the customer's jobs.`,
      audience: [],
      createdDate: ctx.now.toISOString(),
      readBy: [],
    });
    return { jobId: job._id, date: slot.date, onRound: slot.onRound };
  },
});

async function servicesOf(ctx: CommandContext, ids: readonly string[]): Promise<Service[]> {
  const out: Service[] = [];
  for (const id of new Set(ids)) {
    const s = await ctx.store.get<Service>('service', id);
    if (!s) throw validation('services.not-found', { id });
    out.push(s);
  }
  return out;
}
