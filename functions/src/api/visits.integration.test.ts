import { Visits } from '@roundwise/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, linkFrom, startTestApi } from '../test-harness.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());

// biome-ignore lint/suspicious/noExplicitAny: sync changes are arbitrary JSON here
async function allChanges(c: Client): Promise<any[]> {
  const out = [];
  let cursor = '';
  for (;;) {
    const page = await c.get(`/sync?cursor=${cursor}`);
    out.push(...page.json.changes);
    cursor = page.json.cursor;
    if (!page.json.hasMore) return out;
  }
}

async function inviteWorker(owner: Client, email: string) {
  const res = await owner.post('/users/invite', { email, name: 'Will', roles: ['Worker'] });
  expect(res.status).toBe(201);
  const worker = api.client();
  const token = linkFrom(api.outbox, email, 'accept-invite');
  const accepted = await worker.post('/auth/accept-invite', { token, password: 'worker pass 1' });
  expect(accepted.status).toBe(200);
  return { worker, userId: accepted.json.user.userId as string };
}

describe('completing a visit through the API', () => {
  it('a Worker completes their visit; the invoice syncs; a visit not assigned to them is refused', async () => {
    const owner = api.client();
    await owner.signup('sched-owner@example.com');
    // Workers reach their visits through "my work": a multi-user account.
    expect((await owner.patch('/account', { flags: ['multiUser'] })).status).toBe(200);
    const { worker, userId } = await inviteWorker(owner, 'sched-worker@example.com');

    const customer = await owner.command('customers.create', { name: 'Ann Smith' });
    const customerId = customer.json.result._id;
    const job = { customerId, date: '2026-11-02', price: 18, frequencyType: 'Weeks', frequencyInterval: 2 };
    const mine = await owner.command('jobs.create', { ...job, assignees: [userId] });
    const other = await owner.command('jobs.create', job);
    expect([mine.status, other.status]).toEqual([200, 200]);

    const visit = { jobId: mine.json.result._id, isoDueDate: '2026-11-16' };
    const done = await worker.command('visits.complete', visit);
    expect(done.status).toBe(200);
    const visitId = `${visit.jobId}-20261116`;
    expect(done.json.result.visit).toMatchObject({ id: visitId, status: Visits.VisitStatus.Done });

    // The owner's device sees the done visit and its invoice on its next sync.
    const changes = await allChanges(owner);
    const invoice = changes.find((ch) => ch.type === 'transaction')?.entity;
    expect(invoice).toMatchObject({
      transactionType: 'Invoice',
      amount: 18,
      customerId,
      occurrenceId: visitId,
    });
    expect(changes.find((ch) => ch.type === 'visit')?.entity).toMatchObject({
      _id: visitId,
      status: Visits.VisitStatus.Done,
    });

    // Completing again (a retry from a phone with poor signal) makes no second invoice.
    expect((await worker.command('visits.complete', visit)).status).toBe(200);
    const refused = await worker.command('visits.complete', {
      jobId: other.json.result._id,
      isoDueDate: '2026-11-16',
    });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('visits.not-assigned-to-you');
    const after = await allChanges(owner);
    expect(after.filter((ch) => ch.type === 'transaction')).toHaveLength(1);
    expect(after.filter((ch) => ch.type === 'visit')).toHaveLength(1);
  }, 30_000);
});
