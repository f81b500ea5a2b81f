import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, linkFrom, startTestApi } from '../test-harness.ts';

/**
 * For every account endpoint: a refused request changes nothing. No session
 * cookie, no item of the table written or deleted (tokens, users, memberships, invitations,
 * sessions), only the attempt counters that rate limits keep (`RATE#`), which are the point of
 * refusing.
 */

let api: Awaited<ReturnType<typeof startTestApi>>;
let owner: Client;
let worker: Client;
let admin: Client;
let cut: Client;
let otherAccountId: string;
let ownerId: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  api = await startTestApi();
  owner = api.client();
  ownerId = (await owner.signup('ref-owner@example.com', 'Refusal Rounds')).json.user.userId;
  ({ member: worker } = await api.addMember(owner, 'ref-worker@example.com', ['Worker']));
  ({ member: admin } = await api.addMember(owner, 'ref-admin@example.com', ['Admin']));
  const cutMember = await api.addMember(owner, 'ref-cut@example.com', ['Worker']);
  cut = cutMember.member;
  await owner.patch(`/users/${cutMember.userId}`, { deactivated: true });
  const other = api.client();
  otherAccountId = (await other.signup('ref-other@example.com', 'Other Rounds')).json.account.accountId;

  // A withdrawn invitation, and an open one to an address with an account.
  await owner.post('/users/invite', { email: 'ref-withdrawn@example.com', roles: ['Worker'] });
  tokens.withdrawn = linkFrom(api.outbox, 'ref-withdrawn@example.com', 'accept-invite');
  await owner.patch('/users/invitations/ref-withdrawn@example.com', { deactivated: true });
  await owner.post('/users/invite', { email: 'ref-other@example.com', roles: ['Worker'] });
  tokens.open = linkFrom(api.outbox, 'ref-other@example.com', 'accept-invite');
  // A reset link made stale by a later password change.
  const anon = api.client();
  await anon.post('/auth/password-reset/request', { email: 'ref-worker@example.com' });
  tokens.staleReset = linkFrom(api.outbox, 'ref-worker@example.com', 'reset-password');
  api.advance(1000);
  await anon.post('/auth/password-reset/request', { email: 'ref-worker@example.com' });
  const fresh = linkFrom(api.outbox, 'ref-worker@example.com', 'reset-password');
  await anon.post('/auth/password-reset/confirm', { token: fresh, password: 'worker pass 2' });
  api.advance(1000);
  // Sessions signed in before the change have ended: sign the worker in again.
  await worker.post('/auth/login', { email: 'ref-worker@example.com', password: 'worker pass 2' });
}, 60_000);
afterAll(() => api.stop());

/** Every item of the table but the rate-limit counters, as text, by key. */
async function table() {
  const items = new Map<string, string>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await api.db.doc.send(
      new ScanCommand({ TableName: api.db.tableName, ConsistentRead: true, ExclusiveStartKey: start }),
    );
    for (const item of page.Items ?? []) {
      if (!String(item.pk).startsWith('RATE#')) items.set(`${item.pk} ${item.sk}`, JSON.stringify(item));
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

type Refusal = [
  who: () => Client,
  method: string,
  path: () => string,
  body: () => unknown,
  status: number,
  code: string,
];
const anon = () => api.client();
const refusals: [string, ...Refusal][] = [
  [
    'sign-up with an address in use',
    anon,
    'POST',
    () => '/auth/signup',
    () => ({ email: 'ref-owner@example.com', password: 'long enough 1', name: 'X', businessName: 'Y' }),
    409,
    'auth.email-taken',
  ],
  [
    'sign-up with a short password',
    anon,
    'POST',
    () => '/auth/signup',
    () => ({ email: 'new@example.com', password: 'short', name: 'X', businessName: 'Y' }),
    400,
    'auth.password-too-short',
  ],
  [
    'sign-in with a wrong password',
    anon,
    'POST',
    () => '/auth/login',
    () => ({ email: 'ref-owner@example.com', password: 'wrong password' }),
    401,
    'auth.invalid-credentials',
  ],
  [
    'sign-in with every membership deactivated',
    anon,
    'POST',
    () => '/auth/login',
    () => ({ email: 'ref-cut@example.com', password: 'member pass 1' }),
    403,
    'auth.user-deactivated',
  ],
  [
    'verification with an unknown link',
    anon,
    'POST',
    () => '/auth/verify-email',
    () => ({ token: 'not-a-real-token' }),
    400,
    'auth.token-invalid',
  ],
  [
    'verification mail again, signed out',
    anon,
    'POST',
    () => '/auth/resend-verification',
    () => ({}),
    401,
    'auth.unauthenticated',
  ],
  [
    'new password from an unknown link',
    anon,
    'POST',
    () => '/auth/password-reset/confirm',
    () => ({ token: 'not-a-real-token', password: 'long enough 1' }),
    400,
    'auth.token-invalid',
  ],
  [
    'new password from a link older than the password',
    anon,
    'POST',
    () => '/auth/password-reset/confirm',
    () => ({ token: tokens.staleReset, password: 'long enough 1' }),
    400,
    'auth.token-invalid',
  ],
  [
    'reading a withdrawn invitation',
    anon,
    'POST',
    () => '/auth/invitation',
    () => ({ token: tokens.withdrawn }),
    403,
    'auth.user-deactivated',
  ],
  [
    'accepting a withdrawn invitation',
    anon,
    'POST',
    () => '/auth/accept-invite',
    () => ({ token: tokens.withdrawn, password: 'long enough 1', name: 'Wes' }),
    403,
    'auth.user-deactivated',
  ],
  [
    'accepting with a wrong password for the account that exists',
    anon,
    'POST',
    () => '/auth/accept-invite',
    () => ({ token: tokens.open, password: 'wrong password' }),
    401,
    'auth.invalid-credentials',
  ],
  [
    'declining a withdrawn invitation',
    anon,
    'POST',
    () => '/auth/decline-invite',
    () => ({ token: tokens.withdrawn }),
    403,
    'auth.user-deactivated',
  ],
  [
    'a deactivated member changing their name',
    () => cut,
    'PATCH',
    () => '/me',
    () => ({ name: 'Renamed' }),
    403,
    'auth.user-deactivated',
  ],
  [
    'a bad personal setting',
    () => worker,
    'PATCH',
    () => '/me',
    () => ({ settings: { temperatureUnit: 'kelvin' } }),
    400,
    'general.validation-failed',
  ],
  [
    'switching to an account one is not in',
    () => worker,
    'POST',
    () => '/me/account',
    () => ({ accountId: otherAccountId }),
    404,
    'general.not-found',
  ],
  [
    "accepting an invitation that is not one's own",
    () => worker,
    'POST',
    () => `/me/invitations/${otherAccountId}/accept`,
    () => ({}),
    404,
    'general.not-found',
  ],
  [
    "declining an invitation that is not one's own",
    () => worker,
    'POST',
    () => `/me/invitations/${otherAccountId}/decline`,
    () => ({}),
    404,
    'general.not-found',
  ],
  [
    'a Worker inviting',
    () => worker,
    'POST',
    () => '/users/invite',
    () => ({ email: 'w@example.com', roles: ['Worker'] }),
    403,
    'access.role-required',
  ],
  [
    'an Admin offering the Owner role',
    () => admin,
    'POST',
    () => '/users/invite',
    () => ({ email: 'o@example.com', roles: ['Owner'] }),
    403,
    'access.role-required',
  ],
  [
    'inviting a member',
    () => owner,
    'POST',
    () => '/users/invite',
    () => ({ email: 'ref-worker@example.com', roles: ['Worker'] }),
    409,
    'users.already-member',
  ],
  [
    'demoting the Owner',
    () => admin,
    'PATCH',
    () => `/users/${ownerId}`,
    () => ({ roles: ['Worker'] }),
    400,
    'users.cannot-change-owner',
  ],
  [
    'an Admin making an invitation an Owner',
    () => admin,
    'PATCH',
    () => '/users/invitations/ref-withdrawn@example.com',
    () => ({ roles: ['Owner'] }),
    403,
    'access.role-required',
  ],
  [
    'an Admin renaming the business',
    () => admin,
    'PATCH',
    () => '/account',
    () => ({ businessName: 'Taken Over' }),
    403,
    'access.role-required',
  ],
  [
    'an Admin choosing a plan',
    () => admin,
    'POST',
    () => '/account/subscription',
    () => ({ level: 'Ultimate' }),
    403,
    'access.role-required',
  ],
];

describe('a refused request changes nothing', () => {
  it.each(refusals)('%s', async (_name, who, method, path, body, status, code) => {
    const before = await table();
    const res = await who().call(method, path(), body());
    expect([res.status, res.json.code]).toEqual([status, code]);
    expect(res.headers.get('set-cookie')).toBeNull();
    const after = await table();
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
      (k) => before.get(k) !== after.get(k),
    );
    // A wrong password at sign-in leaves one trace and no state: the account's audit entry of the
    // failed attempt (users/audit shows failed sign-ins), never a change to what it holds.
    const traces = changed.filter((k) => !before.has(k) && k.split(' ')[0]!.endsWith('#AUDIT'));
    expect(changed.filter((k) => !traces.includes(k))).toEqual([]);
    expect(traces).toHaveLength(path() === '/auth/login' && code === 'auth.invalid-credentials' ? 1 : 0);
  });
});
