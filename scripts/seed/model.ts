import type { Customers, Entity, Jobs, Payments, Rounds, Services, Visits } from '@roundwise/core';
import type { Area } from '../../functions/src/places/areas.ts';
import type { ServiceKey } from './data.ts';
import type { Recurrence } from './dates.ts';
import type { Random } from './prng.ts';
import type { SeedRunner, Timeline } from './runner.ts';

/**
 * What the generator remembers about the business it plays: a plan for each round, customer, job
 * and visit (drawn from the seeded streams before anything runs), the id the command gave it, and
 * after the run the entity as the store holds it.
 */

export type Scale = 'demo' | 'town' | 'city';

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

export type RoundKind = 'w4' | 'w8' | 'w2' | 'monthDay' | 'monthWeekday';
export type PropertyKind = 'terraced' | 'semi' | 'detached' | 'large' | 'commercial';
export type PayMethod = 'cash' | 'bank-transfer' | 'card' | 'cheque' | 'direct-debit';
export type Payer = 'prompt' | 'slow' | 'poor';

export interface RoundInfo {
  /** The fields `rounds.create`, `rounds.update` and `rounds.set-frequency` are given. */
  name: string;
  color: string;
  location: Customers.Customer['address'];
  frequencyData: Rounds.FrequencyData;
  isPortalRound: boolean;
  servicedPostcodes: string[];
  area: Area;
  lat: number;
  lng: number;
  recurrence: Recurrence;
  anchor: number;
  workerAssigned: boolean;
  /** Everything that happens to the round's customers, their jobs and visits. */
  timeline: Timeline;
  id: string;
  entity: Entity<Rounds.Round>;
}

export interface CustomerInfo {
  /** What `customers.create` is given. */
  fields: Customers.CustomerFields;
  createdMs: number;
  round: RoundInfo;
  order: number;
  firstName: string;
  street: string;
  property: PropertyKind;
  createdDay: number;
  prospect: boolean;
  /** Lapsed customers: visits stop on this day, when they are made inactive. */
  stoppedDay?: number;
  pay: PayMethod;
  payer: Payer;
  jobs: JobInfo[];
  id: string;
  entity: Entity<Customers.Customer>;
}

export interface JobInfo {
  customer: CustomerInfo;
  service: ServiceKey;
  /** Its first visit: the job's date. */
  start: number;
  createdMs: number;
  recurrence: Recurrence;
  /** The price today; visits before `riseDay` were charged `rise` less. */
  price: number;
  riseDay?: number;
  rise: number;
  duration: number;
  notes: string;
  visits: VisitInfo[];
  id: string;
  entity: Entity<Jobs.Job>;
}

export interface VisitInfo {
  job: JobInfo;
  due: number;
  /** The day it was done or skipped on: the due day, or a day or two later. */
  day: number;
  doneMs: number;
  skipReason?: string;
  notes?: string;
  entity: Entity<Visits.VisitRecord>;
}

/** A payment or invoice the messages can refer to. */
export interface PaymentInfo {
  entity: Entity<Payments.Transaction>;
  customer: CustomerInfo;
  ms: number;
}

export interface Ctx {
  scale: Scale;
  config: ScaleConfig;
  today: number;
  /** Every stamp is strictly before the start of today. */
  latestMs: number;
  historyStart: number;
  /** When the business set up its services and rounds. */
  setupMs: number;
  businessName: string;
  services: Map<ServiceKey, Entity<Services.Service>>;
  userIds: { owner: string; admin: string; worker: string };
  runner: SeedRunner;
  /** The services and rounds, set up before anything else. */
  setup: Timeline;
  /** Seeded randomness for one part of the generation (independent streams). */
  rng(part: string): Random;
  /** A ULID stamped at `ms` whose random part comes from the account's id stream. */
  id(ms: number): string;
}

/** An `id` or `entity` not known yet: the step that runs the command sets it. */
export const unset = <T>() => undefined as unknown as T;

const KM_PER_DEG_LAT = 111.32;
export const round2 = (x: number) => Math.round(x * 100) / 100;

/** The ISO time of `ms`, never later than the last moment before today. */
export function stamp(ctx: Ctx, ms: number): string {
  return new Date(Math.min(ms, ctx.latestMs)).toISOString();
}

/** Splits `total` over `weights` in whole numbers (largest remainder), summing exactly to `total`. */
export function apportion(total: number, weights: number[]): number[] {
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

export function offset(lat: number, lng: number, northKm: number, eastKm: number): [number, number] {
  const dLat = northKm / KM_PER_DEG_LAT;
  const dLng = eastKm / (KM_PER_DEG_LAT * Math.cos((lat * Math.PI) / 180));
  return [Math.round((lng + dLng) * 1e6) / 1e6, Math.round((lat + dLat) * 1e6) / 1e6];
}
