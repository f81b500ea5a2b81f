import { type Entity, newId, Visits } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSnapshot } from '../sync/build-snapshot.ts';
import { pageCursor } from '../sync/cursors.ts';
import { type Client, startTestApi } from '../test-harness.ts';
import { TestDevice } from './sync-test-device.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());

/** An invitation accepted from its mail: the member, signed in, and their user id. */
async function invite(owner: Client, email: string, roles: string[]) {
  const { member, userId } = await api.addMember(owner, email, roles);
  return { member, userId };
}

/**
 * A business with a Worker, a Planner and a Canvasser: two customers with notes, a job assigned to
 * the Worker and one to nobody, a visit of each done (so each has an invoice), and three alerts.
 */
async function business(tag: string) {
  const owner = api.client();
  const me = (await owner.signup(`owner-${tag}@example.com`)).json;
  expect((await owner.patch('/account', { flags: ['multiUser'] })).status).toBe(200);
  const worker = await invite(owner, `worker-${tag}@example.com`, ['Worker']);
  const planner = await invite(owner, `planner-${tag}@example.com`, ['Planner']);
  const canvasser = await invite(owner, `canvasser-${tag}@example.com`, ['Canvasser']);
  const run = async (name: string, input: unknown) => {
    const res = await owner.command(name, input);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.result;
  };
  const today = api.now().toISOString().slice(0, 10);
  const ann = await run('customers.create', {
    name: 'Ann',
    notes: 'Key under the mat',
    email: 'ann@example.com',
  });
  const bob = await run('customers.create', { name: 'Bob', notes: 'Dog in the garden' });
  const mine = await run('jobs.create', {
    customerId: ann._id,
    date: today,
    price: 20,
    assignees: [worker.userId],
  });
  const other = await run('jobs.create', { customerId: bob._id, date: today, price: 30 });
  await run('visits.complete', { jobId: mine._id, isoDueDate: today });
  await run('visits.complete', { jobId: other._id, isoDueDate: today });
  await run('alerts.create', { title: 'Everyone', audience: [] });
  await run('alerts.create', { title: 'For the worker', audience: [`WORKER-${tag}@example.com`] });
  await run('alerts.create', { title: 'For the boss', audience: [`owner-${tag}@example.com`] });
  api.advance(10_000);
  return { owner, me, worker, planner, canvasser, ann, bob, mine, other, today };
}

const titles = (d: TestDevice) =>
  d
    .of<{ title: string }>('alert')
    .map((a) => a.title)
    .sort();
const types = (d: TestDevice) => [...new Set([...d.held.keys()].map((k) => k.split(':')[0]))].sort();

// A business of four people and a snapshot per test: seconds on a loaded machine.
describe('sync by role (docs/sync.md)', { timeout: 30_000 }, () => {
  it('each role’s device holds what its screens show, and nothing else', async () => {
    const b = await business('roles');
    const owner = new TestDevice(b.owner);
    await owner.sync();
    expect(types(owner)).toEqual(['alert', 'customer', 'job', 'transaction', 'visit']);
    expect(
      owner
        .of<{ notes: string }>('customer')
        .map((c) => c.notes)
        .sort(),
    ).toEqual(['Dog in the garden', 'Key under the mat']);
    expect(titles(owner)).toEqual(['Everyone', 'For the boss', 'For the worker']);

    const worker = new TestDevice(b.worker.member);
    await worker.sync();
    expect(types(worker)).toEqual(['alert', 'customer', 'job', 'visit']);
    // Who and where, the numbers to ring from the door and the ways the customer chose to be
    // contacted ("On my way" texts only one who chose SMS): no notes, no email.
    const card = [
      '_id',
      '_updatedAt',
      '_version',
      'address',
      'contactMethods',
      'mobileNumber',
      'name',
      'state',
      'telephoneNumber',
    ];
    expect(worker.of('customer').map((c) => Object.keys(c).sort())).toEqual([card, card]);
    // Their own job and visit only, and the alerts for everyone and for them (email in any case).
    expect(worker.of('job').map((j) => j._id)).toEqual([b.mine._id]);
    expect(worker.of<{ jobId: string }>('visit').map((o) => o.jobId)).toEqual([b.mine._id]);
    expect(titles(worker)).toEqual(['Everyone', 'For the worker']);

    const planner = new TestDevice(b.planner.member);
    await planner.sync();
    // The schedule's jobs and visits, the dashboard's takings; customers as cards.
    expect(types(planner)).toEqual(['alert', 'customer', 'job', 'transaction', 'visit']);
    expect(planner.of('job')).toHaveLength(2);
    expect(planner.of('customer').every((c) => !('notes' in c))).toBe(true);
    expect(titles(planner)).toEqual(['Everyone']);

    const canvasser = new TestDevice(b.canvasser.member);
    await canvasser.sync();
    expect(types(canvasser)).toEqual(['alert', 'customer']);
    expect(titles(canvasser)).toEqual(['Everyone']);
  });

  it('a Worker receives the transactions only while the account shows owing to workers', async () => {
    const b = await business('owing');
    const worker = new TestDevice(b.worker.member);
    await worker.sync();
    expect(worker.of('transaction')).toEqual([]);
    expect((await b.owner.patch('/account', { settings: { showOwingToWorkers: true } })).status).toBe(200);
    api.advance(10_000);
    await worker.sync();
    expect(worker.restarts).toBe(1);
    expect(worker.of('transaction')).toHaveLength(2);
    // Not the notes: the owing screen needs who owes, not the customer's file.
    expect(worker.of('customer').every((c) => !('notes' in c))).toBe(true);
  });

  it('a job taken off the Worker is dropped from their device on the next sync', async () => {
    const b = await business('drop');
    const worker = new TestDevice(b.worker.member);
    await worker.sync();
    expect(worker.of('job').map((j) => j._id)).toEqual([b.mine._id]);
    api.advance(10_000);
    await b.owner.command('jobs.update', { _id: b.mine._id, changes: { assignees: [] } });
    await b.owner.command('alerts.create', { title: 'Not for the worker', audience: ['x@example.com'] });
    const delta = await b.worker.member.get(`/sync?cursor=${worker.cursor}`);
    expect(delta.json.drop).toEqual([
      expect.objectContaining({ type: 'job', id: b.mine._id }),
      expect.objectContaining({ type: 'alert' }),
    ]);
    expect(delta.json.changes).toEqual([]);
    await worker.sync();
    expect(worker.of('job')).toEqual([]);
  });

  it('a role change takes effect on the next sync: the device reloads, then drops what it may no longer hold', async () => {
    const b = await business('change');
    const member = new TestDevice(b.worker.member);
    await member.sync();
    expect(member.of('transaction')).toEqual([]);

    expect((await b.owner.patch(`/users/${b.worker.userId}`, { roles: ['Admin'] })).status).toBe(200);
    api.advance(10_000);
    await member.sync();
    expect(member.restarts).toBe(1);
    expect(types(member)).toEqual(['alert', 'customer', 'job', 'transaction', 'visit']);
    expect(
      member
        .of<{ notes: string }>('customer')
        .map((c) => c.notes)
        .sort(),
    ).toEqual(['Dog in the garden', 'Key under the mat']);

    expect((await b.owner.patch(`/users/${b.worker.userId}`, { roles: ['Worker'] })).status).toBe(200);
    api.advance(10_000);
    const next = await b.worker.member.get(`/sync?cursor=${member.cursor}`);
    expect(next.json).toMatchObject({ restart: true, changes: [], cursor: '', hasMore: true });
    expect(Object.keys(next.json.view.types)).not.toContain('transaction');
    await member.sync();
    expect(member.restarts).toBe(2);
    expect(member.of('transaction')).toEqual([]);
    expect(member.of('customer').every((c) => !('notes' in c))).toBe(true);
    expect(member.of('job').map((j) => j._id)).toEqual([b.mine._id]);
  });

  it('a device loading from a snapshot gets exactly what the feed gives its view, and cannot name other pages', async () => {
    const b = await business('snap');
    const accountId = b.me.account.accountId as string;
    // Enough visits for several pages, a quarter of them the Worker's.
    const old = new Date(api.now().getTime() - 60_000).toISOString();
    await new EntityRepository(api.db, accountId).batchPut(
      Array.from({ length: 3000 }, (_, i) => ({
        type: 'visit' as const,
        entity: {
          _id: newId(),
          _version: 1,
          _updatedAt: old,
          jobId: b.other._id,
          customerId: b.bob._id,
          status: Visits.VisitStatus.Done,
          isoPlannedDate: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
          isoDueDate: '2026-01-01',
          price: 10,
          assignees: i % 4 === 0 ? [b.worker.userId] : [],
        } as Entity,
      })),
    );
    const fromFeed = { owner: new TestDevice(b.owner), worker: new TestDevice(b.worker.member) };
    await fromFeed.owner.sync();
    await fromFeed.worker.sync();
    expect(fromFeed.owner.fromSnapshot).toBe(false);
    await buildSnapshot(api.db, accountId, api.now);

    for (const [role, client] of [
      ['owner', b.owner],
      ['worker', b.worker.member],
    ] as const) {
      const device = new TestDevice(client);
      await device.sync();
      expect(device.fromSnapshot).toBe(true);
      expect(device.held).toEqual(fromFeed[role].held);
    }
    const worker = fromFeed.worker;
    expect(worker.of('visit')).toHaveLength(751);
    // The Worker's load reads only their partitions: no page of transactions or other people's visits.
    const plan = (await b.worker.member.get('/sync')).json;
    expect(plan.pages.map((p: { type: string }) => p.type)).toEqual([
      'alert',
      'alert',
      'customer',
      'job',
      'visit',
    ]);
    expect(plan.pages.at(-1).entities).toBe(751);

    // Page cursors of the Worker's own view naming chunks of the owner's load: a type the Worker
    // does not receive is refused; a wider section of one they do comes through their view.
    const ownerPlan = (await b.owner.get('/sync')).json;
    const forge = (type: string) => {
      const cursor = ownerPlan.pages.find((p: { type: string }) => p.type === type).cursor;
      const [, , snapshotId, index] = Buffer.from(cursor, 'base64url').toString().split(':');
      return pageCursor(plan.view.key, snapshotId as string, Number(index));
    };
    const refused = await b.worker.member.get(`/sync?cursor=${forge('transaction')}`);
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('sync.cursor-invalid');
    const customers = await b.worker.member.get(`/sync?cursor=${forge('customer')}`);
    const card = [
      '_id',
      '_updatedAt',
      '_version',
      'address',
      'contactMethods',
      'mobileNumber',
      'name',
      'state',
      'telephoneNumber',
    ];
    expect(customers.json.changes.map((c: { entity: object }) => Object.keys(c.entity).sort())).toEqual([
      card,
      card,
    ]);
  });
});
