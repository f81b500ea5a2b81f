import type {
  Alerts,
  Change,
  Customers,
  Entity,
  EntityType,
  Jobs,
  Location,
  Notifications,
  Occurrences,
  Quotes,
  Rounds,
  Services,
  Teams,
  Transactions,
} from '@roundwise/core';
import {
  type Area,
  BUSINESSES,
  CENTRE,
  CUSTOMER_NOTES,
  DECLINE_REASONS,
  EMAIL_DOMAINS,
  FEEDBACK,
  FIRST_NAMES,
  QUOTE_NOTES,
  REPLIES,
  ROUND_COLOURS,
  SERVICES,
  type ServiceKey,
  SKIP_REASONS,
  SOURCES,
  STREETS,
  SURNAMES,
  TAGS,
  TOWN_AREAS,
  VILLAGE_AREAS,
} from './data.ts';
import {
  DAY_MS,
  DAY_NAMES,
  dayOf,
  describeFrequency,
  firstVisitOnOrAfter,
  isoDay,
  nextWeekday,
  type Recurrence,
  visitDays,
  weekday,
} from './dates.ts';
import { Random, seededUlid } from './prng.ts';

export type Scale = 'demo' | 'town' | 'city';
export const SCALE_NAMES: readonly Scale[] = ['demo', 'town', 'city'];

export interface ScaleConfig {
  customers: number;
  jobs: number;
  rounds: number;
  /** Days of completed visits before today. */
  historyDays: number;
  /** Invoices and payments, exactly (fewer only if the history has too few visits). */
  transactions: number;
  quotes: number;
  notifications: number;
  areas: readonly Area[];
}

const DEMO_AREAS = ['Chesterton', 'Romsey', 'Newnham', 'Arbury', 'Trumpington', 'Cherry Hinton'];

export const SCALES: Record<Scale, ScaleConfig> = {
  demo: {
    customers: 60,
    jobs: 80,
    rounds: 6,
    historyDays: 91,
    transactions: 350,
    quotes: 10,
    notifications: 100,
    areas: TOWN_AREAS.filter((a) => DEMO_AREAS.includes(a.name)),
  },
  town: {
    customers: 2000,
    jobs: 2600,
    rounds: 40,
    historyDays: 365,
    transactions: 8000,
    quotes: 300,
    notifications: 5000,
    areas: TOWN_AREAS,
  },
  city: {
    customers: 20_000,
    jobs: 26_000,
    rounds: 400,
    historyDays: 365,
    transactions: 80_000,
    quotes: 3000,
    notifications: 50_000,
    areas: [...TOWN_AREAS, ...VILLAGE_AREAS],
  },
};

export interface GenerateOptions {
  accountId: string;
  /** YYYY-MM-DD: visits up to the day before are done; every timestamp is before this day. */
  today: string;
  businessName?: string;
  /** The people's user ids (jobs are assigned to the worker); derived from the id stream if absent. */
  userIds?: Dataset['userIds'];
}

export interface EntitiesByType {
  customer: Entity<Customers.Customer>[];
  job: Entity<Jobs.Job>[];
  round: Entity<Rounds.Round>[];
  service: Entity<Services.Service>[];
  occurrence: Entity<Occurrences.Occurrence>[];
  transaction: Entity<Transactions.Transaction>[];
  quote: Entity<Quotes.Quote>[];
  notification: Entity<Notifications.Notification>[];
  alert: Entity<Alerts.Alert>[];
  team: Entity<Teams.Team>[];
}

export interface Dataset {
  scale: Scale;
  accountId: string;
  today: string;
  business: { name: string; addressDescription: string; lngLat: [number, number] };
  /** Ids for the people the loader creates: owner, admin and a worker (jobs are assigned to them). */
  userIds: { owner: string; admin: string; worker: string };
  entities: EntitiesByType;
}

export const DEFAULT_BUSINESS_NAME = 'Sparkle Window Cleaning';

/** Entity counts per type. */
export function countsOf(dataset: Dataset): Record<EntityType, number> {
  const e = dataset.entities;
  return {
    customer: e.customer.length,
    job: e.job.length,
    round: e.round.length,
    service: e.service.length,
    occurrence: e.occurrence.length,
    transaction: e.transaction.length,
    quote: e.quote.length,
    notification: e.notification.length,
    alert: e.alert.length,
    team: e.team.length,
  };
}

/** Every entity as a change, parents before children (services, rounds, customers, jobs, ...). */
export function* changesOf(dataset: Dataset): Generator<Change> {
  const order: EntityType[] = [
    'service',
    'round',
    'customer',
    'job',
    'occurrence',
    'transaction',
    'quote',
    'notification',
    'alert',
    'team',
  ];
  for (const type of order) {
    for (const entity of dataset.entities[type]) yield { type, entity: entity as Entity };
  }
}

// ---------------------------------------------------------------------------------------------
// Internal working records: what the generator remembers about an entity beyond its fields.

type RoundKind = 'w4' | 'w8' | 'w2' | 'monthDay' | 'monthWeekday';
type PropertyKind = 'terraced' | 'semi' | 'detached' | 'large' | 'commercial';
type PayMethod = 'cash' | 'bank-transfer' | 'card' | 'cheque' | 'direct-debit';
type Payer = 'prompt' | 'slow' | 'poor';

interface RoundInfo {
  entity: Entity<Rounds.Round>;
  area: Area;
  lat: number;
  lng: number;
  recurrence: Recurrence;
  anchor: number;
  workerAssigned: boolean;
}

interface CustomerInfo {
  entity: Entity<Customers.Customer>;
  round: RoundInfo;
  order: number;
  firstName: string;
  street: string;
  property: PropertyKind;
  createdDay: number;
  prospect: boolean;
  /** Lapsed customers: visits stop on this day. */
  stoppedDay?: number;
  pay: PayMethod;
  payer: Payer;
  jobs: JobInfo[];
}

interface JobInfo {
  entity: Entity<Jobs.Job>;
  customer: CustomerInfo;
  service: ServiceKey;
  start: number;
  /** Visits before this day were charged `rise` less. */
  riseDay?: number;
  rise: number;
}

interface VisitInfo {
  entity: Entity<Occurrences.Occurrence>;
  job: JobInfo;
  day: number;
  doneMs: number;
}

interface Ctx {
  scale: Scale;
  config: ScaleConfig;
  today: number;
  /** Every stamp is strictly before the start of today. */
  latestMs: number;
  historyStart: number;
  businessName: string;
  services: Map<ServiceKey, Entity<Services.Service>>;
  userIds: Dataset['userIds'];
  /** Seeded randomness for one part of the generation (independent streams). */
  rng(part: string): Random;
  /** A ULID stamped at `ms` whose random part comes from the account's id stream. */
  id(ms: number): string;
}

const KM_PER_DEG_LAT = 111.32;
const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * A whole business, deterministic for a given scale and options: the same input always gives the
 * same entities, ids included. Ids are ULIDs stamped with the entity's creation time and a random
 * part from a stream seeded by the scale and the account id.
 */
export function generate(scale: Scale, options: GenerateOptions): Dataset {
  const config = SCALES[scale];
  const today = dayOf(options.today);
  const idRandom = Random.of(`ids|${scale}|${options.accountId}`).next;
  const ctx: Ctx = {
    scale,
    config,
    today,
    latestMs: today * DAY_MS - 1000,
    historyStart: today - config.historyDays,
    businessName: options.businessName ?? DEFAULT_BUSINESS_NAME,
    services: new Map(),
    userIds: { owner: '', admin: '', worker: '' },
    rng: (part) => Random.of(`${scale}|${part}`),
    id: (ms) => seededUlid(ms, idRandom),
  };
  const setupMs = (ctx.historyStart - 30) * DAY_MS + 9 * 3_600_000;
  ctx.userIds = options.userIds ?? {
    owner: ctx.id(setupMs),
    admin: ctx.id(setupMs + 60_000),
    worker: ctx.id(setupMs + 120_000),
  };

  const service = makeServices(ctx, setupMs);
  const rounds = makeRounds(ctx, setupMs);
  const customers = makeCustomers(ctx, rounds);
  const jobs = makeJobs(ctx, customers);
  const visits = makeVisits(ctx, jobs);
  const { transactions, payments, invoices } = makeTransactions(ctx, visits);
  const quotes = makeQuotes(ctx, customers);
  const notifications = makeNotifications(ctx, { customers, jobs, visits, payments, invoices, quotes });

  return {
    scale,
    accountId: options.accountId,
    today: options.today,
    business: {
      name: ctx.businessName,
      addressDescription: CENTRE.address,
      lngLat: [CENTRE.lng, CENTRE.lat],
    },
    userIds: ctx.userIds,
    entities: {
      service,
      round: rounds.map((r) => r.entity),
      customer: customers.map((c) => c.entity),
      job: jobs.map((j) => j.entity),
      occurrence: visits.map((v) => v.entity),
      transaction: transactions,
      quote: quotes,
      notification: notifications,
      alert: [],
      team: [],
    },
  };
}

/**
 * The ISO time of `ms`, never later than the last moment before today. (Entities spell their
 * meta fields out rather than spreading a helper's object: V8 builds a literal that starts with a
 * spread property by property, several times slower at the city scale.)
 */
function stamp(ctx: Ctx, ms: number): string {
  return new Date(Math.min(ms, ctx.latestMs)).toISOString();
}

/** Splits `total` over `weights` in whole numbers (largest remainder), summing exactly to `total`. */
function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w / sum) * total);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((x, i) => [x - Math.floor(x), i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of byRemainder) {
    if (left-- <= 0) break;
    out[i]! += 1;
  }
  return out;
}

function offset(lat: number, lng: number, northKm: number, eastKm: number): [number, number] {
  const dLat = northKm / KM_PER_DEG_LAT;
  const dLng = eastKm / (KM_PER_DEG_LAT * Math.cos((lat * Math.PI) / 180));
  return [Math.round((lng + dLng) * 1e6) / 1e6, Math.round((lat + dLat) * 1e6) / 1e6];
}

// ---------------------------------------------------------------------------------------------

function makeServices(ctx: Ctx, setupMs: number): Entity<Services.Service>[] {
  return SERVICES.map((s, i) => {
    const entity: Entity<Services.Service> = {
      _id: ctx.id(setupMs + i * 1000),
      _version: 1,
      _updatedAt: stamp(ctx, setupMs + i * 1000),
      name: s.name,
      description: s.description,
      defaultPrice: s.defaultPrice,
      defaultDuration: s.defaultDuration,
    };
    ctx.services.set(s.key, entity);
    return entity;
  });
}

const ROUND_MIX: [RoundKind, number][] = [
  ['w4', 0.6],
  ['w8', 0.15],
  ['w2', 0.1],
  ['monthDay', 0.075],
  ['monthWeekday', 0.075],
];
const DIRECTIONS = ['North', 'South', 'East', 'West', 'Central', 'Village', 'Park', 'Estate'];

function makeRounds(ctx: Ctx, setupMs: number): RoundInfo[] {
  const rng = ctx.rng('rounds');
  const kinds = apportion(
    ctx.config.rounds,
    ROUND_MIX.map(([, w]) => w),
  ).flatMap((n, i) => Array<RoundKind>(n).fill(ROUND_MIX[i]![0]));
  rng.shuffle(kinds);
  const areas = rng.shuffle([...ctx.config.areas]);
  const names = new Set<string>();
  const monday = nextWeekday(ctx.historyStart, 1);
  const slots: Record<RoundKind, number> = { w4: 0, w8: 0, w2: 0, monthDay: 0, monthWeekday: 0 };
  const out: RoundInfo[] = [];

  kinds.forEach((kind, r) => {
    const area = areas[r % areas.length]!;
    const slot = slots[kind]++;
    // Working days Monday to Friday; each kind fills the days of its cycle in turn.
    const dow = 1 + (slot % 5);
    let recurrence: Recurrence;
    let anchor: number;
    let label: string;
    switch (kind) {
      case 'w4':
      case 'w8':
      case 'w2': {
        const weeks = kind === 'w4' ? 4 : kind === 'w8' ? 8 : 2;
        anchor = monday + (Math.floor(slot / 5) % weeks) * 7 + (dow - 1);
        recurrence = { frequencyType: 'Weeks', frequencyInterval: weeks, frequencyDayOfWeek: dow };
        label =
          kind === 'w4'
            ? `${DAY_NAMES[dow]} ${area.name}`
            : `${kind === 'w8' ? '8-Weekly' : 'Fortnightly'} ${area.name}`;
        break;
      }
      case 'monthDay': {
        const dayOfMonth = rng.int(1, 28);
        recurrence = {
          frequencyType: 'MonthsDayOfMonth',
          frequencyInterval: 1,
          frequencyDayOfMonth: dayOfMonth,
        };
        anchor = firstVisitOnOrAfter(recurrence, ctx.historyStart - 31, ctx.historyStart);
        label = `Monthly ${area.name}`;
        break;
      }
      default: {
        const week = rng.weighted<number>([
          [1, 3],
          [2, 3],
          [3, 3],
          [4, 2],
          [5, 1],
        ]);
        recurrence = {
          frequencyType: 'MonthsWeekdayOfMonth',
          frequencyInterval: 1,
          frequencyDayOfWeek: dow,
          frequencyWeekOfMonth: week,
        };
        anchor = firstVisitOnOrAfter(recurrence, ctx.historyStart - 31, ctx.historyStart);
        label = `${week === 5 ? 'Last' : ['1st', '2nd', '3rd', '4th'][week - 1]} ${DAY_NAMES[dow]} ${area.name}`;
      }
    }
    const name = uniqueName(label, names);
    // Rounds of one area sit side by side: a few hundred metres to a kilometre apart.
    const spread = ctx.scale === 'city' ? 1.0 : 0.6;
    const [lng, lat] = offset(area.lat, area.lng, rng.normal() * spread, rng.normal() * spread);
    const frequencyData: Rounds.FrequencyData = {
      type: recurrence.frequencyType,
      interval: recurrence.frequencyInterval,
      firstScheduledDate: isoDay(anchor),
      ...(recurrence.frequencyDayOfMonth ? { dayOfMonth: recurrence.frequencyDayOfMonth } : {}),
      ...(recurrence.frequencyWeekOfMonth ? { weekOfMonth: recurrence.frequencyWeekOfMonth } : {}),
      ...(recurrence.frequencyDayOfWeek !== undefined ? { dayOfWeek: recurrence.frequencyDayOfWeek } : {}),
    };
    out.push({
      entity: {
        _id: ctx.id(setupMs + 3_600_000 + r * 60_000),
        _version: 1,
        _updatedAt: stamp(ctx, setupMs + 3_600_000 + r * 60_000),
        description: name,
        color: ROUND_COLOURS[r % ROUND_COLOURS.length]!,
        location: {
          lngLat: [lng, lat],
          addressDescription: `${area.name}, ${CENTRE.town}`,
          isVerified: true,
        },
        frequencyData,
        schedules: [],
        isPortalRound: rng.chance(0.1),
        servicedPostcodes: [],
      },
      area,
      lat,
      lng,
      recurrence,
      anchor,
      workerAssigned: rng.chance(0.25),
    });
  });
  return out;
}

function uniqueName(label: string, used: Set<string>): string {
  const candidates = [label, ...DIRECTIONS.map((d) => `${label} ${d}`)];
  for (let n = 2; ; n++) {
    const name = candidates.shift() ?? `${label} ${n}`;
    if (!used.has(name.toLowerCase())) {
      used.add(name.toLowerCase());
      return name;
    }
  }
}

// ---------------------------------------------------------------------------------------------

/** Letters used in the inward part of a postcode. */
const POSTCODE_LETTERS = [...'ABDEFGHJLNPQRSTUWXYZ'];
const PROPERTY_MIX: [PropertyKind, number][] = [
  ['terraced', 30],
  ['semi', 35],
  ['detached', 24],
  ['large', 7],
  ['commercial', 4],
];
const PAY_MIX: [PayMethod, number][] = [
  ['cash', 33],
  ['bank-transfer', 35],
  ['card', 12],
  ['direct-debit', 16],
  ['cheque', 4],
];

function makeCustomers(ctx: Ctx, rounds: RoundInfo[]): CustomerInfo[] {
  const rng = ctx.rng('customers');
  const sizes = apportion(
    ctx.config.customers,
    rounds.map(() => rng.float(0.6, 1.4)),
  );
  const emails = new Map<string, number>();
  const out: CustomerInfo[] = [];
  const startMs = ctx.historyStart * DAY_MS;

  rounds.forEach((round, r) => {
    const size = sizes[r]!;
    const streetCount = Math.max(2, Math.round(size / 7));
    const streets = rng.sample(STREETS, Math.min(streetCount, STREETS.length)).map((name) => {
      const along = rng.float(0, Math.PI);
      const [lng, lat] = offset(round.lat, round.lng, rng.normal() * 0.35, rng.normal() * 0.35);
      const postcode = `${round.area.outward} ${rng.int(1, 9)}${rng.pick(POSTCODE_LETTERS)}${rng.pick(POSTCODE_LETTERS)}`;
      return { name, lat, lng, along, postcode, numbers: new Set<number>() };
    });
    round.entity.servicedPostcodes = [...new Set(streets.map((s) => s.postcode.slice(0, -2)))].sort();
    // Customers are created street by street, so their order in the round follows the streets.
    const perStreet = apportion(
      size,
      streets.map(() => rng.float(0.5, 1.5)),
    );
    let order = 0;
    streets.forEach((street, s) => {
      const houses: number[] = [];
      for (let i = 0; i < perStreet[s]!; i++) {
        let n = rng.int(1, 40 + perStreet[s]! * 3);
        while (street.numbers.has(n)) n++;
        street.numbers.add(n);
        houses.push(n);
      }
      houses.sort((a, b) => a - b);
      for (const house of houses) {
        out.push(makeCustomer(ctx, rng, round, street, house, order++, emails, startMs));
      }
    });
  });
  return out;
}

function makeCustomer(
  ctx: Ctx,
  rng: Random,
  round: RoundInfo,
  street: { name: string; lat: number; lng: number; along: number; postcode: string },
  house: number,
  order: number,
  emails: Map<string, number>,
  startMs: number,
): CustomerInfo {
  const property = rng.weighted(PROPERTY_MIX);
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(SURNAMES);
  let name = `${first} ${last}`;
  if (property === 'commercial') name = rng.pick(BUSINESSES).replace('{area}', round.area.name);
  else if (rng.chance(0.08)) name = `Mr & Mrs ${last}`;
  else if (rng.chance(0.05)) name = `${rng.pick(['Mr', 'Mrs', 'Ms', 'Dr'])} ${first[0]}. ${last}`;

  const houseName =
    property !== 'commercial' && rng.chance(0.03)
      ? `${rng.pick(['Rose', 'Ivy', 'Orchard', 'Mill', 'Willow'])} Cottage, `
      : '';
  const addressDescription = `${houseName || `${house} `}${street.name}, ${round.area.name}, ${CENTRE.town} ${street.postcode}`;
  const t = (rng.next() - 0.5) * 0.3;
  const lngLat = offset(
    street.lat,
    street.lng,
    Math.sin(street.along) * t + rng.normal() * 0.01,
    Math.cos(street.along) * t,
  );
  const address: Location = { lngLat, addressDescription, isVerified: rng.chance(0.92) };

  const roll = rng.next();
  const prospect = roll < 0.04;
  const lapsed = !prospect && roll < 0.08;
  const createdDay = prospect
    ? ctx.today - rng.int(2, 150)
    : rng.chance(0.65)
      ? ctx.historyStart - rng.int(1, 5 * 365)
      : rng.int(ctx.historyStart, ctx.today - 10);
  const stoppedDay = lapsed
    ? rng.int(Math.min(Math.max(createdDay, ctx.historyStart) + 30, ctx.today - 1), ctx.today - 1)
    : undefined;

  const hasEmail = rng.chance(property === 'commercial' ? 0.9 : 0.75);
  const mobile = rng.chance(property === 'commercial' ? 0.4 : 0.82);
  const landline = rng.chance(property === 'commercial' ? 0.9 : 0.22);
  let email = '';
  if (hasEmail) {
    const local = (property === 'commercial' ? `info.${name}` : `${first}.${last}`)
      .toLowerCase()
      .replace(/[^a-z.]+/g, '')
      .replace(/\.+/g, '.')
      .replace(/^\.|\.$/g, '');
    const seen = emails.get(local) ?? 0;
    emails.set(local, seen + 1);
    email = `${local}${seen ? seen + 1 : ''}@${rng.pick(EMAIL_DOMAINS)}`;
  }
  const contactMethods: Customers.Customer['contactMethods'] = [];
  if (email) contactMethods.push('email');
  if (mobile) contactMethods.push('sms');
  if (landline && rng.chance(0.3)) contactMethods.push('phone');
  if (rng.chance(0.02)) contactMethods.push('post');

  const pay = prospect ? 'bank-transfer' : rng.weighted(PAY_MIX);
  const payer = rng.weighted<Payer>([
    ['prompt', 84],
    ['slow', 11],
    ['poor', 5],
  ]);
  const source = rng.weighted(SOURCES.map((s, i) => [s, i < 4 ? 3 : 1] as const));
  const tags = new Set<string>();
  if (property === 'commercial') tags.add('Commercial');
  const tagCount = rng.weighted<number>([
    [0, 5],
    [1, 4],
    [2, 2],
  ]);
  for (let i = 0; i < tagCount; i++) tags.add(rng.pick(TAGS));
  if (pay === 'cash' && rng.chance(0.3)) tags.add('Pays cash');

  const createdMs = createdDay * DAY_MS + rng.int(8 * 60, 20 * 60) * 60_000;
  const onlineSource = source === 'Website' || source === 'Facebook' || source === 'Google';
  const entity: Entity<Customers.Customer> = {
    _id: ctx.id(createdMs),
    _version: 1,
    _updatedAt: stamp(
      ctx,
      lapsed ? stoppedDay! * DAY_MS + 19 * 3_600_000 : Math.max(createdMs, startMs - DAY_MS),
    ),
    name,
    address,
    email,
    telephoneNumber: landline ? `01632 960${String(rng.int(0, 999)).padStart(3, '0')}` : '',
    mobileNumber: mobile ? `07700 900${String(rng.int(0, 999)).padStart(3, '0')}` : '',
    contactMethods,
    marketingAccepted: rng.chance(0.45),
    notes: rng.chance(0.15) ? rng.pick(CUSTOMER_NOTES) : '',
    tags: [...tags],
    source,
    state: prospect || lapsed ? 'inactive' : 'active',
    hideDirectDebitSignup: rng.chance(0.02),
    hideCardProvider: rng.chance(0.02),
    createdDate: new Date(createdMs).toISOString(),
    createdOnPortal: onlineSource && rng.chance(0.3),
  };
  if (pay === 'direct-debit') {
    entity.automaticPaymentMethod = 'gocardless';
    entity.paymentProviderMetaData = {
      sourceOrMandateId: `MD${ctx.id(createdMs).slice(-12)}`,
      status: 'active',
    };
  }
  if (onlineSource && rng.chance(0.5)) {
    entity.utmParams = {
      utm_source: source.toLowerCase(),
      utm_medium: source === 'Website' ? 'organic' : 'cpc',
      utm_campaign: rng.pick(['spring-clean', 'new-estate', 'gutter-autumn']),
    };
  }
  const info: CustomerInfo = {
    entity,
    round,
    order,
    firstName: first,
    street: `${houseName || `${house} `}${street.name}`,
    property,
    createdDay,
    prospect,
    pay,
    payer,
    jobs: [],
  };
  if (stoppedDay !== undefined) info.stoppedDay = stoppedDay;
  return info;
}

// ---------------------------------------------------------------------------------------------

const WINDOW_PRICES: Record<PropertyKind, [number, number]> = {
  terraced: [8, 13],
  semi: [12, 18],
  detached: [17, 30],
  large: [28, 45],
  commercial: [20, 60],
};

type ExtraKind = 'back' | 'gutters' | 'conservatory' | 'fascia' | 'solar';
const EXTRA_MIX: [ExtraKind, number][] = [
  ['back', 25],
  ['gutters', 25],
  ['conservatory', 20],
  ['fascia', 15],
  ['solar', 15],
];

function makeJobs(ctx: Ctx, customers: CustomerInfo[]): JobInfo[] {
  const rng = ctx.rng('jobs');
  const out: JobInfo[] = [];
  const served = customers.filter((c) => !c.prospect);

  for (const c of served) {
    const [lo, hi] = WINDOW_PRICES[c.property];
    const price = c.property === 'commercial' && rng.chance(0.5) ? rng.int(lo, hi) + 0.5 : rng.int(lo, hi);
    const from = Math.max(ctx.historyStart, c.createdDay + rng.int(2, 10));
    const start = firstVisitOnOrAfter(c.round.recurrence, c.round.anchor, from);
    out.push(newJob(ctx, rng, c, 'windows', c.round.recurrence, start, price, ''));
  }

  const extras = Math.max(0, ctx.config.jobs - out.length);
  const taken = new Set<string>();
  for (let i = 0; i < extras; i++) {
    let c = rng.pick(served);
    let kind = rng.weighted(EXTRA_MIX);
    for (let tries = 0; taken.has(`${c.entity._id}|${kind}`) && tries < 8; tries++) {
      c = rng.pick(served);
      kind = rng.weighted(EXTRA_MIX);
    }
    taken.add(`${c.entity._id}|${kind}`);
    const main = c.jobs[0]!;
    const weeks = (n: number): Recurrence => ({ frequencyType: 'Weeks', frequencyInterval: n });
    let recurrence: Recurrence;
    let price: number;
    let notes = '';
    let service: ServiceKey;
    switch (kind) {
      case 'back':
        service = 'windows';
        recurrence =
          c.round.recurrence.frequencyType === 'Weeks'
            ? weeks(Math.min(c.round.recurrence.frequencyInterval * 2, 16))
            : weeks(8);
        price = rng.int(8, 15);
        notes = 'Back windows only.';
        if (!main.entity.notes) main.entity.notes = 'Front windows only: back windows are a separate job.';
        break;
      case 'gutters':
        service = 'gutters';
        recurrence = rng.chance(0.2)
          ? { frequencyType: 'OneOff', frequencyInterval: 4 }
          : weeks(rng.chance(0.6) ? 52 : 26);
        price = rng.int(40, 60);
        break;
      case 'conservatory':
        service = 'conservatory';
        recurrence = weeks(rng.pick([12, 24, 26]));
        price = rng.int(20, 45);
        break;
      case 'fascia':
        service = 'fascia';
        recurrence = rng.chance(0.4) ? { frequencyType: 'OneOff', frequencyInterval: 4 } : weeks(52);
        price = rng.int(35, 60);
        break;
      default:
        service = 'solar';
        recurrence = weeks(rng.pick([12, 26]));
        price = rng.int(30, 60);
    }
    // Regular extras fall on a windows visit within their own first cycle; one-offs are booked
    // on any working day, some of them ahead.
    const step = c.round.recurrence.frequencyType === 'Weeks' ? c.round.recurrence.frequencyInterval : 1;
    const start =
      recurrence.frequencyType === 'OneOff'
        ? oneOffDay(rng, main.start, ctx.today + 45)
        : main.start +
          7 * step * rng.int(0, Math.max(0, Math.floor(recurrence.frequencyInterval / step) - 1));
    out.push(newJob(ctx, rng, c, service, recurrence, start, price, notes));
  }
  return out;
}

function oneOffDay(rng: Random, from: number, to: number): number {
  const day = rng.int(from, Math.max(from, to));
  const dow = weekday(day);
  return dow === 0 ? day + 1 : dow === 6 ? day + 2 : day;
}

function newJob(
  ctx: Ctx,
  rng: Random,
  c: CustomerInfo,
  service: ServiceKey,
  recurrence: Recurrence,
  start: number,
  price: number,
  notes: string,
): JobInfo {
  const serviceEntity = ctx.services.get(service)!;
  const createdDay = Math.max(c.createdDay, Math.min(start, ctx.historyStart) - rng.int(1, 20));
  const createdMs = Math.min(createdDay, start) * DAY_MS + rng.int(8 * 60, 19 * 60) * 60_000;
  const rise = recurrence.frequencyType !== 'OneOff' && rng.chance(0.3) ? rng.pick([1, 2]) : 0;
  const riseDay = rise ? ctx.today - rng.int(100, 200) : undefined;
  const duration =
    service === 'windows'
      ? Math.min(90, Math.max(10, Math.round((price * 1.3) / 5) * 5))
      : serviceEntity.defaultDuration;
  const entity: Entity<Jobs.Job> = {
    _id: ctx.id(createdMs),
    _version: 1,
    _updatedAt: stamp(ctx, createdMs),
    customerId: c.entity._id,
    rounds: [c.round.entity._id],
    date: isoDay(start),
    price,
    location: c.entity.address,
    frequencyType: recurrence.frequencyType,
    frequencyInterval: recurrence.frequencyInterval,
    duration,
    services: [serviceEntity._id],
    notes,
    assignees: c.round.workerAssigned ? [ctx.userIds.worker] : [],
    createdDate: new Date(createdMs).toISOString(),
  };
  if (recurrence.frequencyDayOfMonth) entity.frequencyDayOfMonth = recurrence.frequencyDayOfMonth;
  if (recurrence.frequencyType === 'MonthsWeekdayOfMonth') {
    entity.frequencyDayOfWeek = recurrence.frequencyDayOfWeek!;
    entity.frequencyWeekOfMonth = recurrence.frequencyWeekOfMonth!;
  }
  const job: JobInfo = { entity, customer: c, service, start, rise };
  if (riseDay) job.riseDay = riseDay;
  c.jobs.push(job);
  return job;
}

// ---------------------------------------------------------------------------------------------

const VISIT_NOTES = [
  'Frames and sills done.',
  'Hard water marks on the patio doors.',
  'Customer paid extra for the shed.',
];

function makeVisits(ctx: Ctx, jobs: JobInfo[]): VisitInfo[] {
  const rng = ctx.rng('visits');
  const out: VisitInfo[] = [];
  for (const job of jobs) {
    const e = job.entity;
    const end = Math.min(ctx.today, job.customer.stoppedDay ?? ctx.today);
    for (const due of visitDays(e, job.start, end)) {
      const skipped = rng.chance(0.025);
      // Some visits slip a day or two (weather, a long day), never past yesterday.
      const slip = rng.chance(0.08) ? rng.int(1, 3) : 0;
      const day = due + slip < ctx.today ? due + slip : due;
      const minutes = 8 * 60 + Math.min(9 * 60, job.customer.order * 7) + rng.int(0, 25);
      const doneMs = day * DAY_MS + minutes * 60_000;
      const price = job.riseDay !== undefined && day < job.riseDay ? e.price - job.rise : e.price;
      const at = stamp(ctx, doneMs);
      const entity: Entity<Occurrences.Occurrence> = {
        _id: ctx.id(doneMs),
        _version: 1,
        _updatedAt: at,
        jobId: e._id,
        customerId: e.customerId,
        status: skipped ? 2 : 1,
        isoPlannedDate: isoDay(day),
        isoDueDate: isoDay(due),
        price,
        rounds: e.rounds,
        plannedOrder: job.customer.order,
        assignees: e.assignees,
      };
      if (skipped) entity.skipReason = rng.pick(SKIP_REASONS);
      else {
        entity.completedDate = at;
        if (rng.chance(0.02)) entity.notes = rng.pick(VISIT_NOTES);
      }
      out.push({ entity, job, day, doneMs });
    }
  }
  return out;
}

/** Indices of `items` ordered by `key` descending, by counting sort over a small key range. */
function byDayDescending<T>(items: T[], key: (item: T) => number): T[] {
  if (items.length === 0) return [];
  let min = Infinity;
  let max = -Infinity;
  for (const it of items) {
    const k = key(it);
    if (k < min) min = k;
    if (k > max) max = k;
  }
  const buckets: T[][] = Array.from({ length: max - min + 1 }, () => []);
  for (const it of items) buckets[max - key(it)]!.push(it);
  return buckets.flat();
}

// ---------------------------------------------------------------------------------------------

interface PaymentInfo {
  entity: Entity<Transactions.Transaction>;
  customer: CustomerInfo;
  ms: number;
}

const PAY_LABEL: Record<PayMethod, string> = {
  cash: 'Cash',
  'bank-transfer': 'Bank transfer',
  card: 'Card payment',
  cheque: 'Cheque',
  'direct-debit': 'Direct Debit',
};

/**
 * An invoice for every completed visit, most recent first, and a payment for most of them (how
 * soon depends on the customer's habits; what is not yet paid by today is owed), until the scale's
 * count of transactions is reached: the ledger covers the most recent visits. Invoices are
 * positive (a debit), payments negative (a credit). A cancelled payment is a pair: the payment and
 * its reversal, each naming the other in `voidedId`, netting to zero.
 */
function makeTransactions(ctx: Ctx, visits: VisitInfo[]) {
  const rng = ctx.rng('transactions');
  const target = ctx.config.transactions;
  const out: Entity<Transactions.Transaction>[] = [];
  const invoices: PaymentInfo[] = [];
  const payments: PaymentInfo[] = [];
  const done = byDayDescending(
    visits.filter((v) => v.entity.status === 1),
    (v) => v.day,
  );
  const service = (key: ServiceKey) => ctx.services.get(key)!.name;

  for (const visit of done) {
    if (out.length >= target) break;
    const c = visit.job.customer;
    const occ = visit.entity;
    const invoiceMs = visit.doneMs + rng.int(2, 90) * 60_000;
    const invoiceAt = stamp(ctx, invoiceMs);
    const invoice: Entity<Transactions.Transaction> = {
      _id: ctx.id(invoiceMs),
      _version: 1,
      _updatedAt: invoiceAt,
      customerId: c.entity._id,
      amount: occ.price,
      currency: 'GBP',
      description: `${service(visit.job.service)}, ${c.street}`,
      date: occ.isoPlannedDate,
      createdDate: invoiceAt,
      transactionType: 'Invoice',
      status: 'complete',
      occurrenceId: occ._id,
    };
    out.push(invoice);
    invoices.push({ entity: invoice, customer: c, ms: invoiceMs });
    if (out.length >= target) break;

    const paid = c.payer === 'prompt' ? 0.97 : c.payer === 'slow' ? 0.8 : 0.35;
    if (!rng.chance(paid)) continue;
    let delay =
      c.pay === 'cash'
        ? 0
        : c.pay === 'card'
          ? rng.int(0, 2)
          : c.pay === 'direct-debit'
            ? rng.int(3, 5)
            : rng.int(1, 10);
    if (c.payer !== 'prompt' && c.pay !== 'direct-debit') delay += rng.int(7, 35);
    const day = visit.day + delay;
    if (day >= ctx.today) continue;
    const ms =
      delay === 0 ? visit.doneMs + rng.int(1, 5) * 60_000 : day * DAY_MS + rng.int(7 * 60, 21 * 60) * 60_000;
    const automatic = c.pay === 'direct-debit';
    const paidAt = stamp(ctx, ms);
    const details: NonNullable<Transactions.Transaction['paymentDetails']> = { invoiceIds: [invoice._id] };
    if (automatic) {
      details.paymentProvider = 'gocardless';
      details.paymentHistory = [
        { created: stamp(ctx, invoiceMs + 60_000), action: 'created' },
        { created: stamp(ctx, invoiceMs + DAY_MS), action: 'submitted' },
      ];
      if (day <= ctx.today - 3) {
        details.paymentHistory.push({
          created: paidAt,
          action: 'confirmed',
          details: { description: 'Payment collected' },
        });
      }
    } else if (c.pay === 'card') details.paymentProvider = 'stripe';
    const payment: Entity<Transactions.Transaction> = {
      _id: ctx.id(ms),
      _version: 1,
      _updatedAt: paidAt,
      customerId: c.entity._id,
      amount: -occ.price,
      currency: 'GBP',
      description:
        c.pay === 'bank-transfer'
          ? `${PAY_LABEL[c.pay]} ref ${c.entity.name
              .split(' ')
              .pop()!
              .toUpperCase()
              .replace(/[^A-Z]/g, '')}${c.order}`
          : PAY_LABEL[c.pay],
      date: isoDay(day),
      createdDate: paidAt,
      transactionType: automatic ? 'AutomaticPayment' : 'Payment',
      transactionSubType: automatic ? 'gocardless' : c.pay,
      status: automatic && day > ctx.today - 3 ? 'pending' : 'complete',
      paymentDetails: details,
    };
    out.push(payment);
    // A few payments are cancelled: a failed Direct Debit, or one recorded by mistake.
    const cancel = automatic ? rng.chance(0.03) : rng.chance(0.004);
    if (cancel && out.length + 1 <= target && day < ctx.today - 1) {
      const cancelMs = Math.min(ms + rng.int(1, 48) * 3_600_000, ctx.latestMs);
      const reversal: Entity<Transactions.Transaction> = {
        _id: ctx.id(cancelMs),
        _version: 1,
        _updatedAt: stamp(ctx, cancelMs),
        customerId: c.entity._id,
        amount: occ.price,
        currency: 'GBP',
        description: `Cancelled: ${payment.description}`,
        date: isoDay(Math.floor(cancelMs / DAY_MS)),
        createdDate: new Date(cancelMs).toISOString(),
        transactionType: payment.transactionType,
        transactionSubType: payment.transactionSubType!,
        status: 'complete',
        voidedId: payment._id,
        paymentDetails: { invoiceIds: [invoice._id] },
      };
      payment.voidedId = reversal._id;
      payment.status = 'complete';
      const cause = automatic
        ? 'Request failed with status 422: the mandate has been cancelled by the customer'
        : 'Recorded against the wrong customer';
      payment.paymentDetails = {
        ...payment.paymentDetails,
        paymentHistory: [
          ...(payment.paymentDetails?.paymentHistory ?? []).filter((h) => h.action !== 'confirmed'),
          { created: reversal.createdDate, action: automatic ? 'failed' : 'cancelled', details: { cause } },
        ],
      };
      payment._updatedAt = new Date(cancelMs).toISOString();
      out.push(reversal);
    } else {
      payments.push({ entity: payment, customer: c, ms });
    }
  }

  // Invoice numbers follow the date order; the loop went backwards in time.
  const first = 1001;
  invoices.forEach((inv, i) => {
    inv.entity.invoiceNumber = `INV-${String(first + invoices.length - 1 - i).padStart(5, '0')}`;
  });
  out.reverse();
  return { transactions: out, payments, invoices };
}

// ---------------------------------------------------------------------------------------------

function makeQuotes(ctx: Ctx, customers: CustomerInfo[]): Entity<Quotes.Quote>[] {
  const rng = ctx.rng('quotes');
  const n = ctx.config.quotes;
  const states = apportion(n, [35, 45, 20]);
  const plan: Quotes.Quote['state'][] = rng.shuffle([
    ...Array<'pending'>(states[0]!).fill('pending'),
    ...Array<'accepted'>(states[1]!).fill('accepted'),
    ...Array<'declined'>(states[2]!).fill('declined'),
  ]);
  const won = rng.shuffle(customers.filter((c) => !c.prospect && c.createdDay >= ctx.historyStart + 20));
  const prospects = rng.shuffle(customers.filter((c) => c.prospect));
  const regulars = customers.filter((c) => !c.prospect && c.entity.state === 'active');
  const drafts: { quote: Entity<Quotes.Quote>; day: number }[] = [];

  for (const state of plan) {
    let c: CustomerInfo;
    let day: number;
    if (state === 'accepted') {
      // Quoted at the enquiry, the day the customer was added; accepted before the first visit.
      c = won.pop() ?? rng.pick(regulars);
      day = c.createdDay;
    } else {
      const prospect = prospects.pop();
      c = prospect ?? rng.pick(regulars);
      day = prospect
        ? Math.min(ctx.today - 1, prospect.createdDay + rng.int(0, 3))
        : state === 'pending'
          ? ctx.today - rng.int(1, 45)
          : rng.int(ctx.historyStart, ctx.today - 5);
    }
    drafts.push({ quote: makeQuote(ctx, rng, c, state, day), day });
  }

  drafts.sort((a, b) => a.day - b.day || (a.quote._id < b.quote._id ? -1 : 1));
  drafts.forEach(({ quote, day }, i) => {
    // The server numbers quotes when it sees them: the newest may still be 'Pending Sync'.
    if (!(day >= ctx.today - 2 && quote.state === 'pending' && rng.chance(0.5)))
      quote.quoteNumber = `Q-${String(1001 + i)}`;
    else {
      delete quote.sentDate;
      delete quote.sentManually;
      delete quote.firstViewedDate;
      delete quote.lastViewedDate;
    }
  });
  return drafts.map((d) => d.quote);
}

function makeQuote(
  ctx: Ctx,
  rng: Random,
  c: CustomerInfo,
  state: Quotes.Quote['state'],
  day: number,
): Entity<Quotes.Quote> {
  const items: Quotes.Quote['items'] = [];
  const address = c.entity.address;
  if (state === 'accepted' && c.jobs.length) {
    for (const job of c.jobs.slice(0, 3)) {
      const s = ctx.services.get(job.service)!;
      items.push({
        relatedId: job.entity._id,
        type: 'job',
        title: s.name,
        description: job.entity.notes || s.description,
        quantity: 1,
        unitPrice: job.entity.price,
        total: job.entity.price,
        frequencyDescription: describeFrequency(job.entity),
        address,
      });
    }
  } else {
    const keys: ServiceKey[] = c.prospect ? ['windows'] : [];
    for (const extra of rng.sample(
      ['gutters', 'conservatory', 'fascia', 'solar'] as ServiceKey[],
      rng.int(c.prospect ? 0 : 1, 2),
    ))
      keys.push(extra);
    for (const key of keys) {
      const s = ctx.services.get(key)!;
      const [lo, hi] =
        key === 'windows'
          ? WINDOW_PRICES[c.property]
          : [Math.max(20, s.defaultPrice - 15), Math.min(60, s.defaultPrice + 15)];
      const price = rng.int(lo, hi);
      items.push({
        type: 'job',
        title: s.name,
        description: s.description,
        quantity: 1,
        unitPrice: price,
        total: price,
        frequencyDescription:
          key === 'windows' ? describeFrequency(c.round.recurrence) : rng.pick(['One-off', 'Every 52 weeks']),
        address,
      });
    }
  }
  const subtotal = round2(items.reduce((sum, it) => sum + it.total, 0));
  const discountTotal = rng.chance(0.15) ? Math.min(5, subtotal) : 0;
  const createdMs = day * DAY_MS + rng.int(9 * 60, 18 * 60) * 60_000;
  const stamps = [createdMs];
  const at = (ms: number) => {
    const clamped = Math.min(ms, ctx.latestMs);
    stamps.push(clamped);
    return new Date(clamped).toISOString();
  };
  const sent = state !== 'pending' || rng.chance(0.9);
  const sentMs = createdMs + rng.int(5, 24 * 60) * 60_000;
  const viewed = sent && (state !== 'pending' || rng.chance(0.7));
  const firstView = sentMs + rng.int(10, 48 * 60) * 60_000;
  const decidedMs = Math.min(
    firstView + (state === 'accepted' ? rng.int(1, 36) * 3_600_000 : rng.int(1, 10) * DAY_MS),
    ctx.latestMs,
  );
  const notes = [rng.pick(QUOTE_NOTES), rng.chance(0.3) ? rng.pick(QUOTE_NOTES) : '']
    .filter(Boolean)
    .join('\n\n');
  const quote: Entity<Quotes.Quote> = {
    _id: '',
    _version: 1,
    _updatedAt: '',
    customerId: c.entity._id,
    name: items.map((it) => it.title).join(', ') || 'Quote',
    state,
    address,
    items,
    currency: 'GBP',
    date: isoDay(day),
    expiry: isoDay(day + 30),
    taxRate: 0,
    priceIncludesTax: true,
    notes,
    discountTotal,
    subtotal,
    totalTax: 0,
    total: round2(subtotal - discountTotal),
    ...(sent ? { sentDate: at(sentMs), ...(rng.chance(0.1) ? { sentManually: true } : {}) } : {}),
    ...(viewed
      ? { firstViewedDate: at(firstView), lastViewedDate: at(firstView + rng.int(0, 3) * DAY_MS) }
      : {}),
    ...(state === 'accepted' ? { acceptedDate: at(decidedMs) } : {}),
    ...(state === 'declined'
      ? { declinedDate: at(decidedMs), declineReason: rng.pick(DECLINE_REASONS) }
      : {}),
    ...(c.entity.utmParams ? { utmParams: c.entity.utmParams } : {}),
    createdDate: new Date(createdMs).toISOString(),
  };
  quote._id = ctx.id(createdMs);
  quote._updatedAt = stamp(ctx, Math.max(...stamps));
  return quote;
}

// ---------------------------------------------------------------------------------------------

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
 * Customer messages: visit reminders (SMS or email, the evening before), receipts and invoices
 * by email, quotes sent, a few scheduled for this evening, and replies and feedback from
 * customers. Delivery runs through the provider's raw statuses (pending, sent or processed,
 * delivered, open, click; failed, bounce, dropped).
 */
function makeNotifications(
  ctx: Ctx,
  all: {
    customers: CustomerInfo[];
    jobs: JobInfo[];
    visits: VisitInfo[];
    payments: PaymentInfo[];
    invoices: PaymentInfo[];
    quotes: Entity<Quotes.Quote>[];
  },
): Entity<Notifications.Notification>[] {
  const rng = ctx.rng('notifications');
  const out: Entity<Notifications.Notification>[] = [];
  const recentFrom = ctx.today - 120;
  const visits = all.visits.filter((v) => v.day >= recentFrom);
  const byCustomer = new Map(all.customers.map((c) => [c.entity._id, c]));
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
    const n: Entity<Notifications.Notification> = {
      _id: ctx.id(o.ms),
      _version: 1,
      _updatedAt: last.timestamp,
      _externalId:
        o.channel === 'SMS'
          ? `SM${ctx.id(o.ms).toLowerCase()}`
          : `${ctx.id(o.ms).toLowerCase()}@mail.roundwise.local`,
      type: o.channel,
      customerId: o.customer.entity._id,
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
    };
    if (o.createdBy) n.createdBy = o.createdBy;
    if (o.channel === 'Email') n.subject = o.subject ?? o.description;
    if (o.relatedItemId) n.relatedItemId = o.relatedItemId;
    out.push(n);
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
    const n: Entity<Notifications.Notification> = {
      _id: ctx.id(Math.min(ms, ctx.latestMs)),
      _version: 1,
      _updatedAt: at,
      type,
      customerId: c.entity._id,
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
    };
    if (type === 'SMSReply' || type === 'EmailReply')
      n._externalId = `${type === 'SMSReply' ? 'SM' : ''}${ctx.id(ms).toLowerCase()}`;
    if (type === 'EmailReply') n.subject = `Re: ${business}`;
    out.push(n);
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
        const n: Entity<Notifications.Notification> = {
          _id: ctx.id(ms),
          _version: 1,
          _updatedAt: at,
          type: channel,
          customerId: c.entity._id,
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
          relatedItemId: j.entity._id,
          sendAtSecondsTimestamp: (ctx.today * DAY_MS) / 1000 + 18 * 3600,
        };
        if (channel === 'Email') n.subject = 'Your window clean is tomorrow';
        out.push(n);
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
        if (v.entity.status !== 1) break;
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
  return out;
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
