import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Change, Entity } from '@roundwise/core';
import { rejection } from '@roundwise/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { decodeCursor, EntityRepository, encodeCursor, toItem } from './entities.ts';
import { createTestDb, type Engine, startEngine, TEST_ENGINES } from './test-engines.ts';

const at = (iso: string) => new Date(iso);
const stamp = <T extends object>(
  fields: T & { _id: string },
  version: number,
  updatedAt: string,
): Entity<T> => ({ ...fields, _version: version, _updatedAt: updatedAt }) as Entity<T>;

async function drain(repo: EntityRepository, now: Date, limit = 1000, cursor?: string) {
  const changes: Change[] = [];
  let pages = 0;
  for (;;) {
    const page = await repo.changedSince(cursor, limit, now);
    pages++;
    changes.push(...page.changes);
    cursor = page.cursor;
    if (!page.hasMore) return { changes, cursor, pages };
  }
}

describe.each(TEST_ENGINES)('EntityRepository on %s', (kind) => {
  let engine: Engine;
  let db: Db;
  beforeAll(async () => {
    engine = await startEngine(kind);
    db = await createTestDb(engine);
  }, 60_000);
  afterAll(() => engine?.stop());

  it('stores an entity under the documented keys and reads it back unchanged', async () => {
    const repo = new EntityRepository(db, 'acc-keys');
    const customer = stamp(
      {
        _id: 'c1',
        name: 'Ann Smith',
        email: '',
        address: { addressDescription: '1 High St', isVerified: false, lngLat: [0.12, 52.2] },
        tags: [],
        notes: '',
        marketingAccepted: false,
        price: 12.5,
      },
      1,
      '2026-11-21T09:00:00.000Z',
    );
    expect(await repo.put('customer', customer, null)).toEqual(customer);
    expect(await repo.get('customer', 'c1')).toEqual(customer);
    const job = stamp({ _id: 'j1', customerId: 'c1', date: '2026-11-23' }, 1, '2026-11-21T09:00:01.000Z');
    await repo.put('job', job, null);

    const raw = async (pk: string, sk: string) =>
      (await db.doc.send(new GetCommand({ TableName: db.tableName, Key: { pk, sk } }))).Item;
    expect(await raw('A#acc-keys#customer', 'c1')).toEqual({
      ...customer,
      pk: 'A#acc-keys#customer',
      sk: 'c1',
      gsi1pk: 'A#acc-keys',
      gsi1sk: '2026-11-21T09:00:00.000Z#customer#c1',
      _type: 'customer',
      _accountId: 'acc-keys',
    });
    expect(await raw('A#acc-keys#job', 'j1')).toMatchObject({
      gsi1sk: '2026-11-21T09:00:01.000Z#job#j1',
      gsi2pk: 'A#acc-keys#job#c1',
      gsi2sk: 'j1',
    });
    // Another account's repository reaches none of it.
    const other = new EntityRepository(db, 'acc-other');
    expect(await other.get('customer', 'c1')).toBeUndefined();
    expect(await other.list('customer')).toEqual([]);
    expect((await other.changedSince(undefined, 10, new Date())).changes).toEqual([]);
  });

  it('refuses a write with a stale _version (general.conflict) and changes nothing', async () => {
    const repo = new EntityRepository(db, 'acc-occ');
    const v1 = stamp({ _id: 's1', name: 'Windows' }, 1, '2026-11-21T09:00:00.000Z');
    await repo.put('service', v1, null);
    const v2 = stamp({ _id: 's1', name: 'Windows and frames' }, 2, '2026-11-21T09:01:00.000Z');
    await repo.put('service', v2, 1);
    const stale = stamp({ _id: 's1', name: 'Gutters' }, 2, '2026-11-21T09:02:00.000Z');
    const e = await rejection(repo.put('service', stale, 1));
    expect([e.kind, e.code, e.params]).toEqual([
      'conflict',
      'general.conflict',
      { type: 'service', id: 's1' },
    ]);
    // "Must be new" on an existing item is a conflict too.
    expect(
      (
        await rejection(
          repo.put('service', stamp({ _id: 's1', name: 'X' }, 1, '2026-11-21T09:03:00.000Z'), null),
        )
      ).code,
    ).toBe('general.conflict');
    expect(await repo.get('service', 's1')).toEqual(v2);
    const feed = await drain(repo, at('2030-01-01T00:00:00Z'));
    expect(feed.changes.map((c) => c.entity)).toEqual([v2]);
  });

  it('hides tombstones from get, list and listBy but sends them in the feed with meta only', async () => {
    const repo = new EntityRepository(db, 'acc-tomb');
    await repo.put(
      'job',
      stamp({ _id: 'j1', customerId: 'c1', notes: 'gate code' }, 1, '2026-11-21T09:00:00.000Z'),
      null,
    );
    await repo.put('job', stamp({ _id: 'j2', customerId: 'c1' }, 1, '2026-11-21T09:00:01.000Z'), null);
    const tomb = { _id: 'j1', _version: 2, _updatedAt: '2026-11-21T09:05:00.000Z', _deleted: true } as Entity;
    await repo.put('job', tomb, 1);
    expect(await repo.get('job', 'j1')).toBeUndefined();
    expect(await repo.getRaw('job', 'j1')).toEqual(tomb);
    expect((await repo.list('job')).map((j) => j._id)).toEqual(['j2']);
    expect((await repo.listBy('job', 'c1')).map((j) => j._id)).toEqual(['j2']);
    const feed = await drain(repo, at('2030-01-01T00:00:00Z'));
    expect(feed.changes).toEqual([
      { type: 'job', entity: expect.objectContaining({ _id: 'j2' }) },
      { type: 'job', entity: tomb },
    ]);
  });

  it('pages the change feed in write order with hasMore, and a caught-up cursor returns nothing new', async () => {
    const repo = new EntityRepository(db, 'acc-feed');
    const written: Entity[] = [];
    for (let i = 0; i < 7; i++) {
      // Written out of time order: the feed orders by _updatedAt, not by arrival.
      const e = stamp({ _id: `r${i}`, description: `Round ${i}` }, 1, `2026-11-21T09:00:0${6 - i}.000Z`);
      await repo.put('round', e, null);
      written.push(e);
    }
    const now = at('2026-11-21T10:00:00Z');
    const pages = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await repo.changedSince(cursor, 3, now);
      pages.push(page);
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    expect(pages.map((p) => [p.changes.length, p.hasMore])).toEqual([
      [3, true],
      [3, true],
      [1, false],
    ]);
    expect(pages.flatMap((p) => p.changes.map((c) => c.entity._id))).toEqual(
      written.map((e) => e._id).reverse(),
    );
    expect(decodeCursor(cursor)).toBe('2026-11-21T09:00:06.000Z#round#r0');
    expect(await repo.changedSince(cursor, 3, now)).toEqual({ changes: [], cursor, hasMore: false });
    // Exactly a page's worth left is not "more".
    const exact = await repo.changedSince(pages[0]?.cursor, 4, now);
    expect([exact.changes.length, exact.hasMore]).toEqual([4, false]);
  });

  it('keeps a caught-up cursor 5 s behind now, so a write stamped earlier but landing later is still sent', async () => {
    const repo = new EntityRepository(db, 'acc-lag');
    const now = at('2026-11-21T10:00:00.000Z');
    await repo.put('round', stamp({ _id: 'old' }, 1, '2026-11-21T09:59:50.000Z'), null);
    await repo.put('round', stamp({ _id: 'recent' }, 1, '2026-11-21T09:59:59.000Z'), null);
    const first = await repo.changedSince(undefined, 100, now);
    expect(first.changes.map((c) => c.entity._id)).toEqual(['old', 'recent']);
    expect(decodeCursor(first.cursor)).toBe('2026-11-21T09:59:55.000Z');

    // A command stamped at :57 commits after the one stamped at :59.
    await repo.put('round', stamp({ _id: 'late' }, 1, '2026-11-21T09:59:57.000Z'), null);
    const second = await repo.changedSince(first.cursor, 100, at('2026-11-21T10:00:01.000Z'));
    expect(second.changes.map((c) => c.entity._id)).toEqual(['late', 'recent']);
    expect(decodeCursor(second.cursor)).toBe('2026-11-21T09:59:56.000Z');

    // Once the window has passed, the cursor moves to the last item and nothing repeats.
    const settled = await repo.changedSince(second.cursor, 100, at('2026-11-21T10:00:30.000Z'));
    expect(settled.changes.map((c) => c.entity._id)).toEqual(['late', 'recent']);
    expect(decodeCursor(settled.cursor)).toBe('2026-11-21T09:59:59.000Z#round#recent');
    expect((await repo.changedSince(settled.cursor, 100, at('2026-11-21T10:00:30.000Z'))).changes).toEqual(
      [],
    );

    // The cursor never moves back: a cursor already past the floor is kept.
    const ahead = encodeCursor('2026-11-21T09:59:59.000Z#round#recent');
    const kept = await repo.changedSince(ahead, 100, now);
    expect([kept.changes, kept.cursor]).toEqual([[], ahead]);
    // An empty feed keeps the incoming cursor ('' = from the start).
    const empty = await new EntityRepository(db, 'acc-lag-empty').changedSince(undefined, 10, now);
    expect(empty).toEqual({ changes: [], cursor: '', hasMore: false });
  });

  it('refuses a cursor that is not one of its own with sync.cursor-invalid', async () => {
    const repo = new EntityRepository(db, 'acc-cursor');
    for (const bad of ['not-base64!', encodeCursor('ZZZ'), encodeCursor('A#acc-other')]) {
      const e = await rejection(repo.changedSince(bad, 10, new Date()));
      expect([e.kind, e.code]).toEqual(['validation', 'sync.cursor-invalid']);
    }
  });

  it('finds children by their parent through gsi2, following a change of parent', async () => {
    const repo = new EntityRepository(db, 'acc-gsi2');
    const t = '2026-11-21T09:00:00.000Z';
    await repo.put('job', stamp({ _id: 'j1', customerId: 'c1' }, 1, t), null);
    await repo.put('job', stamp({ _id: 'j2', customerId: 'c2' }, 1, t), null);
    await repo.put('job', stamp({ _id: 'j3', customerId: 'c1' }, 1, t), null);
    await repo.put('visit', stamp({ _id: 'o1', jobId: 'j1' }, 1, t), null);
    // A round has no indexed field: it is never in gsi2.
    await repo.put('round', stamp({ _id: 'c1' }, 1, t), null);
    // An empty parent value gets no gsi2 keys (DynamoDB and DynamoDB Local refuse '' in an index key).
    await repo.put('transaction', stamp({ _id: 't1', customerId: '' }, 1, t), null);
    expect(await repo.get('transaction', 't1')).toMatchObject({ customerId: '' });
    expect(await repo.listBy('transaction', '')).toEqual([]);
    expect((await repo.listBy('job', 'c1')).map((j) => j._id)).toEqual(['j1', 'j3']);
    expect((await repo.listBy('visit', 'j1')).map((o) => o._id)).toEqual(['o1']);
    await repo.put('job', stamp({ _id: 'j3', customerId: 'c2' }, 2, '2026-11-21T09:01:00.000Z'), 1);
    expect((await repo.listBy('job', 'c1')).map((j) => j._id)).toEqual(['j1']);
    expect((await repo.listBy('job', 'c2')).map((j) => j._id)).toEqual(['j2', 'j3']);
    await expect(repo.listBy('round', 'x')).rejects.toThrow('round has no indexed field');
  });

  it('lists the portal leads made in a period by the leads index, and no other customer', async () => {
    const repo = new EntityRepository(db, 'acc-leads');
    const t = '2026-11-21T09:00:00.000Z';
    const customer = (id: string, createdDate: string, lead: Record<string, unknown>) =>
      stamp({ _id: id, name: id, createdDate, source: '', ...lead }, 1, t);
    await repo.batchPut([
      { type: 'customer', entity: customer('before', '2026-11-13T23:59:59.999Z', { createdOnPortal: true }) },
      { type: 'customer', entity: customer('first', '2026-11-14T00:00:00.000Z', { createdOnPortal: true }) },
      {
        type: 'customer',
        entity: customer('quote', '2026-11-15T10:00:00.000Z', { source: 'Quote: Windows' }),
      },
      { type: 'customer', entity: customer('walk-in', '2026-11-16T10:00:00.000Z', {}) },
      { type: 'customer', entity: customer('gone', '2026-11-17T10:00:00.000Z', { source: 'directory' }) },
      { type: 'customer', entity: customer('at-end', '2026-11-21T00:00:00.000Z', { createdOnPortal: true }) },
    ]);
    await repo.put('customer', { _id: 'gone', _version: 2, _updatedAt: t, _deleted: true } as Entity, 1);
    const leads = await repo.listLeads('2026-11-14T00:00:00.000Z', '2026-11-21T00:00:00.000Z', ['name']);
    expect(leads.map((l) => l._id)).toEqual(['first', 'quote']);
    expect(leads[0]).toEqual({ _id: 'first', name: 'first' });
  });

  it('indexes the leads stored before the index, once, without a new version', async () => {
    const repo = new EntityRepository(db, 'acc-old-leads');
    const old = stamp(
      { _id: 'old', name: 'Old Lead', createdDate: '2026-11-15T10:00:00.000Z', createdOnPortal: true },
      3,
      '2026-11-15T10:00:00.000Z',
    );
    const { gsi2pk: _pk, gsi2sk: _sk, ...unindexed } = toItem('acc-old-leads', 'customer', old);
    await db.doc.send(new PutCommand({ TableName: db.tableName, Item: unindexed }));
    const week = () => repo.listLeads('2026-11-14T00:00:00.000Z', '2026-11-21T00:00:00.000Z', ['name']);
    expect(await week()).toEqual([]);
    expect(await repo.indexLeads()).toBe(1);
    expect(await week()).toEqual([{ _id: 'old', name: 'Old Lead' }]);
    expect(await repo.get('customer', 'old')).toEqual(old);
    expect(await repo.indexLeads()).toBe(0);
  });

  it('batchPut writes 3,000 items that are all readable, and collapses duplicate keys', async () => {
    const repo = new EntityRepository(db, 'acc-batch');
    const changes: Change[] = Array.from({ length: 3000 }, (_, i) => ({
      type: i % 3 === 0 ? 'customer' : 'job',
      entity: stamp(
        {
          _id: `e${String(i).padStart(5, '0')}`,
          name: `Item ${i}`,
          customerId: `e${String(i - (i % 3)).padStart(5, '0')}`,
          notes: 'x'.repeat(200),
        },
        1,
        new Date(Date.UTC(2026, 10, 1) + i * 1000).toISOString(),
      ),
    }));
    changes.push({
      ...(changes[0] as Change),
      entity: { ...(changes[0] as Change).entity, name: 'Last wins' },
    });
    const started = performance.now();
    expect(await repo.batchPut(changes)).toBe(3000);
    const ms = performance.now() - started;
    console.info(
      `[${kind}] batchPut 3000 items: ${ms.toFixed(0)} ms (${Math.round(3000 / (ms / 1000))} items/s)`,
    );
    expect(await repo.list('customer')).toHaveLength(1000);
    expect(await repo.list('job')).toHaveLength(2000);
    expect((await repo.get('customer', 'e00000'))?.name).toBe('Last wins');
    expect(await repo.listBy('job', 'e00003')).toHaveLength(2);
    const feed = await drain(repo, at('2030-01-01T00:00:00Z'), 2000);
    expect([feed.changes.length, feed.pages]).toEqual([3000, 2]);
  }, 60_000);
});
