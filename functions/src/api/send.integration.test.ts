import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startTestApi } from '../test-harness.ts';

/** Spec 002 section 7: the send module's calls at their paths, through a signed-in session. */
let api: Awaited<ReturnType<typeof startTestApi>>;
let c: Client;

beforeAll(async () => {
  api = await startTestApi('dynalite');
  c = api.client();
  await c.signup('send-api@example.com');
  expect((await c.patch('/account', { flags: ['send'] })).status).toBe(200);
  for (const name of ['Ann', 'Bob']) {
    await c.command('customers.create', { _id: name.toLowerCase(), name, email: `${name}@example.com` });
  }
  await c.command('send.create-audience', {
    _id: 'aud',
    name: 'All',
    filterGroups: [[{ id: 'f', field: 'email', label: 'Email', operator: 'Contains', value: '@' }]],
  });
  const made = await c.command('send.create-campaign', {
    _id: 'cmp',
    name: 'Spring',
    description: 'Offer',
    audiences: ['aud'],
    deliveryMethods: ['Email'],
    ongoing: true,
  });
  expect(made.status).toBe(200);
}, 60_000);
afterAll(async () => api?.stop());

const excludeList = async () =>
  ((await c.get('/sync')).json.changes as { type: string; entity: { _id: string; excludeList?: string[] } }[])
    .filter((ch) => ch.type === 'campaign' && ch.entity._id === 'cmp')
    .at(-1)?.entity.excludeList;

describe('the exclude list and new audience members', () => {
  it('adds to and removes from the exclude list, answering data.success', async () => {
    const key = (k: string) => ({ 'idempotency-key': `exclude-${k}` });
    const added = await c.post('/send/add-to-exclude-list/cmp', { customerIds: ['ann'] }, key('1'));
    expect([added.status, added.json]).toEqual([200, { data: { success: true } }]);
    expect(await excludeList()).toEqual(['ann']);
    const removed = await c.post('/send/remove-from-exclude-list/cmp', { customerIds: ['ann'] }, key('2'));
    expect([removed.status, removed.json]).toEqual([200, { data: { success: true } }]);
    expect(await excludeList()).toEqual([]);
    // The first call retried (its answer was lost): answered from its record, not run again.
    const retried = await c.post('/send/add-to-exclude-list/cmp', { customerIds: ['ann'] }, key('1'));
    expect([retried.status, retried.json]).toEqual([200, { data: { success: true } }]);
    expect(await excludeList()).toEqual([]);
    // Without the caller's key: refused, nothing run.
    const keyless = await c.post('/send/add-to-exclude-list/cmp', { customerIds: ['ann'] });
    expect([keyless.status, keyless.json.code]).toEqual([400, 'general.validation-failed']);
    expect(await excludeList()).toEqual([]);
    const refused = await c.post('/send/add-to-exclude-list/cmp', { customerIds: [] }, key('3'));
    expect(refused.status).toBe(400);
    expect(
      (await c.post('/send/add-to-exclude-list/nope', { customerIds: ['ann'] }, key('4'))).json.code,
    ).toBe('campaigns.campaign-not-found');
  });

  it('lists the members an ongoing campaign has not been sent yet', async () => {
    const answer = await c.get('/send/get-new-audience-members/cmp');
    expect(answer.json.success).toBe(true);
    expect([...answer.json.data].sort()).toEqual(['ann', 'bob']);
  });

  it('is for Owner and Admin with the send feature', async () => {
    const { member } = await api.addMember(c, 'worker-send@example.com', ['Worker']);
    expect((await member.get('/send/get-new-audience-members/cmp')).status).toBe(403);
    expect((await member.post('/send/add-to-exclude-list/cmp', { customerIds: ['ann'] })).status).toBe(403);
  });
});
