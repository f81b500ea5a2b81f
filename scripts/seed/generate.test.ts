import { createHash } from 'node:crypto';
import {
  Alerts,
  Attachments,
  Balance,
  Conflicts,
  Credits,
  Customers,
  type EntityType,
  ExpenseCategories,
  Expenses,
  Jobs,
  Meta,
  Notifications,
  Payments,
  Portal,
  Quotes,
  Rounds,
  Schedule,
  Send,
  Services,
  Suppliers,
  Teams,
  Templates,
  Visits,
} from '@roundwise/core';
import { decodeTime, isValid } from 'ulidx';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CENTRE } from './data.ts';
import { DAY_MS, dayOf, isoDay, visitDays } from './dates.ts';
import { changesOf, countsOf, type Dataset, generate, SCALES } from './generate.ts';
import { seededUlid, sfc32 } from './prng.ts';

const TODAY = '2025-06-16';
const OPTIONS = { accountId: '01JXAMPLEACC0UNT000000000A', today: TODAY };
const hash = (d: Dataset) => createHash('sha256').update(JSON.stringify(d)).digest('hex');

/** The schema of each type the seed may hold; one it makes with no schema here fails the test below. */
const SCHEMAS: Partial<Record<EntityType, z.ZodType>> = {
  customer: Customers.Customer.extend(Meta.shape),
  job: Jobs.Job.extend(Meta.shape),
  round: Rounds.Round.extend(Meta.shape),
  service: Services.Service.extend(Meta.shape),
  visit: Visits.VisitRecord.extend(Meta.shape),
  transaction: Payments.Transaction.extend(Meta.shape),
  paymentAccount: Payments.PaymentAccount.extend(Meta.shape),
  quote: Quotes.Quote.extend(Meta.shape),
  quoteSettings: Quotes.QuoteSettings.extend(Meta.shape),
  notification: Notifications.Notification.extend(Meta.shape),
  creditBalance: Credits.CreditBalance.extend(Meta.shape),
  creditPurchase: Credits.CreditPurchase.extend(Meta.shape),
  alert: Alerts.Alert.extend(Meta.shape),
  team: Teams.Team.extend(Meta.shape),
  conflict: Conflicts.Conflict.extend(Meta.shape),
  attachment: Attachments.Attachment.extend(Meta.shape),
  template: Templates.Template.extend(Meta.shape),
  audience: Send.Audience.extend(Meta.shape),
  campaign: Send.Campaign.extend(Meta.shape),
  // The demo's published portal (`/portal/demo`): the directory entry is the account's own.
  portalDirectory: Portal.DirectoryFields.extend({ _id: z.string() }).extend(Meta.shape),
  portalLayout: Portal.LayoutFields.extend({ _id: z.string() }).extend(Meta.shape),
  portalPublished: z
    .object({ _id: z.literal(Portal.PUBLISHED_ID), layoutId: z.string(), layout: z.array(Portal.LayoutItem) })
    .extend(Meta.shape),
  // The books: set up, with suppliers, categories, expenses and journals (`books.ts`).
  balanceSettings: Balance.BalanceSettings.extend({ _id: z.literal(Balance.SETTINGS_ID) }).extend(Meta.shape),
  supplier: Suppliers.Supplier.extend(Meta.shape),
  expenseCategory: ExpenseCategories.ExpenseCategory.extend(Meta.shape),
  expense: Expenses.Expense.extend(Meta.shape),
  journalEntry: Balance.JournalEntry.extend(Meta.shape),
  portalWidget: z.object({ _id: z.string(), settings: z.record(z.string(), z.unknown()) }).extend(Meta.shape),
};

/** Kilometres between a [lng, lat] and the town centre (equirectangular: fine at this range). */
const kmFromCentre = ([lng, lat]: [number, number]) =>
  Math.hypot(
    (lat - CENTRE.lat) * 111.32,
    (lng - CENTRE.lng) * 111.32 * Math.cos((CENTRE.lat * Math.PI) / 180),
  );

describe('generate (town)', () => {
  let town: Dataset;
  beforeAll(async () => {
    town = await generate('town', OPTIONS);
  }, 60_000);

  it('is deterministic: the same scale and options give the same data, ids included', async () => {
    expect(hash(await generate('town', OPTIONS))).toBe(hash(town));
    expect(hash(await generate('demo', OPTIONS))).toBe(hash(await generate('demo', OPTIONS)));
  }, 60_000);

  it('gives another account other ids but the same business', async () => {
    const other = await generate('demo', { ...OPTIONS, accountId: '01JXAMPLEACC0UNT000000000B' });
    const demo = await generate('demo', OPTIONS);
    expect(other.entities.customer[0]!._id).not.toBe(demo.entities.customer[0]!._id);
    expect(other.entities.customer.map((c) => c.name)).toEqual(demo.entities.customer.map((c) => c.name));
  });

  it('has the counts of the town scale exactly', () => {
    const counts = countsOf(town);
    expect(counts).toMatchObject({
      customer: 2000,
      job: 2600,
      round: 40,
      transaction: 8000,
      quote: 300,
      notification: 5000,
    });
    expect(counts.service).toBe(5);
    // A year of visits every 2 to 52 weeks or monthly.
    expect(counts.visit).toBeGreaterThan(15_000);
  });

  it('holds only valid entities: each parses with its core schema and no field is left to a default', () => {
    for (const { type, entity } of changesOf(town)) {
      const schema = SCHEMAS[type];
      if (!schema) throw new Error(`${type}: the seed makes it, and this test has no schema for it`);
      const result = schema.safeParse(entity);
      if (!result.success) throw new Error(`${type} ${entity._id}: ${result.error.message}`);
      expect(result.data).toEqual(entity);
    }
  });

  it('stores no undefined values (DynamoDB and JSON would drop or refuse them)', () => {
    for (const type of Object.keys(town.entities) as EntityType[]) {
      const list = town.entities[type];
      expect(JSON.parse(JSON.stringify(list))).toEqual(list);
    }
  });

  it('uses unique ids as the commands give them, and meta the store stamped before today', () => {
    const ids = new Set<string>();
    const todayMs = dayOf(TODAY) * DAY_MS;
    for (const { type, entity } of changesOf(town)) {
      const e = entity as Record<string, unknown> & typeof entity;
      if (type === 'visit') {
        // A visit is stored under its job and due date (two devices make the same id offline).
        expect(e._id).toBe(Visits.visitId(e.jobId as string, e.isoDueDate as string));
      } else if (type === 'transaction' && e.transactionType === 'Invoice') {
        expect(e._id).toBe(`${e.occurrenceId}-inv`);
      } else if (type === 'portalDirectory') {
        // The portal's directory entry is the account's (spec 002 section 3: id equals the account).
        expect(e._id).toBe(OPTIONS.accountId);
      } else if (type === 'portalPublished') {
        expect(e._id).toBe(Portal.PUBLISHED_ID);
      } else if (type === 'portalWidget') {
        // A widget's saved settings are kept under its name.
        expect(Portal.widgetNames).toContain(e._id);
      } else if (type === 'quoteSettings') {
        // The account's one quote settings record has a fixed id.
        expect(e._id).toBe(Quotes.SETTINGS_ID);
      } else if (type === 'balanceSettings') {
        // So has the balance's.
        expect(e._id).toBe(Balance.SETTINGS_ID);
      } else {
        expect(isValid(e._id)).toBe(true);
        expect(decodeTime(e._id)).toBeLessThan(todayMs);
      }
      expect(e._version).toBeGreaterThanOrEqual(1);
      expect(e._updatedAt < `${TODAY}T00:00:00.000Z`).toBe(true);
      ids.add(e._id);
    }
    const total = Object.values(countsOf(town)).reduce((a, b) => a + b, 0);
    expect(ids.size).toBe(total);
    expect(new Set(Object.values(town.userIds)).size).toBe(3);
  });

  it('links every child to an existing parent', () => {
    const e = town.entities;
    const customers = new Set(e.customer.map((c) => c._id));
    const rounds = new Set(e.round.map((r) => r._id));
    const services = new Set(e.service.map((s) => s._id));
    const jobs = new Map(e.job.map((j) => [j._id, j]));
    const visitRecords = new Set(e.visit.map((o) => o._id));
    const transactions = new Map(e.transaction.map((t) => [t._id, t]));
    for (const j of e.job) {
      expect(customers.has(j.customerId)).toBe(true);
      expect(j.rounds.length).toBe(1);
      expect(rounds.has(j.rounds[0]!)).toBe(true);
      for (const s of j.services) expect(services.has(s)).toBe(true);
    }
    for (const o of e.visit) {
      const job = jobs.get(o.jobId);
      expect(job).toBeDefined();
      expect(o.customerId).toBe(job!.customerId);
      expect(o.rounds).toEqual(job!.rounds);
    }
    for (const t of e.transaction) {
      expect(customers.has(t.customerId!)).toBe(true);
      if (t.occurrenceId) expect(visitRecords.has(t.occurrenceId)).toBe(true);
      for (const id of t.paymentDetails?.invoiceIds ?? [])
        expect(transactions.get(id)?.transactionType).toBe('Invoice');
      if (t.voidedId) expect(transactions.get(t.voidedId)?.voidedId).toBe(t._id);
    }
    for (const q of e.quote) {
      expect(customers.has(q.customerId)).toBe(true);
      for (const item of q.items)
        if (item.relatedId) expect(jobs.get(item.relatedId)?.customerId).toBe(q.customerId);
    }
    for (const n of e.notification) expect(customers.has(n.customerId)).toBe(true);
  });

  it('places customers within a few km of the town centre, clustered by round', () => {
    const byRound = new Map<string, [number, number][]>();
    const customerRound = new Map(town.entities.job.map((j) => [j.customerId, j.rounds[0]!]));
    for (const c of town.entities.customer) {
      const lngLat = c.address.lngLat!;
      expect(kmFromCentre(lngLat)).toBeLessThan(8);
      const round = customerRound.get(c._id);
      if (round) byRound.set(round, [...(byRound.get(round) ?? []), lngLat]);
    }
    // A round's customers sit close to its location: far closer than the town's spread.
    const rounds = new Map(town.entities.round.map((r) => [r._id, r.location!.lngLat!]));
    for (const [id, points] of byRound) {
      const [lng0, lat0] = rounds.get(id)!;
      const mean =
        points.reduce((sum, [lng, lat]) => sum + Math.hypot((lat - lat0) * 111.32, (lng - lng0) * 68.3), 0) /
        points.length;
      expect(mean).toBeLessThan(1.5);
    }
  });

  it('looks like a UK round business', () => {
    const e = town.entities;
    const inactive = e.customer.filter((c) => c.state === 'inactive').length / e.customer.length;
    expect(inactive).toBeGreaterThan(0.05);
    expect(inactive).toBeLessThan(0.11);
    for (const c of e.customer) {
      expect(c.address.addressDescription).toMatch(/, Cambridge CB\d{1,2} \d[A-Z]{2}$/);
      if (c.email) expect(c.email).toMatch(/@example\.(com|org|net)$/);
    }
    expect(e.customer.filter((c) => c.email).length / e.customer.length).toBeGreaterThan(0.6);
    for (const j of e.job) {
      expect(j.price).toBeGreaterThanOrEqual(8);
      expect(j.price).toBeLessThanOrEqual(60);
    }
    expect(e.job.filter((j) => j.frequencyType === 'OneOff').length).toBeGreaterThan(0);
    const perCustomer = new Map<string, number>();
    for (const j of e.job) perCustomer.set(j.customerId, (perCustomer.get(j.customerId) ?? 0) + 1);
    expect([...perCustomer.values()].filter((n) => n >= 2).length).toBeGreaterThan(300);

    const names = e.round.map((r) => r.description.trim().toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    expect(
      e.round.filter((r) => r.frequencyData?.type === 'Weeks' && r.frequencyData.interval === 4).length,
    ).toBeGreaterThan(20);
  });

  it('has done or skipped visits before today on the days of each job', () => {
    const jobs = new Map(town.entities.job.map((j) => [j._id, j]));
    const skipped = town.entities.visit.filter((o) => o.status === Visits.VisitStatus.Skipped);
    expect(skipped.length).toBeGreaterThan(0);
    expect(skipped.length / town.entities.visit.length).toBeLessThan(0.05);
    for (const o of town.entities.visit) {
      expect(o.isoPlannedDate < TODAY).toBe(true);
      expect(o.status === Visits.VisitStatus.Skipped ? Boolean(o.skipReason) : Boolean(o.completedDate)).toBe(
        true,
      );
      const job = jobs.get(o.jobId)!;
      const due = dayOf(o.isoDueDate);
      expect(visitDays(job, dayOf(job.date), due + 1)).toContain(due);
    }
  });

  it('matches the schedule engine: stored visits fall on due dates and nothing before today is left undone', () => {
    const jobs = new Map(town.entities.job.map((j) => [j._id, j]));
    for (const o of town.entities.visit) {
      expect(Schedule.isDueDate(jobs.get(o.jobId)!, o.isoDueDate), o._id).toBe(true);
    }
    // Every past visit of an active customer is stored as done or skipped: no overdue visits.
    const inactiveCustomers = new Set(
      town.entities.customer.filter((c) => c.state === 'inactive').map((c) => c._id),
    );
    const overdue = Visits.overdue({
      jobs: town.entities.job,
      visitRecords: town.entities.visit,
      today: TODAY,
      inactiveCustomers,
    });
    expect(overdue).toEqual([]);
    expect(Schedule.frequencyText(town.entities.job[0]!)).toMatch(/^(Every|Monthly|One-off)/);
  });

  it('invoices visits and records payments for most of them, some customers owing', () => {
    const t = town.entities.transaction;
    const invoices = t.filter((x) => x.transactionType === 'Invoice');
    const payments = t.filter((x) => x.transactionType !== 'Invoice');
    expect(invoices.every((x) => x.amount > 0 && x.occurrenceId && x.invoiceNumber)).toBe(true);
    expect(payments.filter((x) => !x.voidedId).every((x) => x.amount < 0)).toBe(true);
    expect(payments.length / invoices.length).toBeGreaterThan(0.7);
    expect(new Set(payments.map((x) => x.transactionSubType))).toEqual(
      new Set(['cash', 'bank-transfer', 'card', 'cheque', 'gocardless']),
    );
    const balance = new Map<string, number>();
    for (const x of t)
      if (!x.voidedId) balance.set(x.customerId!, (balance.get(x.customerId!) ?? 0) + x.amount);
    const owing = [...balance.values()].filter((b) => b > 0.001).length;
    expect(owing).toBeGreaterThan(50);
    expect(owing).toBeLessThan(balance.size / 2);
  });

  it("is made by the app's commands: each invoice is the completion's, each visit its job's price when done", () => {
    const e = town.entities;
    const jobs = new Map(e.job.map((j) => [j._id, j]));
    const services = new Map(e.service.map((s) => [s._id, s.name]));
    const visits = new Map(e.visit.map((o) => [o._id, o]));
    for (const t of e.transaction.filter((x) => x.transactionType === 'Invoice')) {
      const visit = visits.get(t.occurrenceId!)!;
      const job = jobs.get(visit.jobId)!;
      // visits.complete: the visit's price, planned day and completion time, its job's services and address.
      expect(t).toMatchObject({
        amount: visit.price,
        date: visit.isoPlannedDate,
        createdDate: visit.completedDate,
      });
      expect(t.description).toBe(
        `${job.services.map((s) => services.get(s)).join(' & ')}, ${job.location!.addressDescription}`,
      );
    }
    // A price rise is an edit of the job: the visits done before it kept the old price.
    const risen = e.job.filter(
      (j) => j._version > 1 && e.visit.some((o) => o.jobId === j._id && o.price < j.price),
    );
    expect(risen.length).toBeGreaterThan(100);
    // Each round's visits of a day were put in order: no two share a place.
    const places = new Set<string>();
    for (const o of e.visit) {
      const place = `${o.rounds[0]}|${o.isoPlannedDate}|${o.plannedOrder}`;
      expect(places.has(place), place).toBe(false);
      places.add(place);
    }
  });

  it('has quotes in each state with consistent totals, notes within 10000 characters, expiring after 30 days', () => {
    const states = new Set(town.entities.quote.map((q) => q.state));
    expect(states).toEqual(new Set(['pending', 'accepted', 'declined']));
    for (const q of town.entities.quote) {
      expect(q.notes.length).toBeLessThanOrEqual(10_000);
      expect(q.expiry).toBe(isoDay(dayOf(q.date) + 30));
      expect(q.items.length).toBeGreaterThan(0);
      expect(q.subtotal).toBeCloseTo(
        q.items.reduce((s, i) => s + i.total, 0),
        2,
      );
      expect(q.total).toBeCloseTo(q.subtotal - q.discountTotal + (q.priceIncludesTax ? 0 : q.totalTax), 2);
      if (q.state === 'accepted') expect(q.acceptedDate && !q.declinedDate).toBeTruthy();
      if (q.state === 'declined') expect(q.declinedDate && q.declineReason && !q.acceptedDate).toBeTruthy();
    }
  });

  it('has SMS and email messages in every delivery state, with a history that ends in the status', () => {
    const n = town.entities.notification;
    expect(new Set(n.map((x) => x.type))).toEqual(
      new Set(['SMS', 'Email', 'SMSReply', 'EmailReply', 'ChatReply', 'Feedback']),
    );
    const statuses = new Set(n.map((x) => x.status));
    for (const s of ['pending', 'sent', 'delivered', 'failed', 'open', 'click', 'bounce', 'scheduled'])
      expect(statuses).toContain(s);
    for (const x of n) {
      expect(x.statusHistory.at(-1)!.status).toBe(x.status);
      const times = x.statusHistory.map((h) => h.timestamp);
      expect([...times].sort()).toEqual(times);
      if (x.type === 'SMS') expect(x.address).toMatch(/^\+447\d{9}$/);
      if (x.type === 'Email') expect(x.address).toContain('@');
      if (x.status === 'scheduled')
        expect(x.sendAtSecondsTimestamp! * 1000).toBeGreaterThan(dayOf(TODAY) * DAY_MS);
    }
    expect(n.some((x) => x.unread)).toBe(true);
  });
});

describe('generate (demo)', () => {
  it('makes a small demo business', async () => {
    const demo = await generate('demo', OPTIONS);
    const counts = countsOf(demo);
    expect(counts).toMatchObject({ customer: 60, job: 80, round: 6, quote: 10, notification: 100 });
    expect(counts.transaction).toBe(SCALES.demo.transactions);
    expect(counts.visit).toBeGreaterThan(100);
  });
});

describe('recurrence and ids', () => {
  it('walks weeks, days of the month (clamped) and Nth or last weekdays', () => {
    const d = dayOf;
    expect(
      visitDays({ frequencyType: 'Weeks', frequencyInterval: 4 }, d('2025-01-06'), d('2025-03-04')).map(
        isoDay,
      ),
    ).toEqual(['2025-01-06', '2025-02-03', '2025-03-03']);
    expect(
      visitDays(
        { frequencyType: 'MonthsDayOfMonth', frequencyInterval: 1, frequencyDayOfMonth: 31 },
        d('2025-01-31'),
        d('2025-04-01'),
      ).map(isoDay),
    ).toEqual(['2025-01-31', '2025-02-28', '2025-03-31']);
    const lastFriday = {
      frequencyType: 'MonthsWeekdayOfMonth' as const,
      frequencyInterval: 1,
      frequencyDayOfWeek: 5,
      frequencyWeekOfMonth: 5,
    };
    expect(visitDays(lastFriday, d('2025-01-01'), d('2025-04-01')).map(isoDay)).toEqual([
      '2025-01-31',
      '2025-02-28',
      '2025-03-28',
    ]);
    const secondTuesday = { ...lastFriday, frequencyDayOfWeek: 2, frequencyWeekOfMonth: 2 };
    expect(visitDays(secondTuesday, d('2025-01-01'), d('2025-03-01')).map(isoDay)).toEqual([
      '2025-01-14',
      '2025-02-11',
    ]);
    expect(
      visitDays({ frequencyType: 'OneOff', frequencyInterval: 4 }, d('2025-01-06'), d('2025-01-07')),
    ).toEqual([d('2025-01-06')]);
  });

  it('makes ULIDs that ulidx reads back, from a seeded stream', () => {
    const ms = Date.UTC(2025, 5, 16, 9, 30);
    const a = sfc32('x');
    const b = sfc32('x');
    const id = seededUlid(ms, a);
    expect(isValid(id)).toBe(true);
    expect(decodeTime(id)).toBe(ms);
    expect(seededUlid(ms, b)).toBe(id);
    expect(seededUlid(ms, a)).not.toBe(id);
  });
});
