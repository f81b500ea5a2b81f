import type { EntityType } from '@roundwise/core';
import { AuthRepository, Counters, type Db, EntityRepository, PublicLinks } from '@roundwise/db';
import { createTestDb, type Engine, startEngine } from '@roundwise/db/test-engines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../functions/src/auth/password.ts';
import { seedDemo } from './demo.ts';
import { defaultAccountId, seedAccount } from './load.ts';

describe('seedAccount and seedDemo (dynalite, in memory)', () => {
  let engine: Engine;
  let db: Db;
  beforeAll(async () => {
    engine = await startEngine('dynalite');
    db = await createTestDb(engine);
  });
  afterAll(async () => {
    db?.client.destroy();
    await engine?.stop();
  });

  it('seeds the demo business: people who can sign in, the account, and every entity', async () => {
    const files = new Map<string, { body: Uint8Array; contentType: string }>();
    const login = await seedDemo({
      db,
      files: async (key, body, contentType) => {
        files.set(key, { body, contentType });
      },
    });
    expect(login).toEqual({ email: 'owner@demo.roundwise.local', password: 'demo-password' });

    const auth = new AuthRepository(db);
    const accountId = defaultAccountId('demo');
    const account = await auth.getAccount(accountId);
    expect(account).toMatchObject({
      businessName: 'Sparkle Window Cleaning',
      subscription: 'subscribed',
      level: 'Ultimate',
      dataEmail: login.email,
    });
    expect(account!.settings.businessAddress?.lngLat).toEqual([0.1218, 52.2053]);

    const roles: Record<string, string[]> = {};
    for (const email of ['owner', 'admin', 'worker'].map((r) => `${r}@demo.roundwise.local`)) {
      const user = await auth.getUserByEmail(email);
      expect(user?.emailVerified).toBe(true);
      expect(await verifyPassword('demo-password', user!.passwordHash)).toBe(true);
      roles[email] = (await auth.getMembership(user!.userId, accountId))!.roles;
    }
    expect(Object.values(roles)).toEqual([['Owner'], ['Admin'], ['Worker']]);

    const repo = new EntityRepository(db, accountId);
    const counts: Partial<Record<EntityType, number>> = {};
    for (const type of ['customer', 'job', 'round', 'quote', 'notification'] as const) {
      counts[type] = (await repo.list(type)).length;
    }
    expect(counts).toEqual({ customer: 60, job: 80, round: 6, quote: 10, notification: 100 });
    // The server's invoice counter goes on from the seed's last number, never giving one again.
    const numbers = (await repo.list<{ invoiceNumber?: string }>('transaction')).flatMap((t) =>
      t.invoiceNumber ? [Number(t.invoiceNumber.slice(4))] : [],
    );
    expect(numbers.length).toBeGreaterThan(0);
    expect(await new Counters(db).last(accountId, 'invoice')).toBe(Math.max(...numbers));
    // Every quote has a working public link: a token of its own, naming this account and quote.
    const quotes = await repo.list<{ linkToken?: string }>('quote');
    const links = new PublicLinks(db);
    for (const q of quotes) {
      expect(await links.find(q.linkToken ?? '', 'quote')).toMatchObject({ accountId, recordId: q._id });
    }
    expect(new Set(quotes.map((q) => q.linkToken)).size).toBe(quotes.length);
    // The books: set up, and each receipt's file is in the bucket, its record naming the expense.
    expect(await repo.get('balanceSettings', 'balance')).toMatchObject({ setupComplete: true });
    const expenses = await repo.list<{ _id: string; attachmentIds: string[] }>('expense');
    expect(expenses.length).toBeGreaterThan(20);
    const receipts = await repo.list<{ _id: string; key: string; size: number; related: string[] }>(
      'attachment',
    );
    expect(receipts.length).toBeGreaterThan(0);
    for (const r of receipts) {
      const file = files.get(r.key);
      expect(file?.contentType, r.key).toBe('application/pdf');
      expect(file?.body.length).toBe(r.size);
      expect(new TextDecoder().decode(file?.body.slice(0, 5))).toBe('%PDF-');
      expect(expenses.find((x) => x._id === r.related[0])?.attachmentIds).toEqual([r._id]);
    }
    // The change feed carries everything (what a device's first sync reads).
    let feed = 0;
    let cursor: string | undefined;
    for (;;) {
      const page = await repo.changedSince(cursor, 1000, new Date(Date.now() + 60_000));
      feed += page.changes.length;
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    const seeded = await seedAccount(db, {
      scale: 'demo',
      accountId: 'other-account',
      owner: { email: 'x@example.com', password: 'password-x', name: 'X', businessName: 'X' },
    });
    // The same business, less the receipts (seeded below with no bucket).
    expect(feed).toBe(Object.values(seeded.counts).reduce((a, b) => a + b, 0) + receipts.length);
    // Seeded with no bucket: no receipt, since a record would name a file that is not there.
    expect(seeded.counts.attachment).toBe(0);
    const others = await new EntityRepository(db, 'other-account').list<{ attachmentIds: string[] }>(
      'expense',
    );
    expect(others.length).toBeGreaterThan(20);
    expect(others.every((x) => x.attachmentIds.length === 0)).toBe(true);
  }, 30_000);

  it('leaves an existing demo alone, and refuses to seed an account twice', async () => {
    await expect(seedDemo({ db })).resolves.toEqual({
      email: 'owner@demo.roundwise.local',
      password: 'demo-password',
    });
    await expect(seedAccount(db, { scale: 'demo' })).rejects.toThrow(/already exists/);
  });

  it('refuses an owner email that belongs to someone else', async () => {
    await expect(
      seedAccount(db, {
        scale: 'demo',
        accountId: 'third-account',
        owner: { email: 'owner@demo.roundwise.local', password: 'whatever-1', name: 'Y', businessName: 'Y' },
      }),
    ).rejects.toThrow(/another user/);
    expect(await new AuthRepository(db).getAccount('third-account')).toBeUndefined();
  });
});
