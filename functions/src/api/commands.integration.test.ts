import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkFrom, startTestApi } from '../test-harness.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());

const allChanges = async (c: ReturnType<typeof api.client>) => {
  const out = [];
  let cursor = '';
  for (;;) {
    const page = await c.get(`/sync?cursor=${cursor}`);
    out.push(...page.json.changes);
    cursor = page.json.cursor;
    if (!page.json.hasMore) return out;
  }
};

describe('POST /api/commands/:name', () => {
  it('runs a command and answers with the stored entities', async () => {
    const c = api.client();
    await c.signup('cmd1@example.com');
    const res = await c.command('customers.create', { name: 'Ann Smith', email: 'ann@example.org' });
    expect(res.status).toBe(200);
    expect(res.json.result).toMatchObject({ name: 'Ann Smith', _version: 1, state: 'active' });
    expect(res.json.changes).toEqual([{ type: 'customer', entity: res.json.result }]);
  });

  it('a replayed commandId returns the first answer and writes nothing', async () => {
    const c = api.client();
    await c.signup('cmd2@example.com');
    const first = await c.command('customers.create', { name: 'Once Only' }, 'cmd-replay-0001');
    const again = await c.command('customers.create', { name: 'Once Only' }, 'cmd-replay-0001');
    expect(again.status).toBe(first.status);
    expect(again.json).toEqual(first.json);
    const customers = (await allChanges(c)).filter((ch) => ch.type === 'customer');
    expect(customers).toHaveLength(1);
    // A refused command's replay gets the same refusal.
    const bad1 = await c.command('rounds.create', { description: ' ' }, 'cmd-replay-0002');
    const bad2 = await c.command('rounds.create', { description: 'Now valid' }, 'cmd-replay-0002');
    expect([bad1.status, bad2.status]).toEqual([400, 400]);
    expect(bad2.json).toEqual(bad1.json);
  });

  it("a role that may not run a command gets 403 whatever it sends, never the command's validation", async () => {
    const owner = api.client();
    await owner.signup('cmd-access@example.com');
    const { member: worker } = await api.addMember(owner, 'cmd-worker@example.com', ['Worker']);
    for (const body of [
      { commandId: 'cmd-access-0001', input: { description: ' ' } },
      { commandId: 'cmd-access-0002', input: 'nonsense' },
      { input: { description: 'No command id' } },
      'not even json',
    ]) {
      const res = await worker.call('POST', '/commands/rounds.create', body, {
        'content-type': 'application/json',
      });
      expect([res.status, res.json.code]).toEqual([403, 'access.role-required']);
      expect(res.json.params).not.toHaveProperty('issues');
    }
    expect((await allChanges(owner)).filter((ch) => ch.type === 'round')).toEqual([]);
  });

  it('20 concurrent sends of one commandId apply it once', async () => {
    const c = api.client();
    await c.signup('cmd3@example.com');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        c.command('rounds.create', { description: 'Race Round' }, 'cmd-race-00001'),
      ),
    );
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    const rounds = (await allChanges(c)).filter((ch) => ch.type === 'round');
    expect(rounds).toHaveLength(1);
  });

  it('an unknown command is 404 command.unknown', async () => {
    const c = api.client();
    await c.signup('cmd4@example.com');
    const res = await c.command('customers.explode', {});
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ code: 'command.unknown', params: { name: 'customers.explode' } });
  });

  it('a bad input is 400 with the spec key and changes nothing', async () => {
    const c = api.client();
    await c.signup('cmd5@example.com');
    const blank = await c.command('rounds.create', { description: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.json.code).toBe('rounds.enter-round');
    await c.command('rounds.create', { description: 'Monday' });
    const dup = await c.command('rounds.create', { description: ' MONDAY ' });
    expect(dup.status).toBe(400);
    expect(dup.json).toMatchObject({ code: 'rounds.round-already-exists' });
    const missingId = await c.post('/commands/customers.create', { input: { name: 'No command id' } });
    expect(missingId.status).toBe(400);
    expect((await allChanges(c)).map((ch) => ch.entity.description ?? ch.entity.name)).toEqual(['Monday']);
  });

  it('no session is 401', async () => {
    const res = await api.client().command('customers.create', { name: 'Anon' });
    expect(res.status).toBe(401);
    expect(res.json.code).toBe('auth.unauthenticated');
  });

  it('a role the route table refuses is 403 with access.role-required', async () => {
    const owner = api.client();
    await owner.signup('cmd6@example.com');
    await owner.post('/users/invite', { email: 'cmd6-worker@example.com', roles: ['Worker'] });
    const worker = api.client();
    await worker.post('/auth/accept-invite', {
      token: linkFrom(api.outbox, 'cmd6-worker@example.com', 'accept-invite'),
      password: 'worker pass 1',
    });
    const res = await worker.command('customers.create', { name: 'Not allowed' });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      code: 'access.role-required',
      params: { roles: ['Owner', 'Admin', 'Creator'] },
    });
    expect((await allChanges(owner)).filter((ch) => ch.type === 'customer')).toHaveLength(0);
  });

  it('after the trial ends without a plan, commands are refused with access.not-subscribed', async () => {
    const c = api.client();
    await c.signup('cmd7@example.com');
    api.advance(15 * 86_400_000);
    const res = await c.command('customers.create', { name: 'Late' });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('access.not-subscribed');
    expect((await c.get('/me')).json.subscription).toBe('notSubscribed');
    await c.post('/account/subscription', { level: 'Core' });
    expect((await c.command('customers.create', { name: 'Paid up' })).status).toBe(200);
  });

  it('an id of another account answers 404 and never its data', async () => {
    const a = api.client();
    await a.signup('cmd8@example.com');
    const b = api.client();
    await b.signup('cmd9@example.com');
    const bCustomer = (await b.command('customers.create', { name: 'Beta Customer', notes: 'private' })).json
      .result;
    const res = await a.command('customers.update', { _id: bCustomer._id, changes: { name: 'Stolen' } });
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.json)).not.toContain('private');
    const del = await a.command('customers.delete', { _id: bCustomer._id });
    expect(del.status).toBe(404);
    expect(await allChanges(a)).toEqual([]);
    const bChanges = await allChanges(b);
    expect(bChanges.find((ch) => ch.entity._id === bCustomer._id)?.entity).toMatchObject({
      name: 'Beta Customer',
      _version: 1,
    });
  });
});
