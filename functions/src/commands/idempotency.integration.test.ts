import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@roundwise/core';
import { AuthRepository, EntityRepository, Keys } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleBackground } from '../background.ts';
import { startTestApi } from '../test-harness.ts';

/**
 * Once per commandId (run-command.ts): the command's writes and its answer record are one
 * transaction, the record on condition that none is there; whoever fails that condition answers
 * with the record.
 */
let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());

async function signedIn(email: string) {
  const c = api.client();
  await c.signup(email);
  const accountId = (await c.get('/me')).json.account.accountId as string;
  return { c, accountId };
}

/** Makes the table client's next transaction fail with `error`; returns the undo. */
function failNextTransaction(error: Error, times = 1) {
  const send = api.db.doc.send.bind(api.db.doc);
  let armed = times;
  api.db.doc.send = ((command: object, ...rest: never[]) => {
    if (armed > 0 && command instanceof TransactWriteCommand) {
      armed -= 1;
      return Promise.reject(error);
    }
    return send(command as never, ...rest);
  }) as typeof api.db.doc.send;
  return () => {
    api.db.doc.send = send;
  };
}

const getRecord = (accountId: string, commandId: string) =>
  new GetCommand({
    TableName: api.db.tableName,
    Key: Keys.commandKey(accountId, commandId),
    ConsistentRead: true,
  });

const customerNamed = async (c: ReturnType<typeof api.client>, name: string) => {
  const page = await c.get('/sync?cursor=');
  return page.json.changes.filter(
    (ch: { type: string; entity: { name?: string } }) => ch.type === 'customer' && ch.entity.name === name,
  );
};

describe('one transaction per command, with its answer record', () => {
  it('10 concurrent sends of one update apply it once, and every answer is the first answer', async () => {
    const { c } = await signedIn('idem1@example.com');
    const created = (await c.command('customers.create', { name: 'Ann Race' })).json.result;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        c.command(
          'customers.update',
          { _id: created._id, changes: { notes: 'Gate code 1234' } },
          'idem-update-0001',
        ),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const a of answers) {
      if (a.status !== 200) expect(a.json.code).toBe('command.in-progress');
    }
    for (const a of ok) expect(a.json).toEqual(ok[0]?.json);
    expect(ok[0]?.json.result).toMatchObject({ notes: 'Gate code 1234', _version: 2 });
    const [stored] = await customerNamed(c, 'Ann Race');
    expect(stored.entity._version).toBe(2);
    // Once the answer is recorded, a replay gets it and writes nothing.
    await settleBackground();
    const replay = await c.command(
      'customers.update',
      { _id: created._id, changes: { notes: 'Gate code 1234' } },
      'idem-update-0001',
    );
    expect(replay.json).toEqual(ok[0]?.json);
    expect((await customerNamed(c, 'Ann Race'))[0].entity._version).toBe(2);
  });

  it('concurrent sends of a create without an _id create one entity (its id comes from the commandId)', async () => {
    const { c } = await signedIn('idem2@example.com');
    const commandId = '01KAKZ7T3Q8W9X0Y1Z2A3B4C5D';
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => c.command('customers.create', { name: 'Bea Once' }, commandId)),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const a of ok) expect(a.json).toEqual(ok[0]?.json);
    expect(await customerNamed(c, 'Bea Once')).toHaveLength(1);
    // The id is a ULID with the commandId's time, so it sorts by when the user acted.
    expect(ok[0]?.json.result._id).toMatch(/^01KAKZ7T3Q[0-9A-HJKMNP-TV-Z]{16}$/);
  });

  it('writes and answer record land together: a commit that fails leaves neither, and the retry runs afresh', async () => {
    const { c, accountId } = await signedIn('idem3@example.com');
    const created = (await c.command('customers.create', { name: 'Cat Crash' })).json.result;
    const update = () =>
      c.command('customers.update', { _id: created._id, changes: { notes: 'First' } }, 'idem-crash-0001');
    const restore = failNextTransaction(new Error('connection reset'));
    try {
      expect((await update()).status).toBe(500);
    } finally {
      restore();
    }
    expect((await customerNamed(c, 'Cat Crash'))[0].entity._version).toBe(1);
    expect(await api.db.doc.send(getRecord(accountId, 'idem-crash-0001'))).not.toHaveProperty('Item');
    const retry = await update();
    expect(retry.status).toBe(200);
    expect(retry.json.result).toMatchObject({ notes: 'First', _version: 2 });
    // And a replay right after gets that answer at once, writing nothing.
    expect((await update()).json).toEqual(retry.json);
    expect((await customerNamed(c, 'Cat Crash'))[0].entity._version).toBe(2);
  });

  it('a replay of a command that succeeded gets its first answer, never a refusal the new state would give', async () => {
    const { c } = await signedIn('idem8@example.com');
    expect((await c.patch('/account', { flags: ['multiUser'] })).status).toBe(200);
    const team = await c.command('teams.create', { name: 'North', memberUserIds: [] }, 'idem-team-0001');
    expect(team.status).toBe(200);
    const again = await c.command('teams.create', { name: 'North', memberUserIds: [] }, 'idem-team-0001');
    expect(again.status).toBe(200);
    expect(again.json).toEqual(team.json);
    // Another id for the same name is refused: the name is taken.
    expect((await c.command('teams.create', { name: 'North', memberUserIds: [] })).json.code).toBe(
      'teams.name-taken',
    );
  });

  it('another command writing in between does not hide an applied command from its replay', async () => {
    const { c } = await signedIn('idem4@example.com');
    const created = (await c.command('customers.create', { name: 'Dan Later' })).json.result;
    const first = await c.command(
      'customers.update',
      { _id: created._id, changes: { notes: 'Mine' } },
      'idem-later-0001',
    );
    await c.command(
      'customers.update',
      { _id: created._id, changes: { notes: 'Theirs' } },
      'idem-later-0002',
    );
    const replay = await c.command(
      'customers.update',
      { _id: created._id, changes: { notes: 'Mine' } },
      'idem-later-0001',
    );
    expect(replay.json).toEqual(first.json);
    expect((await customerNamed(c, 'Dan Later'))[0].entity).toMatchObject({ notes: 'Theirs', _version: 3 });
  });

  it('a refusal is recorded as the answer and stays the answer', async () => {
    const { c } = await signedIn('idem5@example.com');
    const bad = await c.command(
      'customers.update',
      { _id: '01KAKZ7T3Q8W9X0Y1Z2A3B4C5E', changes: { notes: 'x' } },
      'idem-refused-01',
    );
    expect(bad.status).toBe(404);
    const again = await c.command(
      'customers.update',
      { _id: '01KAKZ7T3Q8W9X0Y1Z2A3B4C5E', changes: { notes: 'x' } },
      'idem-refused-01',
    );
    expect(again.json).toEqual(bad.json);
  });

  it("a command that meets another command's change stores nothing, and its retry runs at once", async () => {
    const { c } = await signedIn('idem6@example.com');
    const customer = (await c.command('customers.create', { name: 'Eve Halfway' })).json.result;
    const job = (
      await c.command('jobs.create', {
        customerId: customer._id,
        date: '2026-11-02',
        price: 18,
        frequencyType: 'Weeks',
        frequencyInterval: 2,
      })
    ).json.result;
    // Two visits stored with notes of their own (still at the job's price).
    for (const isoDueDate of ['2026-11-02', '2026-11-16']) {
      const noted = await c.command('visits.notes', { jobId: job._id, isoDueDate, notes: 'Side gate' });
      expect(noted.status).toBe(200);
    }
    const visits = async () =>
      (await c.get('/sync?cursor=')).json.changes.filter(
        (ch: { type: string; entity: { jobId?: string } }) =>
          ch.type === 'visit' && ch.entity.jobId === job._id,
      );
    expect(await visits()).toHaveLength(2);
    // jobs.update reprices the visits and writes the job in one transaction: when it meets another
    // command's change, nothing of it is stored. The server runs it again on fresh reads (four
    // runs in all); a change met every time answers general.conflict.
    const restore = failNextTransaction(
      new TransactionCanceledException({
        message: 'changed',
        $metadata: {},
        CancellationReasons: [
          { Code: 'None' },
          { Code: 'None' },
          { Code: 'None' },
          { Code: 'ConditionalCheckFailed' },
        ],
      }),
      4,
    );
    const update = () =>
      c.command('jobs.update', { _id: job._id, changes: { price: 20 } }, 'idem-halfway-01');
    try {
      const first = await update();
      expect(first.status).toBe(409);
      expect(first.json.code).toBe('general.conflict');
    } finally {
      restore();
    }
    for (const v of await visits()) expect(v.entity.price).toBe(18);
    // The client's retry runs the command again at once.
    const retry = await update();
    expect(retry.status).toBe(200);
    expect(retry.json.result).toMatchObject({ price: 20, _version: 2 });
    for (const v of await visits()) expect(v.entity.price).toBe(20);
    expect((await update()).json).toEqual(retry.json);
  });

  it('an update is two round trips: its read and the answer record read in one request, then one transaction', async () => {
    const { c } = await signedIn('idem7@example.com');
    const created = (await c.command('customers.create', { name: 'Fay Two' })).json.result;
    await settleBackground();
    const send = api.db.doc.send.bind(api.db.doc);
    const sent: string[] = [];
    api.db.doc.send = ((command: { clientCommand?: object }, ...rest: never[]) => {
      sent.push(command.clientCommand?.constructor.name ?? command.constructor.name);
      return send(command as never, ...rest);
    }) as typeof api.db.doc.send;
    try {
      const answer = await c.command('customers.update', { _id: created._id, changes: { notes: 'Dog' } });
      expect(answer.status).toBe(200);
      await settleBackground();
    } finally {
      api.db.doc.send = send;
    }
    // The two reads go together in one request, then the entity and the answer record in one transaction.
    expect(sent).toEqual(['BatchGetItemCommand', 'TransactWriteItemsCommand']);
  });
});

describe("a commandId is its caller's", () => {
  /** A second user of the account: signed up on their own, then made a Worker of `accountId`. */
  async function colleague(email: string, accountId: string, roles: Role[] = ['Worker']) {
    const { c } = await signedIn(email);
    const userId = (await c.get('/me')).json.user.userId as string;
    await new AuthRepository(api.db).putMembership({
      userId,
      accountId,
      roles,
      deactivated: false,
      businessName: 'Sparkle Windows',
    });
    expect((await c.post('/me/account', { accountId })).status).toBe(200);
    return c;
  }

  it('another user replaying a commandId is refused, and their refusal never replaces the answer', async () => {
    const { c: owner, accountId } = await signedIn('mine1@example.com');
    const first = await owner.command('customers.create', { name: 'Gil Own' }, 'mine-cmd-00001');
    expect(first.status).toBe(200);
    // An Admin, who may create customers: the id alone is what refuses them.
    const other = await colleague('mine2@example.com', accountId, ['Admin']);
    const stolen = await other.command('customers.create', { name: 'Gil Own' }, 'mine-cmd-00001');
    expect(stolen.status).toBe(403);
    expect(stolen.json).toEqual({ code: 'command.not-yours', params: { commandId: 'mine-cmd-00001' } });
    // ...and the first answer still stands for its caller, and nothing was written twice.
    expect((await owner.command('customers.create', { name: 'Gil Own' }, 'mine-cmd-00001')).json).toEqual(
      first.json,
    );
    expect(await customerNamed(owner, 'Gil Own')).toHaveLength(1);

    // A refusal recorded for one caller is theirs too: another caller gets command.not-yours, not it.
    const refused = await other.command('customers.create', { name: '   ' }, 'mine-cmd-00002');
    expect(refused.json.code).toBe('customers.enter-name');
    const mine = await owner.command('customers.create', { name: 'Nope' }, 'mine-cmd-00002');
    expect([mine.status, mine.json.code]).toEqual([403, 'command.not-yours']);
    expect((await other.command('customers.create', { name: '   ' }, 'mine-cmd-00002')).json).toEqual(
      refused.json,
    );
    expect(await customerNamed(owner, 'Nope')).toHaveLength(0);
  });
});

describe('a command too large for one transaction', () => {
  /** 150 weekly jobs of one customer, all due on 2026-11-02 (written straight to the table). */
  async function bigDay(email: string) {
    const { c, accountId } = await signedIn(email);
    const customer = (await c.command('customers.create', { name: 'Many Jobs' })).json.result;
    const job = (
      await c.command('jobs.create', {
        customerId: customer._id,
        date: '2026-11-02',
        price: 10,
        frequencyType: 'Weeks',
        frequencyInterval: 1,
      })
    ).json.result;
    const clones = Array.from({ length: 149 }, (_, i) => ({
      type: 'job' as const,
      entity: { ...job, _id: `${job._id.slice(0, 20)}${String(i).padStart(6, '0')}` },
    }));
    await new EntityRepository(api.db, accountId).batchPut(clones);
    const jobIds = [job._id, ...clones.map((j) => j.entity._id)].reverse();
    return { c, accountId, visits: jobIds.map((jobId) => ({ jobId, isoDueDate: '2026-11-02' })) };
  }
  const reorder = (c: Awaited<ReturnType<typeof bigDay>>['c'], visits: object[], commandId: string) =>
    c.command('visits.reorder', { isoPlannedDate: '2026-11-02', visits }, commandId);
  const stored = async (c: Awaited<ReturnType<typeof bigDay>>['c']) =>
    (await c.get('/sync?cursor=')).json.changes.filter((ch: { type: string }) => ch.type === 'visit');

  it('writes in parts under a claim, answers once, and its replay gets that answer', async () => {
    const { c, visits } = await bigDay('big1@example.com');
    const first = await reorder(c, visits, 'big-reorder-0001');
    expect(first.status).toBe(200);
    // More writes than one transaction holds (a visit already at its place is not written).
    expect(first.json.result.written).toBeGreaterThan(99);
    expect(await stored(c)).toHaveLength(first.json.result.written);
    expect((await reorder(c, visits, 'big-reorder-0001')).json).toEqual(first.json);
  }, 30_000);

  it('a run that dies part-way is taken over by a replay once its claim has run out', async () => {
    const { c, visits } = await bigDay('big2@example.com');
    // The second transaction (the second part) never lands: as if the process died there.
    const send = api.db.doc.send.bind(api.db.doc);
    let transactions = 0;
    api.db.doc.send = ((command: object, ...rest: never[]) => {
      if (command instanceof TransactWriteCommand && ++transactions === 2) {
        return Promise.reject(new Error('process died'));
      }
      return send(command as never, ...rest);
    }) as typeof api.db.doc.send;
    try {
      expect((await reorder(c, visits, 'big-reorder-0002')).status).toBe(500);
    } finally {
      api.db.doc.send = send;
    }
    expect(await stored(c)).toHaveLength(99);
    // While the claim holds, a retry is told to wait; once it has run out, the retry finishes.
    expect((await reorder(c, visits, 'big-reorder-0002')).json.code).toBe('command.in-progress');
    api.advance(11_000);
    const finished = await reorder(c, visits, 'big-reorder-0002');
    expect(finished.status).toBe(200);
    // The run again writes only what the first did not (the visits already in place are skipped).
    const all = await stored(c);
    expect(99 + finished.json.result.written).toBe(all.length);
    const orders = finished.json.result.visits.map((i: { plannedOrder: number }) => i.plannedOrder);
    expect(orders).toEqual(visits.map((_, i) => i));
    expect((await reorder(c, visits, 'big-reorder-0002')).json).toEqual(finished.json);
  }, 30_000);
});
