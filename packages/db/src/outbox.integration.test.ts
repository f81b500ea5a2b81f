import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { Outbox } from './outbox.ts';
import { createTestDb, type Engine, startEngine } from './test-engines.ts';

describe('the outbox after a point-in-time restore, and its oldest item', () => {
  let engine: Engine;
  let db: Db;
  let outbox: Outbox;
  const now = new Date('2026-11-21T09:00:00.000Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  beforeAll(async () => {
    engine = await startEngine('dynalite');
    db = await createTestDb(engine);
    outbox = new Outbox(db);
  }, 60_000);
  afterAll(() => engine?.stop());

  it('names the effect that has waited longest since it could go, and settles the restored ones without sending', async () => {
    expect(await outbox.oldestPending(now)).toBeUndefined();
    await outbox.add({ id: 'sent-later', kind: 'mail.send', payload: { to: 'x' } }, ago(20));
    await outbox.add({ id: 'newer', kind: 'sms.send', payload: {} }, ago(5));
    // Scheduled: written long ago, due only in an hour, so it is not waiting yet.
    await outbox.add(
      {
        id: 'tomorrow',
        kind: 'mail.send',
        payload: {},
        dueAt: new Date(now.getTime() + 3_600_000).toISOString(),
      },
      ago(60),
    );
    await outbox.add({ id: 'delivered', kind: 'mail.send', payload: {} }, ago(30));
    await outbox.done('delivered', ago(29));

    expect(await outbox.oldestPending(now)).toEqual({ id: 'sent-later', waitingMs: 20 * 60_000 });

    const settled = await outbox.settleRestored(now);
    expect(settled.map((e) => [e.id, e.kind])).toEqual([
      ['sent-later', 'mail.send'],
      ['newer', 'sms.send'],
    ]);
    for (const id of ['sent-later', 'newer']) expect((await outbox.get(id))?.status).toBe('done');
    // Never claimed: nothing delivered them.
    expect(settled.every((e) => e.attempts === 0)).toBe(true);
    expect((await outbox.get('tomorrow'))?.status).toBe('pending');
    expect(await outbox.oldestPending(now)).toBeUndefined();
    expect(await outbox.settleRestored(now)).toEqual([]);
  });
});
