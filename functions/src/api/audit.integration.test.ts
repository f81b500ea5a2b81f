import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startTestApi } from '../test-harness.ts';

/**
 * Every command's change is in the log with its own commit, events that
 * are not commands too; the log is searched with the query language; a deleted customer comes back
 * from their entry with their jobs and visits; a field is set back to an earlier value.
 */
let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());

/** An Owner with the audit feature and developer mode (the route table's audit screen). */
async function auditor(email: string) {
  const c = api.client();
  await c.signup(email);
  expect((await c.patch('/account', { flags: ['audit'] })).status).toBe(200);
  expect((await c.patch('/me', { developerMode: true })).status).toBe(200);
  return c;
}

const events = async (c: Client, body: Record<string, unknown> = {}) => {
  const res = await c.post('/audit/events', { query: '', ...body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: entries are arbitrary JSON here
  return res.json as { total: number; more: boolean; items: Record<string, any>[] };
};

describe('the audit log', () => {
  it('records each command with who, what and each field changed, newest first; a refused command leaves nothing', async () => {
    const c = await auditor('audit-1@example.com');
    const created = await c.command('customers.create', {
      name: 'Ann Smith',
      telephoneNumber: '01223 100100',
    });
    const id = created.json.result._id;
    await c.command('customers.update', { _id: id, changes: { telephoneNumber: '01223 222222' } });
    const refused = await c.command('rounds.create', { description: ' ' });
    expect(refused.status).toBe(400);
    const { items } = await events(c);
    const commands = items.filter((e) => e.action !== 'auth.sign-in');
    expect(commands.map((e) => e.action)).toEqual(['customers.update', 'customers.create']);
    expect(commands[0]).toMatchObject({
      createdBy: 'audit-1@example.com',
      subject: { id, resourceType: 'customer' },
      actionDetailsSummary: 'customers.update customer Ann Smith',
      changes: [
        {
          resourceType: 'customer',
          id,
          op: 'update',
          fields: [{ field: 'telephoneNumber', old: '01223 100100', new: '01223 222222' }],
        },
      ],
    });
    expect(commands[0]?.actionDetailsDescription).toContain('telephoneNumber: 01223 100100 -> 01223 222222');
  });

  it('records events that are not commands: a sign-in and an invitation', async () => {
    const c = await auditor('audit-2@example.com');
    await api.addMember(c, 'audit-2-worker@example.com', ['Worker']);
    const actions = (await events(c)).items.map((e) => e.action);
    expect(actions).toContain('users.invite');
    expect(actions).toContain('invitations.accept');
  });

  it('searches with the query language and pages with fromTimestamp; a wrong query says where', async () => {
    const c = await auditor('audit-3@example.com');
    for (const name of ['Ann Smith', 'Bob Jones', 'Cat Brown', 'Dan Smith'])
      await c.command('customers.create', { name });
    const smith = await events(c, { query: 'smith && customers.create && !dan' });
    expect(smith.items.map((e) => e.actionDetailsSummary)).toEqual(['customers.create customer Ann Smith']);
    const today = await events(c, { query: '01/01/2020..31/12/2099 && customers.create' });
    expect(today.total).toBe(4);
    const first = await events(c, { query: 'customers.create', stopIndex: 3 });
    expect([first.items.length, first.total]).toEqual([3, 4]);
    const rest = await events(c, { query: 'customers.create', fromTimestamp: first.items[2]?.cursor });
    expect(rest.items.map((e) => e.actionDetailsSummary)).toEqual(['customers.create customer Ann Smith']);
    const wrong = await c.post('/audit/events', { query: 'smith && 31/02/2026' });
    expect([wrong.status, wrong.json.code, wrong.json.params]).toEqual([
      400,
      'audit.query-date-invalid',
      { at: 9, length: 10 },
    ]);
  });

  it("brings back a deleted customer with their jobs and visits from the deletion's entry, once", async () => {
    const c = await auditor('audit-4@example.com');
    const customer = (await c.command('customers.create', { name: 'Eve Green' })).json.result;
    const job = (
      await c.command('jobs.create', {
        customerId: customer._id,
        date: '2026-11-02',
        price: 20,
        frequencyType: 'Weeks',
        frequencyInterval: 1,
      })
    ).json.result;
    await c.command('visits.notes', { jobId: job._id, isoDueDate: '2026-11-16', notes: 'Side gate' });
    expect((await c.command('customers.delete', { _id: customer._id })).status).toBe(200);
    const deletion = (await events(c, { query: 'customers.delete' })).items[0];
    expect(deletion).toMatchObject({
      subject: { id: customer._id, resourceType: 'customer' },
      restorable: true,
    });
    expect(deletion?.actionDetailsSummary).toBeUndefined();

    const restored = await c.post('/audit/restore', { cursor: deletion?.cursor, commandId: 'restore-eve-1' });
    expect([restored.status, restored.json.result]).toEqual([
      200,
      { restored: { customer: 1, job: 1, visit: 1 } },
    ]);
    const again = await c.post('/audit/restore', { cursor: deletion?.cursor, commandId: 'restore-eve-1' });
    expect(again.json).toEqual(restored.json);
    const live = await c.command('customers.update', { _id: customer._id, changes: { notes: 'Back again' } });
    expect(live.status).toBe(200);
    // The restore is itself in the log, about the customer.
    const entry = (await events(c, { query: 'audit.restore-deleted' })).items[0];
    expect(entry?.subject).toEqual({ id: customer._id, resourceType: 'customer' });
    // Not restorable: an entry with a summary.
    const update = (await events(c, { query: 'customers.update' })).items[0];
    const refused = await c.post('/audit/restore', { cursor: update?.cursor, commandId: 'restore-eve-2' });
    expect([refused.status, refused.json.code]).toEqual([400, 'audit.not-restorable']);
  });

  it('sets a field back to the value before an entry, as a new audited command', async () => {
    const c = await auditor('audit-5@example.com');
    const customer = (await c.command('customers.create', { name: 'Fay Hill', email: 'fay@old.example' }))
      .json.result;
    await c.command('customers.update', { _id: customer._id, changes: { email: 'fay@new.example' } });
    const change = (await events(c, { query: 'customers.update' })).items[0];
    const res = await c.post('/audit/restore-value', {
      cursor: change?.cursor,
      id: customer._id,
      field: 'email',
      commandId: 'restore-fay-1',
    });
    expect([res.status, res.json.result.email]).toEqual([200, 'fay@old.example']);
    expect((await events(c)).items[0]).toMatchObject({
      action: 'audit.restore-value',
      subject: { id: customer._id },
    });
    // A visit's own price too.
    const job = (await c.command('jobs.create', { customerId: customer._id, date: '2026-11-02', price: 20 }))
      .json.result;
    await c.command('visits.reprice', { jobId: job._id, isoDueDate: '2026-11-02', price: 18 });
    await c.command('visits.reprice', { jobId: job._id, isoDueDate: '2026-11-02', price: 25 });
    const reprice = (await events(c, { query: 'visits.reprice' })).items[0];
    const visit = await c.post('/audit/restore-value', {
      cursor: reprice?.cursor,
      id: reprice?.subject.id,
      field: 'price',
      commandId: 'restore-fay-2',
    });
    expect([visit.status, visit.json.result.price]).toEqual([200, 18]);
  });

  it('is for the audit route only, and test entries need developer mode', async () => {
    const c = api.client();
    await c.signup('audit-6@example.com');
    expect((await c.post('/audit/events', { query: '' })).status).toBe(403);
    const dev = await auditor('audit-7@example.com');
    expect((await dev.post('/audit/events/fake')).status).toBe(201);
    expect((await events(dev, { query: 'test entry' })).total).toBe(20);
  });
});
