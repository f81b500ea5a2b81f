import { describe, expect, it } from 'vitest';
import type { Actor } from '../access/model.ts';
import { loadCommand } from '../areas.ts';
import { MemoryStore } from '../store/memory-store.ts';
import { rejection } from '../testing.ts';
import type { CommandContext } from './define.ts';
import { executeCommand } from './execute.ts';

const owner: Actor = {
  userId: 'u1',
  email: 'owner@example.com',
  accountId: 'a1',
  roles: ['Owner'],
  level: 'Core',
  subscription: 'subscribed',
  flags: [],
  developerMode: false,
  settings: {},
};

function context(actor: Actor = owner) {
  let n = 0;
  const store = new MemoryStore(() => new Date('2026-11-21T09:00:00Z'));
  const ctx: CommandContext = {
    store,
    actor,
    now: new Date('2026-11-21T09:00:00Z'),
    newId: () => `id${++n}`,
    emit() {},
  };
  return { store, ctx };
}

const run = (ctx: CommandContext, name: string, input: unknown) =>
  loadCommand(name).then((def) => executeCommand(def as never, ctx, input));

describe('executeCommand', () => {
  it('rounds.create trims the name and refuses a blank one with rounds.enter-round (spec 000 section 5)', async () => {
    const { ctx, store } = context();
    const round = await run(ctx, 'rounds.create', { description: '  Monday Chesterton ' });
    expect(round).toMatchObject({ description: 'Monday Chesterton' });
    const e = await rejection(run(ctx, 'rounds.create', { description: '   ' }));
    expect([e.kind, e.code]).toEqual(['validation', 'rounds.enter-round']);
    expect(await store.list('round')).toHaveLength(1);
  });

  it('refuses a round name that differs only in case and spaces with rounds.round-already-exists', async () => {
    const { ctx, store } = context();
    await run(ctx, 'rounds.create', { description: 'Monday Chesterton' });
    const e = await rejection(run(ctx, 'rounds.create', { description: ' monday CHESTERTON' }));
    expect(e.code).toBe('rounds.round-already-exists');
    expect(await store.list('round')).toHaveLength(1);
  });

  it('checks access before running: a Worker cannot create a customer', async () => {
    const { ctx, store } = context({ ...owner, roles: ['Worker'] });
    const e = await rejection(run(ctx, 'customers.create', { name: 'Ann Smith' }));
    expect([e.kind, e.code]).toEqual(['forbidden', 'access.role-required']);
    expect(await store.list('customer')).toHaveLength(0);
  });

  it('checks access before input: a Worker gets 403 whatever it sends, never the validation message', async () => {
    const { ctx, store } = context({ ...owner, roles: ['Worker'] });
    for (const input of [{ description: '   ' }, { description: 42 }, 'not an object', undefined]) {
      const e = await rejection(run(ctx, 'rounds.create', input));
      expect([e.kind, e.code]).toEqual(['forbidden', 'access.role-required']);
      expect(e.params).not.toHaveProperty('issues');
    }
    expect(await store.list('round')).toHaveLength(0);
  });

  it('a JobEditor may add a job but not create a customer (spec 000 section 6)', async () => {
    const { ctx } = context();
    const customer = (await run(ctx, 'customers.create', { name: 'Ann Smith' })) as { _id: string };
    const editor = { ...ctx, actor: { ...owner, roles: ['JobEditor' as const] } };
    const job = await run(editor, 'jobs.create', { customerId: customer._id, date: '2026-11-23', price: 15 });
    expect(job).toMatchObject({ customerId: customer._id, frequencyType: 'Weeks', frequencyInterval: 4 });
  });

  it('deleting a customer leaves tombstones for the customer and their jobs', async () => {
    const { ctx, store } = context();
    const customer = (await run(ctx, 'customers.create', { name: 'Ann Smith' })) as { _id: string };
    await run(ctx, 'jobs.create', { customerId: customer._id, date: '2026-11-23', price: 15 });
    const result = await run(ctx, 'customers.delete', { _id: customer._id });
    expect(result).toEqual({ deleted: { customers: 1, jobs: 1, visitRecords: 0 } });
    expect(
      store
        .all()
        .filter((c) => c.entity._deleted)
        .map((c) => c.type)
        .sort(),
    ).toEqual(['customer', 'job']);
  });

  it('an id that is not in the store is not found', async () => {
    const { ctx } = context();
    const e = await rejection(run(ctx, 'customers.update', { _id: 'elsewhere', changes: { name: 'X' } }));
    expect([e.kind, e.code]).toEqual(['not-found', 'customers.not-found']);
  });
});

describe('update commands change only the fields they name', () => {
  it('customers.update with only notes keeps the address, email, tags and state', async () => {
    const { ctx } = context();
    const created = (await run(ctx, 'customers.create', {
      name: 'Ann Smith',
      email: 'ann@example.org',
      tags: ['gold'],
      state: 'inactive',
      address: { addressDescription: '1 High Street', isVerified: true, lngLat: [0.12, 52.2] },
    })) as Record<string, unknown>;
    const updated = (await run(ctx, 'customers.update', {
      _id: created._id,
      changes: { notes: 'Side gate' },
    })) as Record<string, unknown>;
    const { notes, _version, _edits, ...rest } = updated;
    const { notes: _n, _version: _v, ...before } = created;
    expect(notes).toBe('Side gate');
    expect(Object.keys(_edits as object)).toEqual(['notes']);
    expect(rest).toEqual(before);
  });

  it('jobs.update with only the price keeps rounds, frequency and services', async () => {
    const { ctx } = context();
    const customer = (await run(ctx, 'customers.create', { name: 'Bo' })) as { _id: string };
    // A job's rounds and services must exist.
    await run(ctx, 'rounds.create', { _id: 'r1', description: 'Mill Road' });
    await run(ctx, 'services.create', { _id: 's1', name: 'Windows' });
    const job = (await run(ctx, 'jobs.create', {
      customerId: customer._id,
      date: '2026-11-23',
      price: 15,
      rounds: ['r1'],
      services: ['s1'],
      frequencyType: 'MonthsDayOfMonth',
      frequencyInterval: 2,
      frequencyDayOfMonth: 23,
    })) as Record<string, unknown>;
    const updated = await run(ctx, 'jobs.update', { _id: job._id, changes: { price: 18 } });
    expect(updated).toMatchObject({
      price: 18,
      rounds: ['r1'],
      services: ['s1'],
      frequencyType: 'MonthsDayOfMonth',
      frequencyInterval: 2,
    });
  });
});
