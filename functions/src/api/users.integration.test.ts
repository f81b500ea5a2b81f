import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, linkFrom, startTestApi } from '../test-harness.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());

async function invite(owner: Client, email: string, roles: string[]) {
  const res = await owner.post('/users/invite', { email, name: email.split('@')[0], roles });
  expect(res.status).toBe(201);
  const member = api.client();
  const token = linkFrom(api.outbox, email, 'accept-invite');
  const accepted = await member.post('/auth/accept-invite', { token, password: 'worker pass 1' });
  expect(accepted.status).toBe(200);
  return { member, userId: accepted.json.user.userId as string, me: accepted.json };
}

describe('users, roles and accounts', () => {
  it('invites a Worker by email; they choose a password from the link and land in that account', async () => {
    const owner = api.client();
    await owner.signup('owner1@example.com', 'North Rounds');
    const { me } = await invite(owner, 'will@example.com', ['Worker']);
    expect(me).toMatchObject({
      roles: ['Worker'],
      account: { businessName: 'North Rounds' },
      user: { emailVerified: true },
    });
    const list = await owner.get('/users');
    expect(list.json.users.map((u: { email: string; roles: string[] }) => [u.email, u.roles])).toEqual(
      expect.arrayContaining([
        ['owner1@example.com', ['Owner']],
        ['will@example.com', ['Worker']],
      ]),
    );
  });

  it('a Worker is refused the users screen with 403 access.role-required', async () => {
    const owner = api.client();
    await owner.signup('owner2@example.com');
    const { member } = await invite(owner, 'wendy@example.com', ['Worker']);
    const res = await member.get('/users');
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('access.role-required');
    expect((await member.post('/users/invite', { email: 'x@example.com', roles: ['Owner'] })).status).toBe(
      403,
    );
  });

  it("every member sees the active team by name and role, never another account's", async () => {
    const owner = api.client();
    await owner.signup('team-owner@example.com', 'South Rounds');
    const { member: planner } = await invite(owner, 'paula@example.com', ['Planner']);
    const { member: worker, userId: workerId } = await invite(owner, 'walt@example.com', ['Worker']);
    const { userId: leftId } = await invite(owner, 'lee@example.com', ['Worker']);
    await owner.patch(`/users/${leftId}`, { deactivated: true });
    const other = api.client();
    await other.signup('elsewhere-owner@example.com', 'Elsewhere');

    for (const member of [planner, worker]) {
      const res = await member.get('/people');
      expect(res.status).toBe(200);
      const people = res.json.people as { userId: string; name: string; roles: string[] }[];
      expect(people.map((p) => [p.name, p.roles]).sort()).toEqual([
        ['paula', ['Planner']],
        ['team-owner', ['Owner']],
        ['walt', ['Worker']],
      ]);
      // Names and roles only: emails and invitation details stay on the users screen.
      expect(Object.keys(people.find((p) => p.userId === workerId) ?? {}).sort()).toEqual([
        'name',
        'roles',
        'userId',
      ]);
    }
    const elsewhere = await other.get('/people');
    expect(elsewhere.json.people.map((p: { name: string }) => p.name)).toEqual(['elsewhere-owner']);
    expect((await api.client().get('/people')).status).toBe(401);
  });

  it('changes roles and deactivates; a deactivated user is refused at once', async () => {
    const owner = api.client();
    await owner.signup('owner3@example.com');
    const { member, userId } = await invite(owner, 'pat@example.com', ['Worker']);
    const changed = await owner.patch(`/users/${userId}`, { roles: ['Planner', 'Worker'] });
    expect(changed.json.roles).toEqual(['Planner', 'Worker']);
    expect((await member.get('/me')).json.roles).toEqual(['Planner', 'Worker']);
    await owner.patch(`/users/${userId}`, { deactivated: true });
    const refused = await member.get('/me');
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('auth.user-deactivated');
  });

  it('cannot demote or deactivate the Owner', async () => {
    const owner = api.client();
    const me = (await owner.signup('owner4@example.com')).json;
    const res = await owner.patch(`/users/${me.user.userId}`, { roles: ['Admin'] });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('users.cannot-change-owner');
  });

  it('a user of another account is not found (404), never changed', async () => {
    const a = api.client();
    await a.signup('owner5@example.com');
    const b = api.client();
    const bMe = (await b.signup('owner6@example.com')).json;
    const res = await a.patch(`/users/${bMe.user.userId}`, { deactivated: true });
    expect(res.status).toBe(404);
    expect((await b.get('/me')).status).toBe(200);
  });

  it('switches between connected accounts, and refuses an account the user is not in with 404', async () => {
    const a = api.client();
    const aMe = (await a.signup('owner7@example.com', 'Alpha')).json;
    const b = api.client();
    const bMe = (await b.signup('owner8@example.com', 'Beta')).json;
    // Beta's owner invites Alpha's owner as an Admin; once accepted, Alpha's owner has two accounts.
    await b.post('/users/invite', { email: 'owner7@example.com', roles: ['Admin'] });
    expect((await a.post(`/me/invitations/${bMe.account.accountId}/accept`)).status).toBe(200);
    const me = (await a.get('/me')).json;
    expect(me.memberships.map((m: { businessName: string }) => m.businessName).sort()).toEqual([
      'Alpha',
      'Beta',
    ]);
    const switched = await a.post('/me/account', { accountId: bMe.account.accountId });
    expect(switched.json).toMatchObject({ account: { businessName: 'Beta' }, roles: ['Admin'] });
    const c = api.client();
    const cMe = (await c.signup('owner9@example.com', 'Gamma')).json;
    const refused = await a.post('/me/account', { accountId: cMe.account.accountId });
    expect(refused.status).toBe(404);
    expect((await a.get('/me')).json.account.accountId).toBe(bMe.account.accountId);
    expect(aMe.account.accountId).not.toBe(bMe.account.accountId);
  });

  it('the Owner chooses a level through billing (local activates at once); an Admin may not', async () => {
    const owner = api.client();
    await owner.signup('owner10@example.com');
    const res = await owner.post('/account/subscription', { level: 'Advanced' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      status: 'active',
      me: { level: 'Advanced', subscription: 'subscribed' },
    });
    const { member } = await invite(owner, 'adam@example.com', ['Admin']);
    const refused = await member.post('/account/subscription', { level: 'Ultimate' });
    expect(refused.status).toBe(403);
    expect((await member.post('/account/subscription', { level: 'Platinum' })).status).toBe(403);
  });

  it('the Owner saves where the day starts; coordinates off the globe are refused and change nothing', async () => {
    const owner = api.client();
    await owner.signup('base-owner@example.com', 'Base Rounds');
    const place = { addressDescription: '1 Mill Road, Cambridge', lngLat: [0.1391, 52.1986] };
    const saved = await owner.patch('/account', { settings: { businessAddress: place } });
    expect(saved.status).toBe(200);
    expect(saved.json.account.settings.businessAddress).toEqual(place);
    for (const lngLat of [
      [0.1, 95],
      [190, 52],
    ]) {
      const refused = await owner.patch('/account', {
        settings: { businessAddress: { addressDescription: 'Nowhere', lngLat } },
      });
      expect(refused.status).toBe(400);
      expect(refused.json.code).toBe('general.validation-failed');
    }
    expect((await owner.get('/me')).json.account.settings.businessAddress).toEqual(place);
  });

  it('saves personal settings and developer mode', async () => {
    const c = api.client();
    await c.signup('owner11@example.com');
    const res = await c.patch('/me', {
      developerMode: true,
      settings: { temperatureUnit: 'fahrenheit', hideQuickStart: true },
    });
    expect(res.json).toMatchObject({
      developerMode: true,
      user: { settings: { temperatureUnit: 'fahrenheit', hideQuickStart: true } },
    });
    expect((await c.patch('/me', { settings: { temperatureUnit: 'kelvin' } })).status).toBe(400);
  });
});
