import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { Keys } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleBackground } from '../background.ts';
import { startTestApi } from '../test-harness.ts';

/**
 * Once per commandId without a claim written up front (run-command.ts): duplicates are told
 * apart by the answer record, by the commandId every written item carries, and by the items'
 * own `_version` conditions.
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

const customerNamed = async (c: ReturnType<typeof api.client>, name: string) => {
  const page = await c.get('/sync?cursor=');
  return page.json.changes.filter(
    (ch: { type: string; entity: { name?: string } }) => ch.type === 'customer' && ch.entity.name === name,
  );
};

describe('commands without an up-front claim', () => {
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

  it('a duplicate that finds the writes but no answer record yet waits, is told to retry, and does not write', async () => {
    const { c, accountId } = await signedIn('idem3@example.com');
    const created = (await c.command('customers.create', { name: 'Cat Crash' })).json.result;
    const first = await c.command(
      'customers.update',
      { _id: created._id, changes: { notes: 'First' } },
      'idem-crash-0001',
    );
    expect(first.status).toBe(200);
    // As if the process died after the writes and before the answer record.
    await settleBackground();
    await api.db.doc.send(
      new DeleteCommand({ TableName: api.db.tableName, Key: Keys.commandKey(accountId, 'idem-crash-0001') }),
    );
    const early = await c.command(
      'customers.update',
      { _id: created._id, changes: { notes: 'First' } },
      'idem-crash-0001',
    );
    expect(early.status).toBe(409);
    expect(early.json.code).toBe('command.in-progress');
    expect((await customerNamed(c, 'Cat Crash'))[0].entity._version).toBe(2);
    // After 30 s the retry runs it again over its own writes (an update repeats harmlessly).
    api.advance(31_000);
    const late = await c.command(
      'customers.update',
      { _id: created._id, changes: { notes: 'First' } },
      'idem-crash-0001',
    );
    expect(late.status).toBe(200);
    expect(late.json.result).toMatchObject({ notes: 'First', _version: 3 });
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

  it('a run stopped part-way by another command lets its retry run at once, over its own writes', async () => {
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
      const noted = await c.command('occurrences.notes', { jobId: job._id, isoDueDate, notes: 'Side gate' });
      expect(noted.status).toBe(200);
    }
    const visits = async () =>
      (await c.get('/sync?cursor=')).json.changes.filter(
        (ch: { type: string; entity: { jobId?: string } }) =>
          ch.type === 'occurrence' && ch.entity.jobId === job._id,
      );
    expect(await visits()).toHaveLength(2);
    // jobs.update reprices the visits, then writes the job: the job's write meets another
    // command's change (its condition fails) after the visits' writes have landed.
    const send = api.db.doc.send.bind(api.db.doc);
    let failNext = true;
    api.db.doc.send = ((command: { input: { Item?: { _type?: string } } }, ...rest: never[]) => {
      if (failNext && command instanceof PutCommand && command.input.Item?._type === 'job') {
        failNext = false;
        return Promise.reject(new ConditionalCheckFailedException({ message: 'changed', $metadata: {} }));
      }
      return send(command as never, ...rest);
    }) as typeof api.db.doc.send;
    const update = () =>
      c.command('jobs.update', { _id: job._id, changes: { price: 20 } }, 'idem-halfway-01');
    try {
      const first = await update();
      expect(first.status).toBe(409);
      expect(first.json.code).toBe('general.conflict');
    } finally {
      api.db.doc.send = send;
    }
    // The visits carry this command's writes; the retry is not taken for a duplicate of it.
    const retry = await update();
    expect(retry.status).toBe(200);
    expect(retry.json.result).toMatchObject({ price: 20, _version: 2 });
    for (const v of await visits()) expect(v.entity.price).toBe(20);
    await settleBackground();
    expect((await update()).json).toEqual(retry.json);
  });

  it('an update writes nothing but its entity before its answer: its read and the answer record read at once, then its write', async () => {
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
    // No claim: the two reads go together, then the one write; the answer record is written
    // after the reply (with other answers of the moment).
    expect(sent).toEqual(['GetItemCommand', 'GetItemCommand', 'PutItemCommand', 'BatchWriteItemCommand']);
  });
});
