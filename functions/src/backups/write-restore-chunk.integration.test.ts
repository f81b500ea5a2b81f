import type { Change, Entity } from '@roundwise/core';
import { type Db, EntityRepository } from '@roundwise/db';
import { createTestDb, type Engine, startEngine } from '@roundwise/db/test-engines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localBilling } from '../adapters/billing.ts';
import type { Deps } from '../context.ts';
import { createDeps } from '../create-deps.ts';
import { planRestore } from './restore-plan.ts';
import { writeRestoreChunk } from './write-restore-chunk.ts';

/**
 * A restore's chunk on its own: run twice (a delivery that died before recording its progress)
 * it writes nothing the second time; a record a command changed after the plan read it is still
 * put back, over the version now stored.
 */
let engine: Engine;
let db: Db;
let s: Deps;
const accountId = 'chunk-account';

beforeAll(async () => {
  engine = await startEngine('dynalite');
  db = await createTestDb(engine);
  s = createDeps({
    db,
    mailer: { send: async () => {} },
    billing: localBilling,
    publicUrl: 'http://localhost:3000',
    secureCookies: false,
  });
}, 60_000);
afterAll(async () => engine?.stop());

const customer = (id: string, name: string, version: number): Change => ({
  type: 'customer',
  entity: { _id: id, _version: version, _updatedAt: '2026-11-01T00:00:00.000Z', name } as Entity,
});

describe('a restore chunk', () => {
  it('writes each record once however often it runs, and puts back a record changed after the plan', async () => {
    const repo = new EntityRepository(db, accountId);
    const backup = [customer('a', 'Ann', 1), customer('b', 'Ben', 1)];
    // Now: Ann renamed, Ben renamed, Cat new.
    await repo.batchPut([customer('a', 'Ann 2', 2), customer('b', 'Ben 2', 2), customer('c', 'Cat', 1)]);
    const current = new Map(
      [customer('a', 'Ann 2', 2), customer('b', 'Ben 2', 2), customer('c', 'Cat', 1)].map((c) => [
        `customer\t${c.entity._id}`,
        c,
      ]),
    );
    const plan = planRestore(current, backup, new Date().toISOString());
    expect(plan.map((w) => [w.entity._id, w.expected, w.entity._deleted ?? false])).toEqual([
      ['c', 1, true],
      ['a', 2, false],
      ['b', 2, false],
    ]);
    // A command changes Ben after the plan read him.
    await repo.put('customer', { ...customer('b', 'Ben 3', 3).entity }, 2);

    await writeRestoreChunk(s, accountId, plan);
    const once = await repo.getManyRaw('customer', ['a', 'b', 'c']);
    await writeRestoreChunk(s, accountId, plan);
    const twice = await repo.getManyRaw('customer', ['a', 'b', 'c']);

    const byId = (list: Entity[]) => Object.fromEntries(list.map((e) => [e._id, e]));
    expect(byId(twice)).toEqual(byId(once));
    expect(byId(once)).toMatchObject({
      a: { name: 'Ann', _version: 3 },
      b: { name: 'Ben', _version: 4 },
      c: { _deleted: true, _version: 2 },
    });
  });
});
