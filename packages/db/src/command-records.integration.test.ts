import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { CommandRecords } from './command-records.ts';
import { createTestDb, type Engine, startEngine, TEST_ENGINES } from './test-engines.ts';
import { TransactionRefused, transactWrite } from './transactions.ts';

describe.each(TEST_ENGINES)('CommandRecords on %s', (kind) => {
  let engine: Engine;
  let db: Db;
  let records: CommandRecords;
  const now = new Date('2026-11-21T09:00:00.000Z');
  const later = (ms: number) => new Date(now.getTime() + ms);
  beforeAll(async () => {
    engine = await startEngine(kind);
    db = await createTestDb(engine);
    records = new CommandRecords(db);
  }, 60_000);
  afterAll(() => engine?.stop());

  const answerOf = (id: string) => ({ status: 200, body: { commandId: id, result: null, changes: [] } });
  const done = (commandId: string, accountId = 'a1', userId = 'u1') => ({
    accountId,
    commandId,
    userId,
    answer: answerOf(commandId),
    now,
  });

  it('a done record is written once: a second write fails its transaction, the first answers replays', async () => {
    await transactWrite(db, [records.doneItem(done('cmd1'))]);
    const again = await transactWrite(db, [records.doneItem({ ...done('cmd1'), userId: 'u2' })]).catch(
      (e: unknown) => e,
    );
    expect(again).toBeInstanceOf(TransactionRefused);
    expect(await records.get('a1', 'cmd1', later(86_400_000))).toEqual({
      status: 'done',
      userId: 'u1',
      answer: answerOf('cmd1'),
    });
    // Records last 7 days; the same commandId in another account is another command.
    expect(await records.get('a1', 'cmd1', later(7 * 86_400_000))).toBeUndefined();
    expect(await records.get('a2', 'cmd1', now)).toBeUndefined();
  });

  it('a refusal never replaces a record that stands, and concurrent refusals agree on one', async () => {
    await transactWrite(db, [records.doneItem(done('cmd2'))]);
    const refusal = { ...done('cmd2'), userId: 'u2', answer: { status: 403, body: { code: 'x' } } };
    expect(await records.recordRefusal(refusal)).toEqual({
      status: 'done',
      userId: 'u1',
      answer: answerOf('cmd2'),
    });
    const racing = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        records.recordRefusal({ ...done('cmd-race'), userId: `u${i}`, answer: { status: 404, body: i } }),
      ),
    );
    for (const r of racing) expect(r).toEqual(racing[0]);
  });

  it('a claim for a run in parts is taken once, renewed only by its run, and free once its lease ran out', async () => {
    const claim = { accountId: 'a1', commandId: 'big', userId: 'u1', runId: 'run-1', now };
    expect(await records.claim(claim, 10_000)).toBe(true);
    expect(await records.claim({ ...claim, runId: 'run-2' }, 10_000)).toBe(false);
    await transactWrite(db, [records.leaseItem({ ...claim, now: later(5_000) }, 10_000)]);
    await expect(
      transactWrite(db, [records.leaseItem({ ...claim, runId: 'run-2' }, 10_000)]),
    ).rejects.toBeInstanceOf(TransactionRefused);
    expect(await records.claim({ ...claim, runId: 'run-2', now: later(14_000) }, 10_000)).toBe(false);
    expect(await records.claim({ ...claim, runId: 'run-2', now: later(15_000) }, 10_000)).toBe(true);
    // The first run lost its claim: it can no longer write the answer; the new holder can.
    await expect(transactWrite(db, [records.doneItem(done('big'), 'run-1')])).rejects.toBeInstanceOf(
      TransactionRefused,
    );
    await transactWrite(db, [records.doneItem(done('big'), 'run-2')]);
    expect((await records.get('a1', 'big', now))?.status).toBe('done');
  });

  it('stores a large answer compressed and returns it whole', async () => {
    const changes = Array.from({ length: 2000 }, (_, i) => ({
      type: 'job',
      entity: { _id: `j${i}`, notes: 'n'.repeat(50) },
    }));
    const answer = { status: 200, body: { changes } };
    await transactWrite(db, [records.doneItem({ ...done('large'), answer })]);
    expect(await records.get('a1', 'large', now)).toEqual({ status: 'done', userId: 'u1', answer });
  });
});
