import { describe, expect, it } from 'vitest';
import type { Actor } from '../access/model.ts';
import { loadCommand } from '../areas.ts';
import type { CommandContext, CommandDef } from '../commands/define.ts';
import { executeCommand } from '../commands/execute.ts';
import type { Customer } from '../customers/schema.ts';
import type { Job } from '../jobs/schema.ts';
import type { Quote } from '../quotes/schema.ts';
import { MemoryStore } from '../store/memory-store.ts';
import { rejection, testActor } from '../testing.ts';
import { book } from './booking.ts';
import { createLead, isLead } from './leads.ts';

// A Saturday; the business's today in London.
const NOW = new Date('2026-11-21T10:00:00Z');
const rules = { jobBookingBuffer: 1, disableWeekendBookings: true, minAndMaxRange: { min: 0, max: 14 } };

async function fixture() {
  let n = 0;
  const store = new MemoryStore(() => NOW);
  const ctxOf = (actor: Actor): CommandContext => ({
    store,
    actor,
    now: NOW,
    newId: () => `id${++n}`,
    emit() {},
  });
  const customer = testActor({ userId: 'portal-customer:C1' });
  const run = (def: CommandDef, input: unknown, ctx = ctxOf(customer)) =>
    executeCommand(def as never, ctx, input);
  const staff = (name: string, input: unknown, actor = testActor()) =>
    loadCommand(name).then((def) => executeCommand(def as never, ctxOf(actor), input));
  await store.put('service', {
    _id: 'S1',
    name: 'Windows',
    description: '',
    defaultPrice: 20,
    defaultDuration: 30,
    quoteQuestions: [
      { id: 'q1', label: 'How many windows?', type: 'number', options: [], required: true },
      { id: 'q2', label: 'Conservatory?', type: 'yes-no', options: [], required: false },
    ],
    frequencyPrices: [{ frequencyType: 'Weeks', frequencyInterval: 4, price: 16, duration: 25 }],
  });
  await store.put('service', {
    _id: 'S2',
    name: 'Gutters',
    description: '',
    defaultPrice: 45,
    defaultDuration: 60,
  });
  await store.put('round', {
    _id: 'R1',
    description: 'Mill Road',
    isPortalRound: true,
    servicedPostcodes: ['CB1'],
  });
  await store.put('customer', {
    _id: 'C1',
    name: 'Ann Smith',
    address: { addressDescription: '3 Mill Road, Cambridge CB1 2AB', isVerified: false },
    createdDate: NOW.toISOString(),
  });
  await store.put('customer', { _id: 'C2', name: 'Bob Neighbour', createdDate: NOW.toISOString() });
  // A neighbour on the portal round, visited every 4 weeks from Thursday 26 November.
  await store.put('job', {
    _id: 'J0',
    customerId: 'C2',
    rounds: ['R1'],
    date: '2026-11-26',
    price: 20,
    frequencyType: 'Weeks',
    frequencyInterval: 4,
    services: ['S1'],
    notes: '',
    assignees: [],
    createdDate: NOW.toISOString(),
    location: { addressDescription: '10 Mill Rd, CB1 2AD', isVerified: false },
  });
  const writes = () => store.changes.length;
  return { store, run, staff, writes, ctxOf };
}

describe('the quote flow: a lead and its quote request', () => {
  const lead = {
    name: ' Cara Lead ',
    email: 'cara@example.com',
    address: '7 Hills Road, Cambridge CB1 3AA',
    services: [
      { serviceId: 'S1', frequencyType: 'Weeks', frequencyInterval: 4, answers: { q1: '14', q2: 'yes' } },
      { serviceId: 'S2', answers: {} },
    ],
    source: 'sparkle.example',
    utmParams: { utm_source: 'facebook', utm_campaign: 'spring' },
  };

  it('makes a lead customer with its source and UTM, and a pending quote priced by frequency', async () => {
    const f = await fixture();
    const { customerId, quoteId } = (await f.run(createLead, lead)) as {
      customerId: string;
      quoteId: string;
    };
    const customer = (await f.store.get<Customer>('customer', customerId))!;
    expect(customer).toMatchObject({
      name: 'Cara Lead',
      createdOnPortal: true,
      source: 'directory: sparkle.example',
      utmParams: { utm_source: 'facebook', utm_campaign: 'spring' },
      utmLastTouch: { utm_source: 'facebook', utm_campaign: 'spring' },
      contactMethods: ['email'],
    });
    expect(isLead(customer)).toBe(true);
    const quote = (await f.store.get<Quote>('quote', quoteId))!;
    expect(quote).toMatchObject({ customerId, state: 'pending', date: '2026-11-21', total: 61 });
    expect(quote.items.map((i) => [i.title, i.unitPrice, i.frequencyDescription, i.description])).toEqual([
      ['Windows', 16, 'Every 4 weeks', 'How many windows?: 14\nConservatory?: yes'],
      ['Gutters', 45, 'One-off', ''],
    ]);
    expect((await f.store.list<{ title: string }>('alert')).map((a) => a.title)).toEqual([
      'New quote request from Cara Lead',
    ]);
  });

  it('offers the services the listing names, without the questions it hides', async () => {
    const f = await fixture();
    await f.store.put('portalDirectory', {
      _id: 'a1',
      services: [{ service: 'S1', id: 'S1', name: 'Windows', quoteQuestionConfig: { q1: { hide: true } } }],
    });
    // The hidden required question is not asked; a service the listing leaves out is not offered.
    await f.run(createLead, { ...lead, services: [{ serviceId: 'S1', answers: { q2: 'no' } }] });
    const e = await rejection(f.run(createLead, { ...lead, services: [{ serviceId: 'S2' }] }));
    expect(e.code).toBe('services.not-found');
  });

  it.each([
    ['no way to reach them', { email: '', telephoneNumber: '' }, 'portal.contact-required'],
    ['no service', { services: [] }, 'portal.choose-a-service'],
    ['no address', { address: ' ' }, 'portal.address-required'],
    [
      'a required question left',
      { services: [{ serviceId: 'S1', answers: {} }] },
      'services.answer-required',
    ],
    ['a service of no one', { services: [{ serviceId: 'nope' }] }, 'services.not-found'],
    ['a bad email', { email: 'cara@' }, 'customers.email-invalid'],
  ])('refuses %s with its key, writing nothing', async (_, over, code) => {
    const f = await fixture();
    const before = f.writes();
    expect((await rejection(f.run(createLead, { ...lead, ...over }))).code).toBe(code);
    expect(f.writes()).toBe(before);
  });
});

describe('booking: the signed-in customer books, the business confirms', () => {
  const booking = { customerId: 'C1', rules, services: ['S1'], frequencyType: 'Weeks', frequencyInterval: 4 };

  it('books the round day on their street; the job waits for the business to confirm it', async () => {
    const f = await fixture();
    const answer = await f.run(book, { ...booking, date: '2026-11-26' });
    expect(answer).toMatchObject({ date: '2026-11-26', onRound: true });
    const { jobId } = answer as { jobId: string };
    const job = (await f.store.get<Job>('job', jobId))!;
    expect(job).toMatchObject({
      customerId: 'C1',
      rounds: ['R1'],
      date: '2026-11-26',
      price: 16,
      duration: 25,
      frequencyType: 'Weeks',
      frequencyInterval: 4,
      portalBooking: { bookedAt: NOW.toISOString() },
    });
    expect(job.portalBooking?.confirmedAt).toBeUndefined();
    expect(await f.store.list('alert')).toHaveLength(1);

    await f.staff('jobs.confirm-booking', { _id: jobId });
    expect((await f.store.get<Job>('job', jobId))!.portalBooking).toMatchObject({ confirmedBy: 'u1' });
  });

  it.each([
    ['a weekend day when weekends are off', '2026-11-28'],
    ['today, inside the buffer', '2026-11-21'],
    ['beyond the range', '2026-12-07'],
  ])('refuses %s with portal.date-not-available, writing nothing', async (_, date) => {
    const f = await fixture();
    const before = f.writes();
    expect((await rejection(f.run(book, { ...booking, date }))).code).toBe('portal.date-not-available');
    expect(f.writes()).toBe(before);
  });

  it('a customer no portal round serves cannot book', async () => {
    const f = await fixture();
    const before = f.writes();
    const e = await rejection(f.run(book, { ...booking, customerId: 'C2', date: '2026-11-26' }));
    expect(e.code).toBe('portal.date-not-available');
    expect(f.writes()).toBe(before);
  });

  it('only a portal booking is confirmed, by staff who edit jobs', async () => {
    const f = await fixture();
    expect((await rejection(f.staff('jobs.confirm-booking', { _id: 'J0' }))).code).toBe(
      'portal.not-a-booking',
    );
    const worker = testActor({ roles: ['Worker'] });
    expect((await rejection(f.staff('jobs.confirm-booking', { _id: 'J0' }, worker))).code).toBe(
      'access.role-required',
    );
  });
});
