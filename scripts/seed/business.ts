import type { Customers, Location } from '@roundwise/core';
import { createCustomer, updateCustomer } from '@roundwise/core/customers/commands';
import { createJob, updateJob } from '@roundwise/core/jobs/commands';
import { createRound, setPortalRound, setRoundFrequency, updateRound } from '@roundwise/core/rounds/commands';
import { createService } from '@roundwise/core/services/commands';
import {
  BUSINESSES,
  CENTRE,
  CUSTOMER_NOTES,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  ROUND_COLOURS,
  SERVICES,
  type ServiceKey,
  SOURCES,
  STREETS,
  SURNAMES,
  TAGS,
} from './data.ts';
import {
  DAY_MS,
  DAY_NAMES,
  firstVisitOnOrAfter,
  isoDay,
  nextWeekday,
  type Recurrence,
  weekday,
} from './dates.ts';
import {
  apportion,
  type Ctx,
  type CustomerInfo,
  type JobInfo,
  offset,
  type Payer,
  type PayMethod,
  type PropertyKind,
  type RoundInfo,
  type RoundKind,
  unset,
} from './model.ts';
import type { Random } from './prng.ts';
import { Timeline } from './runner.ts';

/**
 * The business's set-up and its customers: services, rounds, customers and their jobs, each
 * planned from the seeded streams and then created by the app's commands at the moment it
 * happened: the set-up on `ctx.setup`, a customer and everything of theirs on their round's
 * timeline (rounds share nothing but the services, so each round's history is played, and
 * written, on its own). The visits are in `visits.ts`.
 */

export function makeServices(ctx: Ctx): void {
  SERVICES.forEach((s, i) => {
    const { key, ...fields } = s;
    ctx.setup.at(ctx.setupMs + i * 1000, async () => {
      ctx.services.set(key, await ctx.runner.run(createService, fields));
    });
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

/**
 * The rounds, made an hour after the services: each is created, given its location and the
 * postcodes it serves (known once its customers are planned: the step reads them when it runs),
 * its schedule, and for some the portal.
 */
export function makeRounds(ctx: Ctx): RoundInfo[] {
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
    // Rounds of one area sit side by side: a few hundred metres to a kilometre apart.
    const spread = ctx.scale === 'city' ? 1.0 : 0.6;
    const [lng, lat] = offset(area.lat, area.lng, rng.normal() * spread, rng.normal() * spread);
    const round: RoundInfo = {
      name: uniqueName(label, names),
      color: ROUND_COLOURS[r % ROUND_COLOURS.length]!,
      location: { lngLat: [lng, lat], addressDescription: `${area.name}, ${CENTRE.town}`, isVerified: true },
      frequencyData: {
        type: recurrence.frequencyType,
        interval: recurrence.frequencyInterval,
        firstScheduledDate: isoDay(anchor),
        ...(recurrence.frequencyDayOfMonth ? { dayOfMonth: recurrence.frequencyDayOfMonth } : {}),
        ...(recurrence.frequencyWeekOfMonth ? { weekOfMonth: recurrence.frequencyWeekOfMonth } : {}),
        ...(recurrence.frequencyDayOfWeek !== undefined ? { dayOfWeek: recurrence.frequencyDayOfWeek } : {}),
      },
      isPortalRound: rng.chance(0.1),
      servicedPostcodes: [],
      area,
      lat,
      lng,
      recurrence,
      anchor,
      workerAssigned: rng.chance(0.25),
      timeline: new Timeline(),
      id: '',
      entity: unset(),
    };
    ctx.setup.at(ctx.setupMs + 3_600_000 + r * 60_000, async () => {
      const { runner } = ctx;
      round.id = (await runner.run(createRound, { description: round.name, color: round.color }))._id;
      const changes = { location: round.location, servicedPostcodes: round.servicedPostcodes };
      await runner.run(updateRound, { _id: round.id, changes });
      await runner.run(setRoundFrequency, { _id: round.id, frequencyData: round.frequencyData });
      if (round.isPortalRound) await runner.run(setPortalRound, { _id: round.id, isPortalRound: true });
    });
    out.push(round);
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

export function makeCustomers(ctx: Ctx, rounds: RoundInfo[]): CustomerInfo[] {
  const rng = ctx.rng('customers');
  const sizes = apportion(
    ctx.config.customers,
    rounds.map(() => rng.float(0.6, 1.4)),
  );
  const emails = new Map<string, number>();
  const out: CustomerInfo[] = [];

  rounds.forEach((round, r) => {
    const size = sizes[r]!;
    const streetCount = Math.max(2, Math.round(size / 7));
    const streets = rng.sample(STREETS, Math.min(streetCount, STREETS.length)).map((name) => {
      const along = rng.float(0, Math.PI);
      const [lng, lat] = offset(round.lat, round.lng, rng.normal() * 0.35, rng.normal() * 0.35);
      const postcode = `${round.area.outward} ${rng.int(1, 9)}${rng.pick(POSTCODE_LETTERS)}${rng.pick(POSTCODE_LETTERS)}`;
      return { name, lat, lng, along, postcode, numbers: new Set<number>() };
    });
    round.servicedPostcodes = [...new Set(streets.map((s) => s.postcode.slice(0, -2)))].sort();
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
        out.push(makeCustomer(ctx, rng, round, street, house, order++, emails));
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
  const fields: Customers.CustomerFields = {
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
    // A prospect is inactive from the start; a lapsed customer is made inactive when they leave.
    state: prospect ? 'inactive' : 'active',
    hideDirectDebitSignup: rng.chance(0.02),
    hideCardProvider: rng.chance(0.02),
  };
  if (pay === 'direct-debit') {
    fields.automaticPaymentMethod = 'gocardless';
    fields.paymentProviderMetaData = {
      sourceOrMandateId: `MD${ctx.id(createdMs).slice(-12)}`,
      status: 'active',
    };
  }
  if (onlineSource && rng.chance(0.5)) {
    fields.utmParams = {
      utm_source: source.toLowerCase(),
      utm_medium: source === 'Website' ? 'organic' : 'cpc',
      utm_campaign: rng.pick(['spring-clean', 'new-estate', 'gutter-autumn']),
    };
  }
  const info: CustomerInfo = {
    fields,
    createdMs,
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
    id: '',
    entity: unset(),
  };
  round.timeline.at(createdMs, async () => {
    info.id = (await ctx.runner.run(createCustomer, fields))._id;
  });
  if (stoppedDay !== undefined) {
    info.stoppedDay = stoppedDay;
    round.timeline.at(stoppedDay * DAY_MS + 19 * 3_600_000, () =>
      ctx.runner.run(updateCustomer, { _id: info.id, changes: { state: 'inactive' } }),
    );
  }
  return info;
}

// ---------------------------------------------------------------------------------------------

export const WINDOW_PRICES: Record<PropertyKind, [number, number]> = {
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
const FRONT_ONLY = 'Front windows only: back windows are a separate job.';

export function makeJobs(ctx: Ctx, customers: CustomerInfo[]): JobInfo[] {
  const rng = ctx.rng('jobs');
  const out: JobInfo[] = [];
  const served = customers.filter((c) => !c.prospect);

  for (const c of served) {
    const [lo, hi] = WINDOW_PRICES[c.property];
    // Some commercial prices end in 50p (never above the top of the range).
    const price =
      c.property === 'commercial' && rng.chance(0.5) ? rng.int(lo, hi - 1) + 0.5 : rng.int(lo, hi);
    const from = Math.max(ctx.historyStart, c.createdDay + rng.int(2, 10));
    const start = firstVisitOnOrAfter(c.round.recurrence, c.round.anchor, from);
    out.push(newJob(ctx, rng, c, 'windows', c.round.recurrence, start, price, ''));
  }

  const extras = Math.max(0, ctx.config.jobs - out.length);
  const taken = new Set<string>();
  for (let i = 0; i < extras; i++) {
    let c = rng.pick(served);
    let kind = rng.weighted(EXTRA_MIX);
    for (let tries = 0; taken.has(`${c.createdMs}|${c.order}|${kind}`) && tries < 8; tries++) {
      c = rng.pick(served);
      kind = rng.weighted(EXTRA_MIX);
    }
    taken.add(`${c.createdMs}|${c.order}|${kind}`);
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
    const job = newJob(ctx, rng, c, service, recurrence, start, price, notes);
    out.push(job);
    // With the back windows a job of their own, the main job says so.
    if (kind === 'back' && !main.notes) {
      main.notes = FRONT_ONLY;
      c.round.timeline.at(job.createdMs + 60_000, () =>
        ctx.runner.run(updateJob, { _id: main.id, changes: { notes: FRONT_ONLY } }),
      );
    }
  }
  return out;
}

function oneOffDay(rng: Random, from: number, to: number): number {
  const day = rng.int(from, Math.max(from, to));
  const dow = weekday(day);
  return dow === 0 ? day + 1 : dow === 6 ? day + 2 : day;
}

/**
 * A job, created a few days to weeks before its first visit (after its customer and the
 * customer's main job; before 06:00 on the day of its first visit at the latest). About 30% of
 * the regular jobs had a £1 to £2 price rise 100 to 200 days ago: edited then (`jobs.update`), so
 * the visits done before it were charged the old price.
 */
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
  const createdDay = Math.max(c.createdDay, Math.min(start, ctx.historyStart) - rng.int(1, 20));
  const drawnMs = Math.min(createdDay, start) * DAY_MS + rng.int(8 * 60, 19 * 60) * 60_000;
  const after = Math.max(c.createdMs, c.jobs[0]?.createdMs ?? 0, ctx.setupMs + 3_600_000 * 2) + 60_000;
  const createdMs = Math.max(after, Math.min(drawnMs, start * DAY_MS + 6 * 3_600_000));
  const rise = recurrence.frequencyType !== 'OneOff' && rng.chance(0.3) ? rng.pick([1, 2]) : 0;
  const riseDay = rise ? ctx.today - rng.int(100, 200) : undefined;
  const duration =
    service === 'windows'
      ? Math.min(90, Math.max(10, Math.round((price * 1.3) / 5) * 5))
      : SERVICES.find((s) => s.key === service)!.defaultDuration;
  const job: JobInfo = {
    customer: c,
    service,
    start,
    createdMs,
    recurrence,
    price,
    rise: 0,
    duration,
    notes,
    visits: [],
    id: '',
    entity: unset(),
  };
  const riseMs = riseDay === undefined ? 0 : riseDay * DAY_MS + 6 * 3_600_000;
  if (riseDay !== undefined && riseMs > createdMs) {
    job.rise = rise;
    job.riseDay = riseDay;
    c.round.timeline.at(riseMs, () => ctx.runner.run(updateJob, { _id: job.id, changes: { price } }));
  }
  c.round.timeline.at(createdMs, async () => {
    const created = await ctx.runner.run(createJob, {
      customerId: c.id,
      rounds: [c.round.id],
      date: isoDay(start),
      price: price - job.rise,
      location: c.fields.address,
      ...recurrence,
      duration,
      services: [ctx.services.get(service)!._id],
      notes,
      assignees: c.round.workerAssigned ? [ctx.userIds.worker] : [],
    });
    job.id = created._id;
  });
  c.jobs.push(job);
  return job;
}
