import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, linkFrom, startTestApi } from '../test-harness.ts';

/** An invitation is an offer; nothing changes until it is accepted. */

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());

async function owner(email: string, businessName: string) {
  const c = api.client();
  const me = (await c.signup(email, businessName)).json;
  return { c, accountId: me.account.accountId as string };
}

/** Someone with their own account, with a name only they chose. */
async function person(email: string, name: string, businessName = `${name}'s Windows`) {
  const c = api.client();
  const res = await c.post('/auth/signup', { email, password: 'private pass 1', name, businessName });
  expect(res.status).toBe(201);
  return c;
}

const businesses = async (c: Client) =>
  ((await c.get('/me')).json.memberships as { businessName: string }[]).map((m) => m.businessName).sort();

describe('inviting an address that has an account', () => {
  it('reveals nothing about them and adds them to nothing until they accept', async () => {
    const nina = await person('nina@example.com', 'Nina Private');
    const boss = await owner('boss1@example.com', 'Boss Rounds');

    const invited = await boss.c.post('/users/invite', { email: 'nina@example.com', roles: ['Worker'] });
    const stranger = await boss.c.post('/users/invite', {
      email: 'nobody-yet@example.com',
      roles: ['Worker'],
    });
    expect([invited.status, stranger.status]).toEqual([201, 201]);
    // The same answer for an address with an account as for one without: the address and "invited".
    expect(invited.json).toEqual({
      email: 'nina@example.com',
      name: '',
      roles: ['Worker'],
      deactivated: false,
      expired: false,
    });
    expect(Object.keys(stranger.json).sort()).toEqual(Object.keys(invited.json).sort());

    const list = await boss.c.get('/users');
    expect(JSON.stringify(list.json)).not.toContain('Nina Private');
    expect(list.json.users.map((u: { email: string }) => u.email)).toEqual(['boss1@example.com']);
    expect(list.json.invitations).toContainEqual(invited.json);
    expect((await boss.c.get('/people')).json.people.map((p: { name: string }) => p.name)).toEqual(['boss1']);
    // Not a member: Nina's own account is all she has.
    expect(await businesses(nina)).toEqual(["Nina Private's Windows"]);

    // She finds the offer when signed in, and accepts it.
    const offers = await nina.get('/me/invitations');
    expect(offers.json.invitations).toEqual([
      {
        accountId: boss.accountId,
        businessName: 'Boss Rounds',
        roles: ['Worker'],
        expiresAt: expect.any(String),
      },
    ]);
    const accepted = await nina.post(`/me/invitations/${boss.accountId}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.json.memberships.map((m: { businessName: string }) => m.businessName).sort()).toEqual([
      'Boss Rounds',
      "Nina Private's Windows",
    ]);
    // Now a member: the account sees her as she presents herself, and the offer is gone.
    const after = await boss.c.get('/users');
    expect(after.json.users.map((u: { name: string; roles: string[] }) => [u.name, u.roles])).toContainEqual([
      'Nina Private',
      ['Worker'],
    ]);
    expect(after.json.invitations.map((i: { email: string }) => i.email)).not.toContain('nina@example.com');
    expect((await nina.get('/me/invitations')).json.invitations).toEqual([]);
    // The mailed link was retired with the acceptance.
    const token = linkFrom(api.outbox, 'nina@example.com', 'accept-invite');
    expect((await api.client().post('/auth/invitation', { token })).json.code).toBe('auth.token-invalid');
  });

  it('from the mail, asks for the password of the account that exists, and signs in to the business', async () => {
    await person('olly@example.com', 'Olly Own');
    const boss = await owner('boss2@example.com', 'Second Rounds');
    await boss.c.post('/users/invite', { email: 'olly@example.com', name: 'Ol', roles: ['Planner'] });
    const token = linkFrom(api.outbox, 'olly@example.com', 'accept-invite');
    const mail = [...api.outbox].reverse().find((m) => m.to === 'olly@example.com');
    expect(mail?.text).toContain('Nothing changes until you accept');

    const anon = api.client();
    const offer = await anon.post('/auth/invitation', { token });
    expect(offer.json).toEqual({
      businessName: 'Second Rounds',
      email: 'olly@example.com',
      roles: ['Planner'],
      hasAccount: true,
    });
    // A link alone is not the account: a wrong password is refused and changes nothing.
    const wrong = await anon.post('/auth/accept-invite', { token, password: 'not my password' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    expect((await anon.post('/auth/invitation', { token })).status).toBe(200);

    const right = await anon.post('/auth/accept-invite', { token, password: 'private pass 1' });
    expect(right.status).toBe(200);
    expect(right.json).toMatchObject({
      user: { name: 'Olly Own' },
      account: { businessName: 'Second Rounds' },
      roles: ['Planner'],
    });
    expect((await anon.get('/me')).json.account.businessName).toBe('Second Rounds');
  });

  it('is declined from the mail or the list: it is gone, and so is its link', async () => {
    const pia = await person('pia@example.com', 'Pia');
    const boss = await owner('boss3@example.com', 'Third Rounds');
    const other = await owner('boss4@example.com', 'Fourth Rounds');
    await boss.c.post('/users/invite', { email: 'pia@example.com', roles: ['Worker'] });
    const token = linkFrom(api.outbox, 'pia@example.com', 'accept-invite');
    await other.c.post('/users/invite', { email: 'pia@example.com', roles: ['Worker'] });

    expect((await api.client().post('/auth/decline-invite', { token })).status).toBe(200);
    expect(
      (await api.client().post('/auth/accept-invite', { token, password: 'private pass 1' })).status,
    ).toBe(400);
    expect((await pia.post(`/me/invitations/${other.accountId}/decline`)).status).toBe(200);
    expect((await pia.post(`/me/invitations/${other.accountId}/accept`)).status).toBe(404);
    for (const b of [boss, other]) expect((await b.c.get('/users')).json.invitations).toEqual([]);
    expect(await businesses(pia)).toEqual(["Pia's Windows"]);
  });
});

describe('inviting someone new', () => {
  it('creates no user: they become one only by accepting, with the name they choose', async () => {
    const boss = await owner('boss5@example.com', 'Fifth Rounds');
    await boss.c.post('/users/invite', { email: 'quinn@example.com', name: 'Q', roles: ['Worker'] });
    const token = linkFrom(api.outbox, 'quinn@example.com', 'accept-invite');
    expect((await api.client().post('/auth/invitation', { token })).json.hasAccount).toBe(false);
    // No user yet: signing in with any password is refused like an unknown address.
    const login = await api
      .client()
      .post('/auth/login', { email: 'quinn@example.com', password: 'whatever 1' });
    expect(login.json.code).toBe('auth.invalid-credentials');
    const c = api.client();
    const res = await c.post('/auth/accept-invite', { token, password: 'quinn pass 1', name: 'Quinn Q' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ user: { name: 'Quinn Q', emailVerified: true }, roles: ['Worker'] });
  });

  it('accepted twice at the same moment, it is accepted once', async () => {
    const boss = await owner('boss11@example.com', 'Eleventh Rounds');
    await boss.c.post('/users/invite', { email: 'vic@example.com', roles: ['Worker'] });
    const token = linkFrom(api.outbox, 'vic@example.com', 'accept-invite');
    const answers = await Promise.all(
      [1, 2, 3].map(() => api.client().post('/auth/accept-invite', { token, password: 'vic pass 123' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
    const users = (await boss.c.get('/users')).json.users as { email: string }[];
    expect(users.filter((u) => u.email === 'vic@example.com')).toHaveLength(1);
  });

  it('inviting again retires the older link', async () => {
    const boss = await owner('boss6@example.com', 'Sixth Rounds');
    await boss.c.post('/users/invite', { email: 'rae@example.com', roles: ['Worker'] });
    const first = linkFrom(api.outbox, 'rae@example.com', 'accept-invite');
    await boss.c.post('/users/invite', { email: 'rae@example.com', roles: ['Planner'] });
    const second = linkFrom(api.outbox, 'rae@example.com', 'accept-invite');
    const old = await api.client().post('/auth/accept-invite', { token: first, password: 'rae pass 12' });
    expect([old.status, old.json.code]).toEqual([400, 'auth.token-invalid']);
    const ok = await api.client().post('/auth/accept-invite', { token: second, password: 'rae pass 12' });
    expect(ok.json.roles).toEqual(['Planner']);
  });

  it('an invitation withdrawn (deactivated) leaves the address free to sign up and run its own business', async () => {
    const boss = await owner('boss7@example.com', 'Seventh Rounds');
    await boss.c.post('/users/invite', { email: 'sam@example.com', name: 'Sam', roles: ['Worker'] });
    const withdrawn = await boss.c.patch('/users/invitations/sam@example.com', { deactivated: true });
    expect(withdrawn.json).toMatchObject({ email: 'sam@example.com', deactivated: true });

    const sam = api.client();
    const signup = await sam.post('/auth/signup', {
      email: 'sam@example.com',
      password: 'sams own pass',
      name: 'Sam Self',
      businessName: 'Sam Shines',
    });
    expect(signup.status).toBe(201);
    expect(await businesses(sam)).toEqual(['Sam Shines']);
    const created = await sam.command('customers.create', { name: 'First Customer' });
    expect(created.status).toBe(200);
    // The withdrawn offer is not offered to them.
    expect((await sam.get('/me/invitations')).json.invitations).toEqual([]);
    expect((await sam.post(`/me/invitations/${boss.accountId}/accept`)).status).toBe(404);
    expect(await businesses(sam)).toEqual(['Sam Shines']);
  });

  it('accepting a withdrawn invitation is refused with 403 and changes nothing: no cookie, no user, the link still there', async () => {
    const boss = await owner('boss8@example.com', 'Eighth Rounds');
    await boss.c.post('/users/invite', { email: 'tess@example.com', roles: ['Worker'] });
    const token = linkFrom(api.outbox, 'tess@example.com', 'accept-invite');
    await boss.c.patch('/users/invitations/tess@example.com', { deactivated: true });

    const c = api.client();
    const refused = await c.post('/auth/accept-invite', { token, password: 'tess pass 12', name: 'Tess' });
    expect([refused.status, refused.json.code]).toEqual([403, 'auth.user-deactivated']);
    expect(refused.headers.get('set-cookie')).toBeNull();
    expect((await c.get('/me')).status).toBe(401);
    // No password was set: the address has no account to sign in to.
    const login = await api
      .client()
      .post('/auth/login', { email: 'tess@example.com', password: 'tess pass 12' });
    expect(login.status).toBe(401);
    expect((await api.client().post('/auth/decline-invite', { token })).status).toBe(403);
    // The link was not used up: reinstated, it works.
    await boss.c.patch('/users/invitations/tess@example.com', { deactivated: false });
    expect((await c.post('/auth/accept-invite', { token, password: 'tess pass 12' })).status).toBe(200);
  });
});

describe('who may change an invitation', () => {
  it('only an Owner offers the Owner role; another account cannot reach it', async () => {
    const boss = await owner('boss9@example.com', 'Ninth Rounds');
    const { member: admin } = await api.addMember(boss.c, 'adm9@example.com', ['Admin']);
    await admin.post('/users/invite', { email: 'uma@example.com', roles: ['Worker'] });
    const refused = await admin.patch('/users/invitations/uma@example.com', { roles: ['Owner'] });
    expect([refused.status, refused.json.code]).toEqual([403, 'access.role-required']);
    const elsewhere = await owner('boss10@example.com', 'Tenth Rounds');
    expect(
      (await elsewhere.c.patch('/users/invitations/uma@example.com', { deactivated: true })).status,
    ).toBe(404);
    expect((await boss.c.get('/users')).json.invitations).toEqual([
      { email: 'uma@example.com', name: '', roles: ['Worker'], deactivated: false, expired: false },
    ]);
  });
});
