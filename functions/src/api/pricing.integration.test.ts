import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, linkFrom, startTestApi } from '../test-harness.ts';

/**
 * Bulk price changes through `POST /api/commands`: apply, rollback and notify on the table, each
 * refusal with its key and nothing changed, and the roles.
 */
let api: Awaited<ReturnType<typeof startTestApi>>;
let c: Client;

const onNorth = [[{ id: 'f', field: 'jobRound', label: 'Round', operator: 'Contains', value: 'north' }]];
const rise = { is: 'percentage', value: 0.03, nearest: 0.5 };

async function entities<T>(type: string): Promise<Map<string, T & { _id: string }>> {
  const { changes } = (await c.get('/sync')).json as {
    changes: { type: string; entity: T & { _id: string } }[];
  };
  return new Map(changes.filter((ch) => ch.type === type).map((ch) => [ch.entity._id, ch.entity]));
}
const prices = async () => {
  const jobs = await entities<{ price: number }>('job');
  return ['j1', 'j2', 'j3'].map((id) => jobs.get(id)?.price);
};

beforeAll(async () => {
  api = await startTestApi('dynalite');
  c = api.client();
  await c.signup('pricing-api@example.com');
  // Messages go only from an account whose email is verified (spec 000 section 5).
  const token = linkFrom(api.outbox, 'pricing-api@example.com', 'verify-email');
  expect((await c.post('/auth/verify-email', { token })).status).toBe(200);
  expect((await c.patch('/account', { flags: ['pricing', 'send'] })).status).toBe(200);
  // The notice's messaging template (made on the templates screen, under send).
  const template = await c.command('templates.create', {
    _id: 'tpl',
    name: 'Price change',
    subject: 'Our prices are changing',
    smsTemplate: 'From [price-change-date]: [new-price].',
    useSubjectAsSmsMessage: false,
    state: {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'Your price changes from [old-price] to [new-price].' }],
        },
      ],
    },
  });
  expect(template.status).toBe(200);
  await c.command('rounds.create', { _id: 'north', description: 'North' });
  await c.command('rounds.create', { _id: 'south', description: 'South' });
  for (const [i, round, price] of [
    [1, 'north', 20],
    [2, 'north', 25],
    [3, 'south', 30],
  ] as const) {
    await c.command('customers.create', {
      _id: `c${i}`,
      name: `Customer ${i}`,
      email: `c${i}@example.com`,
      contactMethods: ['email'],
    });
    const made = await c.command('jobs.create', {
      _id: `j${i}`,
      customerId: `c${i}`,
      rounds: [round],
      date: '2026-01-05',
      price,
    });
    expect(made.status).toBe(200);
  }
}, 60_000);
afterAll(async () => api?.stop());

describe('a bulk price change through the commands', () => {
  it('applies to the filtered jobs once, notifies with the new prices, and rolls back', async () => {
    const created = await c.command('pricing.create', {
      _id: 'pc',
      name: 'Yearly rise',
      plannedDate: 0,
      type: rise,
      affectedJobFilter: onNorth,
    });
    expect(created.status).toBe(200);
    const applyId = crypto.randomUUID();
    const applied = await c.command('pricing.apply', { _id: 'pc' }, applyId);
    expect([applied.status, applied.json.result.changes]).toEqual([200, 2]);
    expect(await prices()).toEqual([20.5, 26, 30]);
    // The same Apply sent again (its answer lost) is answered from its record: nothing moves twice.
    expect((await c.command('pricing.apply', { _id: 'pc' }, applyId)).json).toEqual(applied.json);
    expect(await prices()).toEqual([20.5, 26, 30]);
    // Another Apply is refused: the change has a result.
    const again = await c.command('pricing.apply', { _id: 'pc' });
    expect([again.status, again.json.code]).toEqual([400, 'price-change.already-applied']);
    expect(await prices()).toEqual([20.5, 26, 30]);

    const notifyId = crypto.randomUUID();
    const notice = { _id: 'pc', methods: ['Email'], templateId: 'tpl' };
    const notified = await c.command('pricing.notify', notice, notifyId);
    expect([notified.status, notified.json.result], JSON.stringify(notified.json)).toEqual([
      200,
      { email: 2, sms: 0 },
    ]);
    await c.command('pricing.notify', notice, notifyId);
    const mails = api.outbox.filter((m) => m.subject === 'Our prices are changing');
    expect(mails.map((m) => m.to).sort()).toEqual(['c1@example.com', 'c2@example.com']);
    // The template's HTML, as HTML, with its text part beside it.
    const c1 = mails.find((m) => m.to === 'c1@example.com');
    expect(c1?.text).toContain('from £20.00 to £20.50');
    expect(c1?.html).toMatch(/^<!DOCTYPE html>[\s\S]*>Your price changes from £20.00 to £20.50.</);
    expect((await entities<{ notified: boolean }>('price-change')).get('pc')?.notified).toBe(true);

    const rolled = await c.command('pricing.rollback', { _id: 'pc' });
    expect([rolled.status, rolled.json.result]).toEqual([200, { restored: 2, skipped: [] }]);
    expect(await prices()).toEqual([20, 25, 30]);
    const pc = (await entities<{ result?: unknown; notified: boolean }>('price-change')).get('pc');
    expect([pc?.result, pc?.notified]).toEqual([undefined, false]);
  });

  it('refuses with the spec keys and changes nothing', async () => {
    await c.command('pricing.create', { _id: 'empty', name: 'No filter', plannedDate: 0, type: rise });
    const noFilter = await c.command('pricing.apply', { _id: 'empty' });
    expect([noFilter.status, noFilter.json.code]).toEqual([400, 'price-change.no-filters-applied']);
    const missing = await c.command('pricing.apply', { _id: 'nope' });
    expect([missing.status, missing.json.code]).toEqual([404, 'price-change.not-found']);
    const nameless = await c.command('pricing.create', { name: ' ', plannedDate: 0, type: rise });
    expect([nameless.status, nameless.json.code]).toEqual([400, 'bulk-price-change.name-required']);
    const badStep = await c.command('pricing.create', {
      name: 'Odd',
      plannedDate: 0,
      type: { ...rise, nearest: 0.3 },
    });
    expect([badStep.status, badStep.json.code]).toEqual([400, 'price-change.nearest-required']);
    const rollback = await c.command('pricing.rollback', { _id: 'empty' });
    expect([rollback.status, rollback.json.code]).toEqual([400, 'price-change.not-applied']);
    expect(await prices()).toEqual([20, 25, 30]);
  });

  it('is for Owner and Admin with the pricing feature', async () => {
    const { member } = await api.addMember(c, 'planner-pricing@example.com', ['Planner']);
    const refused = await member.command('pricing.apply', { _id: 'pc' });
    expect(refused.status).toBe(403);
    expect(await prices()).toEqual([20, 25, 30]);
    expect((await c.patch('/account', { flags: [] })).status).toBe(200);
    const off = await c.command('pricing.apply', { _id: 'pc' });
    expect([off.status, off.json.code]).toEqual([403, 'access.feature-required']);
    expect((await c.patch('/account', { flags: ['pricing', 'send'] })).status).toBe(200);
    // The notice's messaging template (made on the templates screen, under send).
    const template = await c.command('templates.create', {
      _id: 'tpl',
      name: 'Price change',
      subject: 'Our prices are changing',
      smsTemplate: 'From [price-change-date]: [new-price].',
      useSubjectAsSmsMessage: false,
      state: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'Your price changes from [old-price] to [new-price].' }],
          },
        ],
      },
    });
    expect(template.status).toBe(200);
  });
});
