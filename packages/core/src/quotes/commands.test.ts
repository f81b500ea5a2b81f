import { describe, expect, it } from 'vitest';
import type { Actor } from '../access/model.ts';
import { loadCommand } from '../areas.ts';
import type { CommandContext, Effect } from '../commands/define.ts';
import { executeCommand } from '../commands/execute.ts';
import type { Customer } from '../customers/schema.ts';
import type { Job } from '../jobs/schema.ts';
import { pendingRoundData, roundData } from '../rounds/data.ts';
import type { Round } from '../rounds/schema.ts';
import { MemoryStore } from '../store/memory-store.ts';
import { rejection, testActor } from '../testing.ts';
import { isBooked } from '../visits/visits.ts';
import type { Quote, QuoteSettings } from './schema.ts';

const NOW = new Date('2026-11-21T10:00:00Z');

/** A store with a customer and a round; `device` runs as the browser does (no numbering), `server` as the API. */
async function fixture(actor: Actor = testActor()) {
  let n = 0;
  const store = new MemoryStore(() => NOW);
  const effects: Effect[] = [];
  const links: { kind: string; recordId: string }[] = [];
  const ctxOf = (a: Actor, authoritative: boolean): CommandContext => ({
    store,
    actor: a,
    now: NOW,
    newId: () => `id${++n}`,
    emit: (e) => effects.push(e),
    authoritative,
    // The server's run issues links; a device's has none to give.
    ...(authoritative
      ? {
          publicLink: (kind: string, recordId: string) => {
            links.push({ kind, recordId });
            return `token-${links.length}`;
          },
        }
      : {}),
  });
  await store.put('customer', {
    _id: 'C1',
    name: 'Ann Smith',
    email: 'ann@example.com',
    state: 'inactive',
    createdDate: NOW.toISOString(),
  });
  await store.put('round', { _id: 'R1', description: 'Mill Road', color: '#2563eb', schedules: [] });
  const run = (name: string, input: unknown, a: Actor = actor, authoritative = true) =>
    loadCommand(name).then((def) =>
      executeCommand(def as never, ctxOf(a, authoritative), input),
    ) as Promise<never>;
  const writes = () => store.changes.length;
  const jobs = () => store.list<Job>('job');
  return { store, run, writes, effects, links, jobs };
}

const item = (over: Record<string, unknown> = {}) => ({
  title: 'Windows',
  description: 'Front and back',
  quantity: 1,
  unitPrice: 20,
  frequency: { frequencyType: 'Weeks', frequencyInterval: 4 },
  initialFields: { rounds: ['R1'] },
  ...over,
});
const form = (over: Record<string, unknown> = {}) => ({
  customerId: 'C1',
  name: 'Windows and gutters',
  items: [item(), item({ title: 'Gutters', unitPrice: 45.5, frequency: { frequencyType: 'OneOff' } })],
  date: '2026-11-21',
  expiry: '2026-12-21',
  taxRate: 0.2,
  priceIncludesTax: false,
  discountTotal: 5.5,
  ...over,
});

describe('quotes.create', () => {
  it('stores the quote with computed totals, its items as quoted (unbooked) jobs, and the next number', async () => {
    const f = await fixture();
    const q: Quote = await f.run('quotes.create', { ...form(), total: 1, subtotal: 999 });
    expect(q).toMatchObject({
      state: 'pending',
      subtotal: 65.5,
      discountTotal: 5.5,
      totalTax: 12,
      total: 72,
    });
    expect(q.items.map((i) => i.total)).toEqual([20, 45.5]);
    expect(q.quoteNumber).toBe('Q-1');
    const jobs = await f.jobs();
    expect(jobs.map((j) => [j._id, j.price, j.rounds, j.quoteId, j.frequencyType, j.date])).toEqual([
      [q.items[0]?.relatedId, 20, ['R1'], q._id, 'Weeks', '2026-11-21'],
      [q.items[1]?.relatedId, 45.5, ['R1'], q._id, 'OneOff', '2026-11-21'],
    ]);
    expect(jobs.every((j) => !isBooked(j))).toBe(true);
    const second: Quote = await f.run('quotes.create', form());
    expect(second.quoteNumber).toBe('Q-2');
    // Each quote gets its own public link from the server's run (docs/public-links.md).
    expect([q.linkToken, second.linkToken]).toEqual(['token-1', 'token-2']);
    expect(f.links).toEqual([
      { kind: 'quote', recordId: q._id },
      { kind: 'quote', recordId: second._id },
    ]);
  });

  it("the device's own run gives no number ('Pending Sync') and does not touch the counter", async () => {
    const f = await fixture();
    const q: Quote = await f.run('quotes.create', form(), testActor(), false);
    expect(q.quoteNumber).toBeUndefined();
    expect(q.linkToken).toBeUndefined();
    expect(await f.store.get('quoteSettings', 'quote-settings')).toBeUndefined();
  });

  it('numbers with the settings prefix from where the counter stands', async () => {
    const f = await fixture();
    await f.run('quotes.update-settings', { quotePrefix: 'SW/' });
    await f.run('quotes.create', form());
    const q: Quote = await f.run('quotes.create', form());
    expect(q.quoteNumber).toBe('SW/2');
    expect(await f.store.get<QuoteSettings>('quoteSettings', 'quote-settings')).toMatchObject({
      nextNumber: 3,
    });
  });

  it.each([
    ['a second job below Advanced', form(), testActor({ level: 'Core' }), 'quote.upgrade-for-more-jobs'],
    ['notes over 10000 characters', form({ notes: 'x'.repeat(10_001) }), testActor(), 'quote.notes-too-long'],
    [
      'UTM parameters below level 3',
      form({ utmParams: { utm_source: 'x' } }),
      testActor({ level: 'Advanced' }),
      'access.level-required',
    ],
    ['an expiry before the date', form({ expiry: '2026-11-20' }), testActor(), 'quote.expiry-before-date'],
    ['a discount over the subtotal', form({ discountTotal: 100 }), testActor(), 'quote.discount-too-large'],
    ['an unknown customer', form({ customerId: 'nope' }), testActor(), 'customers.not-found'],
    [
      'an unknown round',
      form({ items: [item({ initialFields: { rounds: ['nope'] } })] }),
      testActor(),
      'rounds.not-found',
    ],
    [
      'an item with no title',
      form({ items: [item({ title: ' ' })] }),
      testActor(),
      'quote.item-title-required',
    ],
    ['a Worker', form(), testActor({ roles: ['Worker'] }), 'access.role-required'],
  ])('refuses %s and changes nothing', async (_what, input, actor, code) => {
    const f = await fixture();
    const before = f.writes();
    expect((await rejection(f.run('quotes.create', input, actor))).code).toBe(code);
    expect(f.writes()).toBe(before);
  });

  it('one job is fine on Core', async () => {
    const f = await fixture(testActor({ level: 'Core' }));
    const q: Quote = await f.run('quotes.create', form({ items: [item()] }));
    expect(q.items).toHaveLength(1);
  });
});

describe('quotes.update', () => {
  it('saves a new version: items changed, added and removed keep their jobs in step', async () => {
    const f = await fixture();
    const q: Quote = await f.run('quotes.create', form());
    const [first] = q.items;
    const edited: Quote = await f.run('quotes.update', {
      ...form({
        items: [{ ...item({ unitPrice: 25 }), relatedId: first?.relatedId }, item({ title: 'Fascia' })],
      }),
      _id: q._id,
    });
    expect(edited.version).toBe(2);
    expect(edited.quoteNumber).toBe('Q-1');
    const jobs = await f.jobs();
    expect(jobs.map((j) => j.price).sort()).toEqual([20, 25]);
    expect(jobs.find((j) => j._id === first?.relatedId)?.price).toBe(25);
  });

  it('a state change on the form applies its transition (declined needs a reason)', async () => {
    const f = await fixture();
    const q: Quote = await f.run('quotes.create', form());
    const input = { ...form(), _id: q._id };
    expect((await rejection(f.run('quotes.update', { ...input, state: 'declined' }))).code).toBe(
      'quote.decline-reason-required',
    );
    const d: Quote = await f.run('quotes.update', { ...input, state: 'declined', declineReason: 'Too dear' });
    expect(d).toMatchObject({
      state: 'declined',
      declineReason: 'Too dear',
      declinedDate: NOW.toISOString(),
    });
  });
});

describe('quote states (spec 000 section 4)', () => {
  it('accept clears the decline and sets acceptedDate; only once', async () => {
    const f = await fixture();
    const q: Quote = await f.run('quotes.create', form());
    await f.run('quotes.decline', { _id: q._id, reason: 'Too dear' });
    const a: Quote = await f.run('quotes.accept', { _id: q._id });
    expect(a.state).toBe('accepted');
    expect(a.acceptedDate).toBe(NOW.toISOString());
    expect(a.declineReason).toBeUndefined();
    expect(a.declinedDate).toBeUndefined();
    const before = f.writes();
    expect((await rejection(f.run('quotes.accept', { _id: q._id }))).code).toBe('quote.already-accepted');
    expect(f.writes()).toBe(before);
  });

  it('decline needs a reason, stores it and clears acceptedDate', async () => {
    const f = await fixture();
    const q: Quote = await f.run('quotes.create', form());
    await f.run('quotes.accept', { _id: q._id });
    expect((await rejection(f.run('quotes.decline', { _id: q._id, reason: '  ' }))).code).toBe(
      'quote.decline-reason-required',
    );
    const d: Quote = await f.run('quotes.decline', { _id: q._id, reason: 'Found someone else' });
    expect(d).toMatchObject({
      state: 'declined',
      declineReason: 'Found someone else',
      declinedDate: NOW.toISOString(),
    });
    expect(d.acceptedDate).toBeUndefined();
  });

  it('back to pending clears decline, accept, viewed, sent and sentManually data', async () => {
    const f = await fixture();
    const q: Quote = await f.run('quotes.create', form());
    await f.store.put('quote', { ...q, firstViewedDate: 'x', lastViewedDate: 'y' });
    await f.run('quotes.mark-sent', { _id: q._id, date: '2026-11-20' });
    await f.run('quotes.decline', { _id: q._id, reason: 'No' });
    const p: Quote = await f.run('quotes.back-to-pending', { _id: q._id });
    expect(p.state).toBe('pending');
    for (const k of [
      'declineReason',
      'declinedDate',
      'acceptedDate',
      'firstViewedDate',
      'lastViewedDate',
      'sentDate',
      'sentManually',
    ]) {
      expect(p[k as keyof Quote], k).toBeUndefined();
    }
  });

  it('marked sent manually keeps the chosen date; marked unsent clears both', async () => {
    const f = await fixture();
    const q: Quote = await f.run('quotes.create', form());
    const s: Quote = await f.run('quotes.mark-sent', { _id: q._id, date: '2026-11-19' });
    expect(s).toMatchObject({ sentDate: '2026-11-19', sentManually: true });
    const u: Quote = await f.run('quotes.mark-unsent', { _id: q._id });
    expect(u.sentDate).toBeUndefined();
    expect(u.sentManually).toBeUndefined();
  });
});

describe('quotes.send (through the messaging pipeline)', () => {
  const message = (q: Quote) => ({
    _id: q._id,
    content: `Your quote: https://app.example/go/q/${q.linkToken}/`,
  });

  it('is refused with quote.not-yet-processed until the server has numbered it, and sends nothing', async () => {
    const f = await fixture();
    const q: Quote = await f.run('quotes.create', form(), testActor(), false);
    const before = f.writes();
    expect((await rejection(f.run('quotes.send', message(q)))).code).toBe('quote.not-yet-processed');
    expect(f.writes()).toBe(before);
    expect(f.effects).toEqual([]);
  });

  it('saves the message as a notification related to the quote, sets sentDate, and asks once for delivery', async () => {
    const f = await fixture();
    const q: Quote = await f.run('quotes.create', form());
    const s: Quote = await f.run('quotes.send', { ...message(q), subject: 'Your quote Q-1' });
    expect(s.sentDate).toBe(NOW.toISOString());
    const sent = await f.store.list<Record<string, unknown>>('notification');
    expect(sent).toEqual([
      expect.objectContaining({
        type: 'Email',
        address: 'ann@example.com',
        relatedItemId: q._id,
        subject: 'Your quote Q-1',
        message: message(q).content,
        status: 'pending',
      }),
    ]);
    expect(f.effects).toEqual([
      expect.objectContaining({
        type: 'notification.send',
        payload: { accountId: 'a1', notificationIds: [sent[0]?._id] },
      }),
    ]);
  });

  it('refuses a message without the link, and SMS to a customer with no number', async () => {
    const f = await fixture();
    const q: Quote = await f.run('quotes.create', form());
    expect((await rejection(f.run('quotes.send', { _id: q._id, content: 'Hello' }))).code).toBe(
      'quote.link-missing',
    );
    expect((await rejection(f.run('quotes.send', { ...message(q), channel: 'SMS' }))).code).toBe(
      'quote.customer-no-mobile',
    );
    expect(f.effects).toEqual([]);
  });

  it('takes [quote-link] in place of the link, kept for the sending to fill', async () => {
    const f = await fixture();
    const q: Quote = await f.run('quotes.create', form());
    await f.run('quotes.send', { _id: q._id, content: 'Quote [quote-number]: [quote-link]' });
    const [sent] = await f.store.list<Record<string, unknown>>('notification');
    expect(sent?.message).toBe(`Quote ${q.quoteNumber}: [quote-link]`);
  });
});

describe('quotes.convert and quotes.delete', () => {
  it('books the jobs on their round, accepts the quote and makes the customer active', async () => {
    const f = await fixture();
    const q: Quote = await f.run('quotes.create', form());
    const { jobIds } = (await f.run('quotes.convert', { _id: q._id })) as { jobIds: string[] };
    expect(jobIds).toHaveLength(2);
    const jobs = await f.jobs();
    expect(jobs.every((j) => isBooked(j) && j.rounds[0] === 'R1')).toBe(true);
    expect(await f.store.get<Quote>('quote', q._id)).toMatchObject({
      state: 'accepted',
      acceptedDate: NOW.toISOString(),
      convertedDate: NOW.toISOString(),
    });
    expect((await f.store.get<Customer>('customer', 'C1'))?.state).toBe('active');
    expect((await rejection(f.run('quotes.convert', { _id: q._id }))).code).toBe('quote.already-converted');
  });

  it('deleting a quote deletes its quoted jobs', async () => {
    const f = await fixture();
    const q: Quote = await f.run('quotes.create', form());
    await f.run('quotes.delete', { _id: q._id });
    expect(await f.store.get('quote', q._id)).toBeUndefined();
    expect(await f.jobs()).toEqual([]);
  });

  it('deleting a converted quote leaves the booked jobs', async () => {
    const f = await fixture();
    const q: Quote = await f.run('quotes.create', form());
    await f.run('quotes.convert', { _id: q._id });
    await f.run('quotes.delete', { _id: q._id });
    expect(await f.jobs()).toHaveLength(2);
  });
});

describe('hand-offs: the flags are checked on the server', () => {
  it('Sell as Lead needs Owner/Admin and marketplaceSeller, and not declined', async () => {
    const f = await fixture();
    const q: Quote = await f.run('quotes.create', form());
    const seller = testActor({ flags: ['marketplaceSeller'] });
    expect((await rejection(f.run('quotes.sell-as-lead', { _id: q._id, type: 'lead' }))).code).toBe(
      'access.feature-required',
    );
    expect(
      (
        await rejection(
          f.run('quotes.sell-as-lead', { _id: q._id, type: 'lead' }, { ...seller, roles: ['Creator'] }),
        )
      ).code,
    ).toBe('access.role-required');
    const { path } = (await f.run('quotes.sell-as-lead', { _id: q._id, type: 'quoted-lead' }, seller)) as {
      path: string;
    };
    const url = new URL(path, 'https://x/');
    expect(url.pathname).toBe('/marketplace/sell-quoted-jobs');
    expect(url.searchParams.get('quotedJobIds')).toBe(q.items.map((i) => i.relatedId).join(','));
    expect(url.searchParams.get('type')).toBe('quoted-lead');
    await f.run('quotes.decline', { _id: q._id, reason: 'No' });
    expect((await rejection(f.run('quotes.sell-as-lead', { _id: q._id, type: 'lead' }, seller))).code).toBe(
      'quote.declined-cannot-sell',
    );
  });

  it('Transfer Lead needs transferData or developer mode, once', async () => {
    const f = await fixture();
    const q: Quote = await f.run('quotes.create', form());
    expect((await rejection(f.run('quotes.transfer-lead', { _id: q._id, newOwnerId: 'o2' }))).code).toBe(
      'access.feature-required',
    );
    const dev = testActor({ developerMode: true });
    const t: Quote = await f.run('quotes.transfer-lead', { _id: q._id, newOwnerId: 'o2' }, dev);
    expect(t.transferred).toEqual({ newOwnerId: 'o2', transferDate: NOW.toISOString() });
    expect((await rejection(f.run('quotes.transfer-lead', { _id: q._id, newOwnerId: 'o3' }, dev))).code).toBe(
      'quote.already-transferred',
    );
  });
});

describe("the rounds' Quote tab reads the quotes' jobs (spec 000 section 2.4)", () => {
  it("lists a quote's jobs on their round until converted, then the Active tab has them", async () => {
    const f = await fixture();
    const q: Quote = await f.run('quotes.create', form());
    const rounds = await f.store.list<Round>('round');
    const input = async () => ({ rounds, jobs: await f.jobs(), visitRecords: [], today: '2026-11-21' });
    const pending = pendingRoundData(await input());
    expect(pending.map((d) => [d.tag._id, d.jobs.length, d.financialData.totalOneOff])).toEqual([
      ['R1', 2, 45.5],
    ]);
    expect(roundData(await input()).find((d) => d.tag._id === 'R1')?.jobs).toEqual([]);
    await f.run('quotes.convert', { _id: q._id });
    expect(pendingRoundData(await input())).toEqual([]);
    expect(roundData(await input()).find((d) => d.tag._id === 'R1')?.jobs).toHaveLength(2);
  });
});

describe('quote attachments (spec 000 sections 4 and 5)', () => {
  const file = (id: string) => ({
    _id: id,
    name: `${id}.jpg`,
    contentType: 'image/jpeg',
    size: 1000,
    key: `acc/${id}`,
    createdDate: NOW.toISOString(),
    createdBy: 'owner@example.com',
    related: [],
  });
  const withFiles = async (actor = testActor()) => {
    const f = await fixture(actor);
    await f.store.put('attachment', file('F1'));
    await f.store.put('attachment', file('F2'));
    return f;
  };
  const related = async (f: Awaited<ReturnType<typeof withFiles>>, id: string) =>
    (await f.store.get<{ related: string[] }>('attachment', id))?.related;

  it('need level 3: refused below Ultimate with the key, and nothing written', async () => {
    const f = await withFiles(testActor({ level: 'Advanced' }));
    const before = f.writes();
    const refused = await rejection(f.run('quotes.create', form({ attachments: ['F1'] })));
    expect(refused.code).toBe('access.level-required');
    expect(refused.params).toEqual({ level: 'Ultimate' });
    expect(f.writes()).toBe(before);
    expect(await related(f, 'F1')).toEqual([]);
  });

  it('a saved quote names its files and each file names the quote; a file taken off no longer does', async () => {
    const f = await withFiles();
    const q: Quote = await f.run('quotes.create', form({ attachments: ['F1', 'F2'] }));
    expect(q.attachments).toEqual(['F1', 'F2']);
    expect(await related(f, 'F1')).toEqual([q._id]);
    await f.run('quotes.update', { ...form({ attachments: ['F2'] }), _id: q._id, customerId: undefined });
    expect(await related(f, 'F1')).toEqual([]);
    expect(await related(f, 'F2')).toEqual([q._id]);
  });

  it('convert links the files to the booked jobs', async () => {
    const f = await withFiles();
    const q: Quote = await f.run('quotes.create', form({ attachments: ['F1'] }));
    const { jobIds } = (await f.run('quotes.convert', { _id: q._id })) as { jobIds: string[] };
    expect(await related(f, 'F1')).toEqual([q._id, ...jobIds]);
  });

  it("deleting a quote deletes its own files, record and object; a converted quote's files stay with the jobs", async () => {
    const f = await withFiles();
    const q: Quote = await f.run('quotes.create', form({ attachments: ['F1'] }));
    await f.run('quotes.delete', { _id: q._id });
    expect(await f.store.get('attachment', 'F1')).toBeUndefined();
    expect(f.effects).toContainEqual({ type: 'attachment.delete-object', payload: { key: 'acc/F1' } });

    const converted: Quote = await f.run('quotes.create', form({ attachments: ['F2'] }));
    const { jobIds } = (await f.run('quotes.convert', { _id: converted._id })) as { jobIds: string[] };
    await f.run('quotes.delete', { _id: converted._id });
    expect(await related(f, 'F2')).toEqual(jobIds);
    expect(f.effects.filter((e) => e.type === 'attachment.delete-object')).toHaveLength(1);
  });
});

describe('legacy quotes (type appointment or other, spec 000 section 2.8)', () => {
  it('are one job: kept as the type through edits, refused with more or fewer jobs', async () => {
    const f = await fixture();
    const q: Quote = await f.run('quotes.create', form({ type: 'appointment', items: [item()] }));
    expect(q.type).toBe('appointment');
    expect(await f.jobs()).toHaveLength(1);
    const edited: Quote = await f.run('quotes.update', {
      ...form({ items: [{ ...item({ unitPrice: 30 }), relatedId: q.items[0]!.relatedId }] }),
      customerId: undefined,
      _id: q._id,
    });
    expect(edited.type).toBe('appointment');
    expect(edited.items.map((i) => i.total)).toEqual([30]);
    expect((await rejection(f.run('quotes.create', form({ type: 'other' })))).code).toBe(
      'quote.legacy-one-job',
    );
    const before = f.writes();
    const refused = await rejection(f.run('quotes.update', { ...form(), customerId: undefined, _id: q._id }));
    expect(refused.code).toBe('quote.legacy-one-job');
    expect(f.writes()).toBe(before);
  });
});
