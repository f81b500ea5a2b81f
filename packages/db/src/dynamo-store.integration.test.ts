import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  type Actor,
  AppError,
  type Change,
  type CommandContext,
  type Entity,
  executeCommand,
  loadCommand,
  MemoryStore,
  type Store,
} from '@roundwise/core';
import { rejection } from '@roundwise/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { DynamoStore } from './dynamo-store.ts';
import { EntityRepository } from './entities.ts';
import { createTestDb, type Engine, startEngine, TEST_ENGINES } from './test-engines.ts';
import { TransactionRefused } from './transactions.ts';

const owner: Actor = {
  userId: 'u1',
  email: 'owner@example.com',
  accountId: 'acc',
  roles: ['Owner'],
  level: 'Ultimate',
  subscription: 'subscribed',
  flags: [],
  developerMode: false,
  settings: {},
};

/** A command script touching creates, updates, reads of own writes, a cascade and refusals. */
type Step = [name: string, input: unknown];
const script = (ids: { c1: string; c2: string; s1: string }): Step[] => [
  ['customers.create', { name: '  Ann Smith ', email: 'ann@example.org', tags: ['vip'] }],
  [
    'customers.create',
    { name: 'Bob Jones', address: { addressDescription: '2 Mill Lane', lngLat: [0.1, 52.2] } },
  ],
  ['services.create', { name: 'Windows', defaultPrice: 12 }],
  ['rounds.create', { description: 'Monday Chesterton' }],
  ['rounds.create', { description: ' monday CHESTERTON' }],
  ['jobs.create', { customerId: ids.c1, date: '2026-11-23', price: 15, services: [ids.s1] }],
  ['jobs.create', { customerId: ids.c1, date: '2026-11-30', frequencyType: 'OneOff' }],
  ['jobs.create', { customerId: ids.c2, date: '2026-12-01' }],
  ['jobs.create', { customerId: 'nobody', date: '2026-12-01' }],
  ['services.update', { _id: ids.s1, changes: { defaultPrice: 14, description: '' } }],
  ['customers.update', { _id: ids.c2, changes: { notes: 'Gate code 1234' } }],
  ['customers.delete', { _id: ids.c1 }],
  ['customers.update', { _id: ids.c1, changes: { name: 'Ghost' } }],
  ['customers.delete', { _id: ids.c1 }],
];

function context(store: Store, clock: () => Date, nextId: () => string): CommandContext {
  return { store, actor: owner, now: clock(), newId: nextId, emit() {} };
}

type Outcome = { ok: true; result: unknown } | { ok: false; error: unknown };
const outcome = (p: Promise<unknown>): Promise<Outcome> =>
  p.then(
    (result) => ({ ok: true, result }),
    (e: unknown) => ({ ok: false, error: e instanceof AppError ? [e.kind, e.code] : String(e) }),
  );

const ignoringUpdatedAt = (changes: Change[]) =>
  changes
    .map(({ type, entity }) => {
      const { _updatedAt, ...rest } = entity;
      return { type, entity: rest };
    })
    .sort((a, b) => `${a.type}#${a.entity._id}`.localeCompare(`${b.type}#${b.entity._id}`));

describe.each(TEST_ENGINES)('DynamoStore on %s', (kind) => {
  let engine: Engine;
  let db: Db;
  let tick = 0;
  const clock = () => new Date(Date.UTC(2026, 10, 21, 9, 0, 0, ++tick));
  const fixed = () => new Date('2026-11-21T09:00:00.000Z');
  beforeAll(async () => {
    engine = await startEngine(kind);
    db = await createTestDb(engine);
  }, 60_000);
  afterAll(() => engine?.stop());

  it('runs core commands to the same entities as MemoryStore (one unit per command, as on the server)', async () => {
    let memoryN = 0;
    let dynamoN = 0;
    const memory = new MemoryStore(fixed);
    const repo = new EntityRepository(db, 'acc-equivalence');
    const ids = { c1: 'id1', c2: 'id2', s1: 'id3' };
    const memoryResults: Outcome[] = [];
    const dynamoResults: Outcome[] = [];
    for (const [name, input] of script(ids)) {
      const def = (await loadCommand(name)) as never;
      memoryResults.push(
        await outcome(
          executeCommand(
            def,
            context(memory, fixed, () => `id${++memoryN}`),
            input,
          ),
        ),
      );
      const unit = new DynamoStore(repo, fixed);
      const result = await outcome(
        executeCommand(
          def,
          context(unit, fixed, () => `id${++dynamoN}`),
          input,
        ),
      );
      if (result.ok) await unit.commit();
      // A refused command buffered nothing: committing its unit stores no change.
      else expect(await unit.commit()).toEqual([]);
      dynamoResults.push(result);
    }
    const strip = (r: Outcome) =>
      r.ok && r.result && typeof r.result === 'object' && '_updatedAt' in r.result
        ? { ...r, result: { ...r.result, _updatedAt: undefined } }
        : r;
    expect(dynamoResults.map(strip)).toEqual(memoryResults.map(strip));
    expect(memoryResults.flatMap((r) => (r.ok ? [] : [r.error]))).toEqual([
      ['validation', 'rounds.round-already-exists'],
      ['not-found', 'customers.not-found'],
      ['not-found', 'customers.not-found'],
      ['not-found', 'customers.not-found'],
    ]);

    const stored: Change[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await repo.changedSince(cursor, 100, new Date('2030-01-01T00:00:00Z'));
      stored.push(...page.changes);
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    expect(ignoringUpdatedAt(stored)).toEqual(ignoringUpdatedAt(memory.all()));
    expect(
      stored
        .filter((c) => c.entity._deleted)
        .map((c) => `${c.type}:${c.entity._id}`)
        .sort(),
    ).toEqual(['customer:id1', 'job:id5', 'job:id6']);
  });

  it('runs a whole script in one unit to the same entities as MemoryStore', async () => {
    let memoryN = 0;
    let dynamoN = 0;
    const memory = new MemoryStore(fixed);
    const repo = new EntityRepository(db, 'acc-one-unit');
    const unit = new DynamoStore(repo, fixed);
    const ids = { c1: 'id1', c2: 'id2', s1: 'id3' };
    for (const [name, input] of script(ids)) {
      const def = (await loadCommand(name)) as never;
      const a = await outcome(
        executeCommand(
          def,
          context(memory, fixed, () => `id${++memoryN}`),
          input,
        ),
      );
      const b = await outcome(
        executeCommand(
          def,
          context(unit, fixed, () => `id${++dynamoN}`),
          input,
        ),
      );
      expect(b.ok).toBe(a.ok);
    }
    // Nothing is stored before commit; commit writes each item's last state, in one transaction.
    expect((await repo.changedSince(undefined, 100, new Date('2030-01-01T00:00:00Z'))).changes).toEqual([]);
    const committed = await unit.commit();
    const lastOfEach = new Map(memory.changes.map((c) => [`${c.type}#${c.entity._id}`, c]));
    expect(ignoringUpdatedAt(committed)).toEqual(ignoringUpdatedAt([...lastOfEach.values()]));
    const stored = (await repo.changedSince(undefined, 1000, new Date('2030-01-01T00:00:00Z'))).changes;
    expect(ignoringUpdatedAt(stored)).toEqual(ignoringUpdatedAt(memory.all()));
  });

  it('buffers writes: reads see the unit’s own writes, a throwing command writes nothing', async () => {
    const repo = new EntityRepository(db, 'acc-unit');
    const unit = new DynamoStore(repo, clock);
    const a = await unit.put('job', { _id: 'j1', customerId: 'c1', notes: '' });
    expect(a._version).toBe(1);
    expect(await unit.get('job', 'j1')).toEqual(a);
    expect(await unit.listBy('job', 'c1')).toEqual([a]);
    const b = await unit.put('job', { ...a, customerId: 'c2' });
    expect(b._version).toBe(2);
    expect(await unit.listBy('job', 'c1')).toEqual([]);
    expect(await unit.list('job')).toEqual([b]);
    expect(await repo.get('job', 'j1')).toBeUndefined();
    const changes = await unit.commit();
    // One write per item: its last state.
    expect(changes.map((c) => c.entity._version)).toEqual([2]);
    expect(await repo.get('job', 'j1')).toEqual(b);
    // The unit stays usable: it sees what it stored.
    expect(await unit.list('job')).toEqual([b]);
    expect(await unit.listBy('job', 'c2')).toEqual([b]);

    // A command that throws after writing leaves the table as it was.
    const run = async (store: Store) => {
      await store.put('job', { _id: 'j2', customerId: 'c1' });
      await store.remove('job', 'j1');
      throw new Error('boom');
    };
    const failing = new DynamoStore(repo, clock);
    await expect(run(failing)).rejects.toThrow('boom');
    expect((await repo.list('job')).map((j) => j._id)).toEqual(['j1']);

    // Removing: a tombstone of meta only; removing an absent item does nothing.
    const remover = new DynamoStore(repo, clock);
    await remover.remove('job', 'j1');
    await remover.remove('job', 'missing');
    expect(await remover.get('job', 'j1')).toBeUndefined();
    expect(await remover.list('job')).toEqual([]);
    const [tomb] = await remover.commit();
    expect(tomb?.entity).toEqual({ _id: 'j1', _version: 3, _updatedAt: expect.any(String), _deleted: true });
    // Re-creating a deleted id continues its version.
    const again = new DynamoStore(repo, clock);
    expect((await again.put('job', { _id: 'j1', customerId: 'c1' }))._version).toBe(4);
    await again.commit();
  });

  it('two units that read the same version: the second commit is general.conflict and changes nothing', async () => {
    const repo = new EntityRepository(db, 'acc-race');
    const seed = new DynamoStore(repo, clock);
    await seed.put('service', { _id: 's1', name: 'Windows' });
    await seed.commit();
    const first = new DynamoStore(repo, clock);
    const second = new DynamoStore(repo, clock);
    const s1 = (await first.get<{ name: string }>('service', 's1')) as Entity<{ name: string }>;
    const s2 = (await second.get<{ name: string }>('service', 's1')) as Entity<{ name: string }>;
    await first.put('service', { ...s1, name: 'Windows and frames' });
    await second.put('service', { ...s2, name: 'Gutters' });
    await first.commit();
    const e = await rejection(second.commit());
    expect([e.kind, e.code]).toEqual(['conflict', 'general.conflict']);
    expect(await repo.get('service', 's1')).toMatchObject({ name: 'Windows and frames', _version: 2 });
    // Two units both creating one id: only the first wins.
    const x = new DynamoStore(repo, clock);
    const y = new DynamoStore(repo, clock);
    await x.put('round', { _id: 'r1', description: 'X' });
    await y.put('round', { _id: 'r1', description: 'Y' });
    await x.commit();
    expect((await rejection(y.commit())).code).toBe('general.conflict');
    expect(await repo.get('round', 'r1')).toMatchObject({ description: 'X', _version: 1 });
  });

  it('keeps the first read of an item for the whole unit', async () => {
    const repo = new EntityRepository(db, 'acc-cache');
    const writer = new DynamoStore(repo, clock);
    await writer.put('round', { _id: 'r1', description: 'Before' });
    await writer.commit();
    const unit = new DynamoStore(repo, clock);
    expect((await unit.get<{ description: string }>('round', 'r1'))?.description).toBe('Before');
    const other = new DynamoStore(repo, clock);
    await other.put('round', { ...((await other.get('round', 'r1')) as Entity), description: 'After' });
    await other.commit();
    expect((await unit.list<{ description: string }>('round')).map((r) => r.description)).toEqual(['Before']);
    // And a write based on it is checked against the version it saw.
    await unit.put('round', { _id: 'r1', description: 'Mine' });
    expect((await rejection(unit.commit())).code).toBe('general.conflict');
  });

  it('stores its writes and extra items in one transaction: a failed extra item stores nothing', async () => {
    const repo = new EntityRepository(db, 'acc-extra');
    const marker = (sk: string) => ({
      Put: {
        TableName: db.tableName,
        Item: { pk: 'EXTRA', sk },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
    const first = new DynamoStore(repo, clock);
    await first.put('round', { _id: 'r1', description: 'With a marker' });
    await first.commit([marker('m1')]);
    const second = new DynamoStore(repo, clock);
    await second.put('round', { _id: 'r2', description: 'Refused with its marker' });
    const refused = await second.commit([marker('m1')]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TransactionRefused);
    expect(await repo.get('round', 'r2')).toBeUndefined();
    const { Item } = await db.doc.send(
      new GetCommand({ TableName: db.tableName, Key: { pk: 'EXTRA', sk: 'm1' } }),
    );
    expect(Item).toBeDefined();
    // An entity cannot carry a table attribute itself.
    await expect(
      repo.put('round', { _id: 'r3', _version: 1, _updatedAt: 'x', _cmd: 'forged' } as Entity, null),
    ).rejects.toThrow(/reserved/);
  });
});
