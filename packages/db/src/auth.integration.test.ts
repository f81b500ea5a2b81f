import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type Account, AccountSettings } from '@roundwise/core';
import { rejection } from '@roundwise/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthRepository, type NewUser } from './auth.ts';
import type { Db } from './client.ts';
import { createTestDb, type Engine, startEngine, TEST_ENGINES } from './test-engines.ts';

const user = (userId: string, email: string): NewUser => ({
  userId,
  email,
  name: 'Ann',
  passwordHash: 'scrypt$hash',
  emailVerified: false,
  developerMode: false,
  settings: { temperatureUnit: 'celsius' },
  createdDate: '2026-11-21T09:00:00.000Z',
});

const account = (accountId: string, businessName = 'Sparkle Windows'): Account => ({
  accountId,
  businessName,
  dataEmail: 'owner@example.com',
  dataOwnerName: 'Owner',
  level: 'Ultimate',
  subscription: 'trial',
  trialEndsAt: '2026-12-05T09:00:00.000Z',
  flags: [],
  settings: AccountSettings.parse({}),
  createdDate: '2026-11-21T09:00:00.000Z',
});

describe.each(TEST_ENGINES)('AuthRepository on %s', (kind) => {
  let engine: Engine;
  let db: Db;
  let auth: AuthRepository;
  const now = new Date('2026-11-21T09:00:00.000Z');
  const later = (ms: number) => new Date(now.getTime() + ms);
  beforeAll(async () => {
    engine = await startEngine(kind);
    db = await createTestDb(engine);
    auth = new AuthRepository(db, () => now);
  }, 60_000);
  afterAll(() => engine?.stop());

  it('creates a user behind a lower-cased email guard; a second user with that email fails, the first intact', async () => {
    const created = await auth.createUser(user('u1', ' Ann@Example.COM '));
    expect(created.email).toBe('ann@example.com');
    expect(await auth.getUser('u1')).toEqual({ ...user('u1', 'ann@example.com') });
    expect((await auth.getUserByEmail('ANN@example.com'))?.userId).toBe('u1');
    const guard = await db.doc.send(
      new GetCommand({ TableName: db.tableName, Key: { pk: 'EMAIL#ann@example.com', sk: 'GUARD' } }),
    );
    expect(guard.Item?.userId).toBe('u1');

    const e = await rejection(auth.createUser({ ...user('u2', 'ann@example.com'), name: 'Impostor' }));
    expect([e.kind, e.code]).toEqual(['conflict', 'auth.email-taken']);
    expect(await auth.getUser('u2')).toBeUndefined();
    expect((await auth.getUserByEmail('ann@example.com'))?.name).toBe('Ann');
    // Retrying the same creation is harmless for the guard, refused for the user item.
    expect((await rejection(auth.createUser(user('u1', 'ann@example.com')))).code).toBe('general.conflict');
    expect(await auth.getUserByEmail('nobody@example.com')).toBeUndefined();
  });

  it('takes over an email guard a crash left without its user, but only after a minute', async () => {
    await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          pk: 'EMAIL#orphan@example.com',
          sk: 'GUARD',
          userId: 'ghost',
          createdAt: now.getTime() - 10_000,
        },
      }),
    );
    expect((await rejection(auth.createUser(user('u-new', 'orphan@example.com')))).code).toBe(
      'auth.email-taken',
    );
    const laterAuth = new AuthRepository(db, () => later(120_000));
    await laterAuth.createUser(user('u-new', 'orphan@example.com'));
    expect((await auth.getUserByEmail('orphan@example.com'))?.userId).toBe('u-new');
  });

  it('patches a user: sets given fields, removes those given as undefined, refuses the email', async () => {
    await auth.createUser({ ...user('u3', 'patch@example.com'), lastAccountId: 'a0' });
    const updated = await auth.updateUser('u3', {
      name: 'Bea',
      emailVerified: true,
      lastAccountId: undefined,
    });
    expect(updated).toMatchObject({ name: 'Bea', emailVerified: true, email: 'patch@example.com' });
    expect(updated).not.toHaveProperty('lastAccountId');
    expect(await auth.getUser('u3')).toEqual(updated);
    await expect(auth.updateUser('u3', { email: 'x@example.com' } as never)).rejects.toThrow('email');
    expect((await rejection(auth.updateUser('missing', { name: 'X' }))).kind).toBe('not-found');
  });

  it('stores accounts, lists them, and copies a new business name to the memberships', async () => {
    await auth.putAccount(account('a1'));
    await auth.putAccount(account('a2', 'Second Business'));
    expect(await auth.getAccount('a1')).toEqual(account('a1'));
    expect(await auth.getAccount('health-probe')).toBeUndefined();
    expect((await auth.listAccounts()).map((a) => a.accountId).sort()).toEqual(['a1', 'a2']);

    await auth.putMembership({
      userId: 'm1',
      accountId: 'a1',
      roles: ['Owner'],
      deactivated: false,
      businessName: 'Sparkle Windows',
    });
    await auth.putMembership({
      userId: 'm2',
      accountId: 'a1',
      roles: ['Worker'],
      deactivated: true,
      businessName: 'Sparkle Windows',
    });
    await auth.putMembership({
      userId: 'm1',
      accountId: 'a2',
      roles: ['Admin'],
      deactivated: false,
      businessName: 'Second Business',
    });
    expect((await auth.listMembershipsOfUser('m1')).map((m) => [m.accountId, m.roles])).toEqual([
      ['a1', ['Owner']],
      ['a2', ['Admin']],
    ]);
    expect((await auth.listMembersOfAccount('a1')).map((m) => [m.userId, m.deactivated])).toEqual([
      ['m1', false],
      ['m2', true],
    ]);
    expect(await auth.getMembership('m2', 'a1')).toEqual({
      userId: 'm2',
      accountId: 'a1',
      roles: ['Worker'],
      deactivated: true,
      businessName: 'Sparkle Windows',
    });
    expect(await auth.getMembership('m2', 'a2')).toBeUndefined();

    const renamed = await auth.updateAccount('a1', {
      businessName: 'Shiny Glass',
      trialEndsAt: undefined,
      subscription: 'subscribed',
    });
    expect(renamed).toMatchObject({ businessName: 'Shiny Glass', subscription: 'subscribed' });
    expect(renamed).not.toHaveProperty('trialEndsAt');
    expect((await auth.listMembersOfAccount('a1')).map((m) => m.businessName)).toEqual([
      'Shiny Glass',
      'Shiny Glass',
    ]);
    expect((await auth.getMembership('m1', 'a2'))?.businessName).toBe('Second Business');
  });

  it('treats an expired session as absent, and moves or deletes a session', async () => {
    await auth.createSession({ tokenHash: 'h1', userId: 'u1', accountId: 'a1', expiresAt: later(60_000) });
    expect(await auth.getSession('h1')).toEqual({
      tokenHash: 'h1',
      userId: 'u1',
      accountId: 'a1',
      expiresAt: later(60_000),
    });
    expect(await auth.getSession('h1', later(60_000))).toBeUndefined();
    await auth.setSessionAccount('h1', 'a2');
    expect((await auth.getSession('h1'))?.accountId).toBe('a2');
    const ttl = (
      await db.doc.send(new GetCommand({ TableName: db.tableName, Key: { pk: 'SESSION#h1', sk: 'SESSION' } }))
    ).Item?.expiresAt;
    expect(ttl).toBe(Math.ceil(later(60_000).getTime() / 1000));
    await auth.deleteSession('h1');
    expect(await auth.getSession('h1')).toBeUndefined();
    expect((await rejection(auth.setSessionAccount('h1', 'a1'))).kind).toBe('not-found');
  });

  it('a one-time token works once, for its own kind, and not after it expires', async () => {
    const issued = later(0);
    await auth.createToken({
      tokenHash: 't1',
      kind: 'invite',
      accountId: 'a1',
      email: 'ann@example.com',
      createdAt: issued,
      expiresAt: later(3_600_000),
    });
    expect(await auth.consumeToken('t1', 'reset')).toBeUndefined();
    const invite = {
      tokenHash: 't1',
      kind: 'invite',
      accountId: 'a1',
      email: 'ann@example.com',
      createdAt: issued,
      expiresAt: later(3_600_000),
    };
    // Read without being used, as often as asked.
    expect(await auth.getToken('t1', 'invite')).toEqual(invite);
    expect(await auth.getToken('t1', 'invite')).toEqual(invite);
    const [a, b] = await Promise.all([auth.consumeToken('t1', 'invite'), auth.consumeToken('t1', 'invite')]);
    const used = [a, b].filter(Boolean);
    expect(used).toEqual([invite]);
    expect(await auth.consumeToken('t1', 'invite')).toBeUndefined();
    expect(await auth.getToken('t1', 'invite')).toBeUndefined();

    await auth.createToken({
      tokenHash: 't2',
      kind: 'verify',
      userId: 'u1',
      createdAt: issued,
      expiresAt: later(1000),
    });
    expect(await auth.getToken('t2', 'verify', later(1000))).toBeUndefined();
    expect(await auth.consumeToken('t2', 'verify', later(1000))).toBeUndefined();
    expect(await auth.consumeToken('t2', 'verify', later(999))).toEqual({
      tokenHash: 't2',
      kind: 'verify',
      userId: 'u1',
      createdAt: issued,
      expiresAt: later(1000),
    });
  });

  it('counts hits per window and refuses past max until the window ends', async () => {
    const window = 15 * 60_000;
    const start = new Date(Math.floor(now.getTime() / window) * window + 60_000);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await auth.hitRateLimit('login:email:x', window, 3, start));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]?.retryAfterSeconds).toBe(14 * 60);
    // Concurrent hits never let more than max through.
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => auth.hitRateLimit('login:ip:1', window, 5, start)),
    );
    expect(burst.filter((r) => r.allowed)).toHaveLength(5);
    expect(
      (await auth.hitRateLimit('login:email:x', window, 3, new Date(start.getTime() + window))).allowed,
    ).toBe(true);
  });
});
