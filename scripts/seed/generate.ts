import {
  type Account,
  type Change,
  type Customers,
  type Entity,
  type EntityType,
  entityTypes,
  type Jobs,
  type Notifications,
  type Payments,
  type Quotes,
  type Rounds,
  type Services,
  Visits,
} from '@roundwise/core';
import { TOWN_AREAS, VILLAGE_AREAS } from '../../functions/src/places/areas.ts';
import { accountFor, ownerActor } from './account.ts';
import { planBooks, type Receipt } from './books.ts';
import { makeCustomers, makeJobs, makeRounds, makeServices } from './business.ts';
import { SERVICES } from './data.ts';
import { DAY_MS, dayOf, isoDay } from './dates.ts';
import { makeLedger } from './ledger.ts';
import { makeNotifications } from './messages.ts';
import type { Ctx, Scale, ScaleConfig } from './model.ts';
import { makePortal, PORTAL_ENTITIES } from './portal.ts';
import { Random, seededUlid } from './prng.ts';
import { makeQuotes } from './quotes.ts';
import { SeedRunner, Timeline } from './runner.ts';
import { makeVisits } from './visits.ts';

export type { Scale, ScaleConfig } from './model.ts';
export const SCALE_NAMES: readonly Scale[] = ['demo', 'town', 'city'];

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
  /** The account's owner (default `owner@<scale>.roundwise.local`, Sam Sparkle, Sparkle Window Cleaning). */
  owner?: { email: string; name: string; businessName: string };
  /** The people's user ids (jobs are assigned to the worker); derived from the id stream if absent. */
  userIds?: Dataset['userIds'];
}

/** The data of the types the seed makes and its tests read; any other type is listed untyped. */
interface Seeded {
  customer: Customers.Customer;
  job: Jobs.Job;
  round: Rounds.Round;
  service: Services.Service;
  visit: Visits.VisitRecord;
  transaction: Payments.Transaction;
  quote: Quotes.Quote;
  quoteSettings: Quotes.QuoteSettings;
  notification: Notifications.Notification;
}

/**
 * Every entity type's list, from the areas' `entityTypes`: a new area adds nothing here (its type's
 * list is empty, or filled by the commands the seed runs) unless the seed makes and reads its data.
 */
export type EntitiesByType = {
  [T in EntityType]: Entity<T extends keyof Seeded ? Seeded[T] : Record<string, unknown>>[];
};

/** An empty list for every entity type. */
const noEntities = (): EntitiesByType =>
  Object.fromEntries(entityTypes.map((type) => [type, []])) as unknown as EntitiesByType;

export interface Dataset {
  scale: Scale;
  accountId: string;
  today: string;
  /** The account the data belongs to (its Owner ran the commands that made it). */
  account: Account;
  /** Ids for the people the loader creates: owner, admin and a worker (jobs are assigned to them). */
  userIds: { owner: string; admin: string; worker: string };
  entities: EntitiesByType;
}

export const DEFAULT_BUSINESS_NAME = 'Sparkle Window Cleaning';

/** Entity counts per type. */
export function countsOf(dataset: Dataset): Record<EntityType, number> {
  return Object.fromEntries(entityTypes.map((type) => [type, dataset.entities[type].length])) as Record<
    EntityType,
    number
  >;
}

/** Parents first: what jobs and visits name (services, rounds, customers), then the rest in area order. */
const FIRST: readonly EntityType[] = ['service', 'round', 'customer', 'job', 'visit'];
const ORDER: readonly EntityType[] = [...FIRST, ...entityTypes.filter((t) => !FIRST.includes(t))];

/** Every entity as a change, parents before children (services, rounds, customers, jobs, ...). */
export function* changesOf(dataset: Dataset): Generator<Change> {
  for (const type of ORDER) {
    for (const entity of dataset.entities[type]) yield { type, entity: entity as Entity };
  }
}

/** A data set on its way: what it is, and its entities in parts as they are made. */
export interface Generation extends Omit<Dataset, 'entities'> {
  /** How many entities the plan makes (for progress: the rules decide the exact number). */
  expected: number;
  /**
   * The entities in parts, each final when given: the services and rounds, then each round's
   * customers, jobs and visits (played on their own: rounds share nothing but the services), then
   * the books, quotes and messages. A loader can write a part while the next is being made.
   */
  parts(): AsyncGenerator<Change[]>;
  /** The receipt files the books' attachments name, by key (the loader puts them in the bucket). */
  receipts: ReadonlyMap<string, Receipt>;
}

/**
 * A whole business, deterministic for a given scale and options: the same input always gives the
 * same entities, ids included. Its history is played through the app's commands as its Owner
 * (`runner.ts`): the services and rounds set up a month before the history starts, customers and
 * jobs added when they joined, a year of visits done or skipped on their days (invoiced by the
 * completion), price rises and customers leaving. Ids are those the commands give: ULIDs stamped
 * at the moment of the command, their random part from a stream seeded by the scale and the
 * account id (a visit's and its invoice's ids derive from its job and due date, as in the app).
 * Payments (a provider's have no command), quotes and messages (no commands yet) are recorded as data.
 */
export async function generate(scale: Scale, options: GenerateOptions): Promise<Dataset> {
  const { parts, expected, receipts: _, ...about } = startGeneration(scale, options);
  const entities = noEntities();
  for await (const part of parts()) {
    for (const { type, entity } of part) (entities[type] as Entity[]).push(entity);
  }
  return { ...about, entities };
}

/** Plans the business (the seeded draws, quick) and returns its entities to be made part by part. */
export function startGeneration(scale: Scale, options: GenerateOptions): Generation {
  const config = SCALES[scale];
  const today = dayOf(options.today);
  const historyStart = today - config.historyDays;
  const setupMs = (historyStart - 30) * DAY_MS + 9 * 3_600_000;
  const idRandom = Random.of(`ids|${scale}|${options.accountId}`).next;
  const userIds = options.userIds ?? {
    owner: seededUlid(setupMs, idRandom),
    admin: seededUlid(setupMs + 60_000, idRandom),
    worker: seededUlid(setupMs + 120_000, idRandom),
  };
  const owner = options.owner ?? {
    email: `owner@${scale}.roundwise.local`,
    name: 'Sam Sparkle',
    businessName: DEFAULT_BUSINESS_NAME,
  };
  const account = accountFor(options.accountId, owner, new Date(setupMs).toISOString());
  const runner = new SeedRunner(ownerActor(account, userIds.owner), idRandom);
  const ctx: Ctx = {
    scale,
    config,
    today,
    latestMs: today * DAY_MS - 1000,
    historyStart,
    setupMs,
    businessName: owner.businessName,
    services: new Map(),
    userIds,
    runner,
    setup: new Timeline(),
    rng: (part) => Random.of(`${scale}|${part}`),
    id: (ms) => runner.id(ms),
  };

  makeServices(ctx);
  const rounds = makeRounds(ctx);
  makePortal(ctx);
  const customers = makeCustomers(ctx, rounds);
  const jobs = makeJobs(ctx, customers);
  const visits = makeVisits(ctx, jobs);
  const books = planBooks(ctx, options.accountId);
  const { store } = runner;

  async function* parts(): AsyncGenerator<Change[]> {
    await runner.play(ctx.setup);
    yield written(store.changes);
    for (const r of rounds) r.entity = (await store.get('round', r.id))!;
    // The books are written last: the ledger numbers the invoices the completions made.
    const ledger: Change[] = [];
    for (const round of rounds) {
      await runner.play(round.timeline);
      const part = written(store.changes);
      ledger.push(...part.filter((c) => c.type === 'transaction'));
      yield part.filter((c) => c.type !== 'transaction');
    }
    for (const c of customers) c.entity = (await store.get('customer', c.id))!;
    for (const j of jobs) j.entity = (await store.get('job', j.id))!;
    for (const v of visits) v.entity = (await store.get('visit', Visits.visitId(v.job.id, isoDay(v.due))))!;

    const { payments, invoices, left } = await makeLedger(ctx, visits, books);
    const quotes = await makeQuotes(ctx, customers);
    await makeNotifications(ctx, { customers, jobs, visits, payments, invoices, quotes });
    // The books' own records last, on their own id stream: the rest keeps its ids.
    const kept = (await store.list<Payments.Transaction>('transaction')).filter((t) => !left.has(t._id));
    books.ledger = () => kept;
    await runner.play(books.timeline);
    yield written([...ledger, ...store.changes.splice(0)]).filter((c) => !left.has(c.entity._id));
  }

  return {
    scale,
    accountId: options.accountId,
    today: options.today,
    account,
    userIds,
    expected:
      SERVICES.length +
      rounds.length +
      customers.length +
      jobs.length +
      visits.length +
      config.transactions +
      config.quotes +
      1 +
      config.notifications +
      PORTAL_ENTITIES +
      books.expected,
    parts,
    receipts: books.receipts,
  };
}

/**
 * The entities `changes` leave behind, each once as it last was, in the order each first changed;
 * the log is emptied (so memory holds each entity once). An entity made and removed again within
 * the part leaves nothing.
 */
function written(changes: Change[]): Change[] {
  const last = new Map<string, Change>();
  for (const c of changes.splice(0)) last.set(`${c.type}#${c.entity._id}`, c);
  return [...last.values()].filter((c) => !c.entity._deleted);
}
