import { beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '../access/model.ts';
import type { CommandContext, CommandDef, Effect } from '../commands/define.ts';
import { executeCommand } from '../commands/execute.ts';
import { updateJob } from '../jobs/commands.ts';
import type { Job } from '../jobs/schema.ts';
import type { Notification } from '../notifications/schema.ts';
import { MemoryStore } from '../store/memory-store.ts';
import { rejection, testActor } from '../testing.ts';
import type { VisitRecord } from '../visits/record.ts';
import {
  APPLY_SCHEDULED,
  applyPriceChange,
  cancelSchedule,
  createPriceChange,
  removePriceChange,
  rollbackPriceChange,
  updatePriceChange,
} from './commands.ts';
import { notifyPriceChange } from './notify.ts';
import { previewOf } from './preview.ts';
import type { PriceChange } from './schema.ts';

// A Wednesday; the jobs are weekly from Thursday 2026-11-19.
const NOW = new Date('2026-11-25T09:00:00Z');
const TODAY = '2026-11-25';
let store: MemoryStore;
let effects: Effect[];
let ids = 0;
const owner = (over: Partial<Actor> = {}) => testActor({ flags: ['pricing'], emailVerified: true, ...over });

function run<D extends CommandDef>(
  def: D,
  input: unknown,
  actor: Actor = owner(),
  authoritative = true,
  now = NOW,
) {
  const ctx: CommandContext = {
    store,
    actor,
    now,
    newId: () => `id${++ids}`,
    emit: (e) => effects.push(e),
    authoritative,
  };
  return executeCommand(def as never, ctx, input) as Promise<never>;
}
const code = async (p: Promise<unknown>) => (await rejection(p)).code;
const job = (id: string, customerId: string, round: string, price: number) =>
  store.put('job', {
    _id: id,
    customerId,
    rounds: [round],
    date: '2026-11-19',
    price,
    frequencyType: 'Weeks',
    frequencyInterval: 1,
    services: [],
    notes: '',
    assignees: [],
    createdDate: '2026-01-01',
  });
const onNorth = [[{ id: 'f1', field: 'jobRound', label: 'Round', operator: 'Contains', value: 'north' }]];
const rise = { is: 'percentage', value: 0.03, nearest: 0.5 };
const price = async (id: string) => (await store.get<Job>('job', id))!.price;

beforeEach(async () => {
  store = new MemoryStore(() => NOW);
  effects = [];
  const customer = (id: string, over: object = {}) =>
    store.put('customer', {
      _id: id,
      name: id,
      createdDate: '2026-01-01',
      email: `${id}@example.com`,
      mobileNumber: '07700900001',
      contactMethods: ['email', 'sms'],
      ...over,
    });
  await customer('ann');
  await customer('bob', {
    automaticPaymentMethod: 'gocardless',
    paymentProviderMetaData: { sourceOrMandateId: 'MD1', status: 'active' },
  });
  await customer('cat');
  await store.put('round', { _id: 'north', description: 'North', createdDate: '2026-01-01' });
  await store.put('round', { _id: 'south', description: 'South', createdDate: '2026-01-01' });
  await job('j1', 'ann', 'north', 20);
  await job('j2', 'bob', 'north', 25);
  await job('j3', 'cat', 'south', 30);
  await run(createPriceChange, {
    _id: 'pc',
    name: 'Rise',
    plannedDate: NOW.getTime() - 1000,
    type: rise,
    affectedJobFilter: onNorth,
  });
});

describe('pricing.apply', () => {
  it('changes the filtered jobs, rounding to the step, and records each old and new price', async () => {
    await run(applyPriceChange, { _id: 'pc', today: TODAY });
    expect([await price('j1'), await price('j2'), await price('j3')]).toEqual([20.5, 26, 30]);
    const pc = (await store.get<PriceChange>('price-change', 'pc'))!;
    expect(pc.result).toMatchObject({
      success: true,
      changes: [
        { jobId: 'j1', oldPrice: 20, newPrice: 20.5 },
        { jobId: 'j2', oldPrice: 25, newPrice: 26 },
      ],
    });
    expect(await code(run(applyPriceChange, { _id: 'pc', today: TODAY }))).toBe(
      'price-change.already-applied',
    );
  });

  it('keeps a direct-debit customer at the old price for visits before three working days of notice', async () => {
    await run(applyPriceChange, { _id: 'pc', today: TODAY });
    // Bob (direct debit) is visited on Thursday 26th; three working days from Wednesday is Monday 30th.
    const pinned = await store.listBy<VisitRecord>('visit', 'j2');
    expect(pinned.map((v) => [v.isoDueDate, v.price])).toEqual([['2026-11-26', 25]]);
    expect(await store.listBy<VisitRecord>('visit', 'j1')).toEqual([]);
  });

  it('moves stored not-done visits at the old price, never a done one nor its invoice', async () => {
    const invoice = {
      _id: 'inv1',
      customerId: 'ann',
      amount: -20,
      currency: 'GBP',
      description: 'Windows',
      date: '2026-11-19',
      createdDate: '2026-11-19T12:00:00Z',
      transactionType: 'Invoice',
      occurrenceId: 'v1',
    };
    await store.put('transaction', invoice);
    await store.put('visit', {
      _id: 'v1',
      jobId: 'j1',
      customerId: 'ann',
      status: 1,
      isoPlannedDate: '2026-11-19',
      isoDueDate: '2026-11-19',
      price: 20,
    });
    await store.put('visit', {
      _id: 'v2',
      jobId: 'j1',
      customerId: 'ann',
      status: 0,
      isoPlannedDate: '2026-12-03',
      isoDueDate: '2026-12-03',
      price: 20,
    });
    await store.put('visit', {
      _id: 'v3',
      jobId: 'j1',
      customerId: 'ann',
      status: 0,
      isoPlannedDate: '2026-12-10',
      isoDueDate: '2026-12-10',
      price: 15,
    });
    await run(applyPriceChange, { _id: 'pc', today: TODAY });
    const byId = Object.fromEntries(
      (await store.listBy<VisitRecord>('visit', 'j1')).map((v) => [v._id, v.price]),
    );
    expect(byId).toEqual({ v1: 20, v2: 20.5, v3: 15 });
    expect(await store.list('transaction')).toEqual([expect.objectContaining(invoice)]);
  });

  it('a run again over its own writes changes each job once (a run taken over after a crash)', async () => {
    await run(applyPriceChange, { _id: 'pc', today: TODAY });
    // The change as it was before the last part: no result yet, the jobs already changed.
    const pc = (await store.get<PriceChange>('price-change', 'pc'))!;
    const { result: _, ...before } = pc;
    await store.put('price-change', before);
    await run(applyPriceChange, { _id: 'pc', today: TODAY });
    expect([await price('j1'), await price('j2')]).toEqual([20.5, 26]);
    expect((await store.get<PriceChange>('price-change', 'pc'))!.result?.changes).toEqual(pc.result?.changes);
  });

  it('refuses without a filter, and schedules a later planned date (cancellable)', async () => {
    await run(createPriceChange, { _id: 'none', name: 'All', plannedDate: 0, type: rise });
    expect(await code(run(applyPriceChange, { _id: 'none' }))).toBe('price-change.no-filters-applied');
    expect(await code(run(applyPriceChange, { _id: 'nope' }))).toBe('price-change.not-found');

    const later = Date.parse('2026-12-01T08:00:00Z');
    await run(updatePriceChange, {
      _id: 'pc',
      name: 'Rise',
      plannedDate: later,
      type: rise,
      affectedJobFilter: onNorth,
    });
    const answer = (await run(applyPriceChange, { _id: 'pc', today: TODAY })) as { scheduledFor?: number };
    expect(answer.scheduledFor).toBe(later);
    expect(await price('j1')).toBe(20);
    expect(effects).toEqual([
      expect.objectContaining({ type: APPLY_SCHEDULED, dueAt: '2026-12-01T08:00:00.000Z' }),
    ]);
    expect(await code(run(updatePriceChange, { _id: 'pc', name: 'X', plannedDate: later, type: rise }))).toBe(
      'price-change.scheduled',
    );
    await run(cancelSchedule, { _id: 'pc' });
    // The scheduled run, once cancelled, changes nothing.
    await run(applyPriceChange, { _id: 'pc', due: later });
    expect(await price('j1')).toBe(20);
  });

  it('is the Owner and Admin with the pricing feature only', async () => {
    expect((await rejection(run(applyPriceChange, { _id: 'pc' }, owner({ roles: ['Planner'] })))).kind).toBe(
      'forbidden',
    );
    expect((await rejection(run(applyPriceChange, { _id: 'pc' }, owner({ flags: [] })))).kind).toBe(
      'forbidden',
    );
  });
});

describe('pricing.rollback', () => {
  it('restores the jobs still at the new price, leaves and lists one edited since, clears result and notified', async () => {
    await run(applyPriceChange, { _id: 'pc', today: TODAY });
    await store.put('price-change', {
      ...(await store.get<PriceChange>('price-change', 'pc'))!,
      notified: true,
    });
    await run(updateJob, { _id: 'j2', changes: { price: 40 }, base: {} });
    const answer = (await run(rollbackPriceChange, { _id: 'pc' })) as { skipped: string[] };
    expect(answer.skipped).toEqual(['j2']);
    expect([await price('j1'), await price('j2')]).toEqual([20, 40]);
    const pc = (await store.get<PriceChange>('price-change', 'pc'))!;
    expect(pc.result).toBeUndefined();
    expect(pc.notified).toBe(false);
    expect(pc.rollbackSkipped).toEqual(['j2']);
    expect(await code(run(rollbackPriceChange, { _id: 'pc' }))).toBe('price-change.not-applied');
    // It can be applied again, from the prices as they are now.
    await run(applyPriceChange, { _id: 'pc', today: TODAY });
    expect([await price('j1'), await price('j2')]).toEqual([20.5, 41]);
  });

  it('Edit and Remove are refused once a result exists', async () => {
    await run(applyPriceChange, { _id: 'pc', today: TODAY });
    expect(await code(run(removePriceChange, { _id: 'pc' }))).toBe('price-change.has-result');
  });
});

describe('pricing.notify', () => {
  // A business's messaging template for price changes (the send module's `template`).
  const notice = {
    _id: 'tpl',
    name: 'Price change',
    subject: 'New prices for [name]',
    smsTemplate: 'From [price-change-date] your price changes from [old-price] to [new-price].',
    useSubjectAsSmsMessage: false,
    includeLink: false,
    readonly: false,
    html: '<p>Dear [first-name], [old-price] &rarr; [new-price] from [price-change-date]. [note=?]</p>',
    createdDate: '2026-01-01',
  };
  beforeEach(() => store.put('template', notice));
  const notify = (over: object = {}) =>
    run(notifyPriceChange, {
      _id: 'pc',
      methods: ['Email', 'SMS'],
      templateId: 'tpl',
      answers: { note: 'Thanks & see you soon' },
      today: TODAY,
      ...over,
    });

  it('sends the chosen template to each affected customer once, old and new price filled; direct debit from the notice day', async () => {
    await notify();
    const sent = await store.list<Notification>('notification');
    expect(sent.map((n) => `${n.customerId} ${n.type} ${n.templateId}`).sort()).toEqual([
      'ann Email tpl',
      'ann SMS tpl',
      'bob Email tpl',
      'bob SMS tpl',
    ]);
    const ann = sent.find((n) => n.customerId === 'ann' && n.type === 'SMS')!;
    expect(ann.message).toBe('From 25 November 2026 your price changes from £20.00 to £20.50.');
    const bob = sent.find((n) => n.customerId === 'bob' && n.type === 'SMS')!;
    expect(bob.message).toBe('From 30 November 2026 your price changes from £25.00 to £26.00.');
    // The email is the template's subject and HTML, the blank answered, values written as HTML text.
    const mail = sent.find((n) => n.customerId === 'ann' && n.type === 'Email')!;
    expect([mail.subject, mail.message]).toEqual([
      'New prices for ann',
      '<p>Dear ann, £20.00 &rarr; £20.50 from 25 November 2026. Thanks &amp; see you soon</p>',
    ]);
    expect((await store.get<PriceChange>('price-change', 'pc'))!.notified).toBe(true);
    expect(effects.map((e) => e.type)).toEqual(['notification.send']);
  });

  it('is refused without a template, with a missing one, or with a blank unanswered, sending nothing', async () => {
    expect(await code(notify({ templateId: undefined }))).toBe('price-change.template-required');
    expect(await code(notify({ templateId: 'gone' }))).toBe('templates.templateNotFound');
    expect(await code(notify({ answers: {} }))).toBe('price-change.unanswered-prompts');
    expect(await store.list('notification')).toEqual([]);
    expect((await store.get<PriceChange>('price-change', 'pc'))!.notified).toBe(false);
  });

  it('told after applying, a direct-debit customer keeps the old price until three working days from the message', async () => {
    // Applied on Tuesday 17th (its notice ran to Friday 20th); told only now, on Wednesday 25th.
    await store.put('price-change', {
      ...(await store.get<PriceChange>('price-change', 'pc'))!,
      plannedDate: 0,
    });
    await run(
      applyPriceChange,
      { _id: 'pc', today: '2026-11-17' },
      owner(),
      true,
      new Date('2026-11-17T09:00:00Z'),
    );
    const byDue = async () =>
      (await store.listBy<VisitRecord>('visit', 'j2')).map((v) => [v.isoDueDate, v.price]).sort();
    expect(await byDue()).toEqual([['2026-11-19', 25]]);
    await notify({ methods: ['Email'] });
    expect(await byDue()).toEqual([
      ['2026-11-19', 25],
      ['2026-11-26', 25],
    ]);
    expect(await store.listBy<VisitRecord>('visit', 'j1')).toEqual([]);
  });
});

describe('previewOf', () => {
  it('lists old and new prices, the revenue change by round, and direct-debit customers inside the notice', async () => {
    const pc = (await store.get<PriceChange>('price-change', 'pc'))!;
    const p = previewOf(
      pc,
      {
        jobs: await store.list('job'),
        customers: await store.list('customer'),
        rounds: await store.list('round'),
        services: [],
      },
      { effective: TODAY, noticeFrom: TODAY },
    );
    expect(p.jobs.map((j) => [j.jobId, j.oldPrice, j.newPrice])).toEqual([
      ['j1', 20, 20.5],
      ['j2', 25, 26],
    ]);
    // Weekly: 52 visits a year; (0.5 + 1) * 52 = 78 a year, 6.50 a month.
    expect(p.byRound).toEqual([{ roundId: 'north', name: 'North', jobs: 2, yearly: 78, monthly: 6.5 }]);
    expect(p.notice).toEqual([{ customerId: 'bob', name: 'bob', nextVisit: '2026-11-26' }]);
    expect(p.noticeEnd).toBe('2026-11-30');
  });
});
