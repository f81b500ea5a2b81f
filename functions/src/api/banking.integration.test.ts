import { Banking } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startTestApi } from '../test-harness.ts';

/**
 * The bank through the real API on dynalite and the local bank: the institutions, the consent
 * page and its code, the connection and its first import (pending and booked lines), a statement
 * file, the days after (pending lines booked, nothing twice), the daily calls, the 90 days, and the
 * role and level rules on the server.
 */
let api: Awaited<ReturnType<typeof startTestApi>>;
let owner: Client;
let worker: Client;
let accountId: string;
const DAY = 86_400_000;

beforeAll(async () => {
  api = await startTestApi('dynalite');
  owner = api.client();
  accountId = (await owner.signup('bank-owner@example.com', 'Bank Rounds')).json.account.accountId;
  expect((await owner.post('/account/subscription', { level: 'Advanced' })).status).toBe(200);
  ({ member: worker } = await api.addMember(owner, 'bank-worker@example.com', ['Worker']));
}, 60_000);
afterAll(async () => api?.stop());

const key = () => ({ 'idempotency-key': crypto.randomUUID() });
const lines = () => new EntityRepository(api.db, accountId).list<Banking.BankLine>('bankLine');
const connection = async () =>
  (await new EntityRepository(api.db, accountId).list<Banking.BankConnection>('bankConnection'))[0];

/** The code the local bank's consent page sends back, for `client`'s session at `institutionId`. */
async function consentCode(client: Client, institutionId: string) {
  const session = await client.post('/banking-data/sessions', { institutionId });
  expect(session.status, JSON.stringify(session.json)).toBe(200);
  const url = new URL(session.json.url);
  expect(url.pathname).toBe('/api/banking-data/local-bank/consent');
  const page = await api.app.request(`${url.pathname}${url.search}`);
  expect(page.status).toBe(200);
  const allow = /href="([^"]+)">Allow/.exec(await page.text())?.[1]?.replaceAll('&amp;', '&') ?? '';
  const back = new URL(allow);
  expect(back.pathname).toBe('/connected-service/local');
  return back.searchParams.get('code') ?? '';
}

describe('connecting the local bank', () => {
  it('lists the institutions by popularity', async () => {
    const res = await owner.get('/banking-data/institutions');
    expect(res.status).toBe(200);
    expect(res.json.length).toBeGreaterThan(Banking.INSTITUTIONS_SHOWN);
    expect(res.json[0]).toMatchObject({ id: 'local-barclays', name: 'Barclays' });
    expect(Object.keys(res.json[0]).sort()).toEqual(['id', 'logo', 'name']);
  });

  it('refuses a code another business asked for, and connects with its own: its first import follows', async () => {
    const code = await consentCode(owner, 'local-monzo');
    const other = api.client();
    await other.signup('bank-other@example.com', 'Other Rounds');
    await other.post('/account/subscription', { level: 'Advanced' });
    const stolen = await other.post('/banking-data/connections', { code }, key());
    expect(stolen.json.code).toBe('connected-services.consent-not-yours');
    expect(await new EntityRepository(api.db, accountId).list('bankConnection')).toHaveLength(0);

    const res = await owner.post('/banking-data/connections', { code }, key());
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.connection).toMatchObject({
      institutionName: 'Monzo',
      status: 'active',
      provider: 'local',
    });
    expect(res.json.connection.accounts).toHaveLength(2);
    const held = await lines();
    expect(held.length).toBeGreaterThan(30);
    expect(held.some((l) => l.status === 'pending')).toBe(true);
    const c = await connection();
    expect(c?.callsUsed).toBe(1);
    expect(c?.nextSyncAt).toBeDefined();
    expect(c?.accounts[0]?.balance).toBeTypeOf('number');
  });

  it('a further bank needs Ultimate', async () => {
    const code = await consentCode(owner, 'local-barclays');
    const res = await owner.post('/banking-data/connections', { code }, key());
    expect(res.json.code).toBe('connected-services.further-bank-ultimate');
  });

  it('refuses a forged code, changing nothing', async () => {
    const res = await owner.post('/banking-data/connections', { code: 'eyJraW5kIjoiY29kZSJ9.forged' }, key());
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('connected-services.consent-invalid');
  });
});

describe('roles and levels on the server', () => {
  it('a Worker is refused every call', async () => {
    expect((await worker.get('/banking-data/institutions')).json.code).toBe('access.role-required');
    expect((await worker.post('/banking-data/sessions', { institutionId: 'local-monzo' })).status).toBe(403);
    expect((await worker.get('/banking-data/suggestions?paymentAccountId=x')).status).toBe(403);
  });

  it('Core is refused', async () => {
    const core = api.client();
    await core.signup('bank-core@example.com', 'Core Rounds');
    await core.post('/account/subscription', { level: 'Core' });
    expect((await core.get('/banking-data/institutions')).json.code).toBe('access.level-required');
  });
});

describe('the days after', () => {
  it('pending lines are replaced by their booked twins (new ids), and nothing is held twice', async () => {
    const before = await lines();
    const pending = before.filter((l) => l.status === 'pending').map((l) => l._id);
    api.advance(2 * DAY);
    const c = await connection();
    expect((await owner.command('banking.sync-now', { _id: c?._id })).status).toBe(200);
    const after = await lines();
    for (const id of pending) expect(after.find((l) => l._id === id)?.status).toBe('booked');
    const keys = after.map((l) => `${l.paymentAccountId}|${l.date}|${l.amount}|${l.payeeKey}`);
    // Identical real payments of a day are allowed; the local bank makes none on one account's day.
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('a statement file of the same days adds nothing, and a new line once', async () => {
    const held = await lines();
    const current = held.filter(
      (l) => l.status === 'booked' && l.paymentAccountId === held[0]?.paymentAccountId,
    );
    const csv = [
      'Date,Description,Amount',
      ...current.map(
        (l) => `${l.date.split('-').reverse().join('/')},"${l.payee.toLowerCase()}",${l.amount}`,
      ),
      '01/10/2026,NEW PAYEE,-9.99',
    ].join('\n');
    const send = (k = key()) =>
      owner.post('/banking-data/imports', { paymentAccountId: current[0]?.paymentAccountId, text: csv }, k);
    const k = key();
    const first = await send(k);
    expect(first.json).toEqual({ added: 1, replaced: 0, skipped: current.length });
    expect((await send(k)).json).toEqual(first.json); // the same call retried
    expect((await send()).json).toEqual({ added: 0, replaced: 0, skipped: current.length + 1 });
    const bad = await owner.post(
      '/banking-data/imports',
      { paymentAccountId: current[0]?.paymentAccountId, text: 'nothing,here\n1,2' },
      key(),
    );
    expect(bad.json.code).toBe('banking.file-unreadable');
    const noKey = await owner.post('/banking-data/imports', {
      paymentAccountId: current[0]?.paymentAccountId,
      text: csv,
    });
    expect(noKey.status).toBe(400);
  });

  it("keeps to the day's calls, then refuses more until the next day", async () => {
    const c = await connection();
    for (let i = c?.callsUsed ?? 0; i < Banking.DAILY_CALLS; i++) {
      expect((await owner.command('banking.sync-now', { _id: c?._id })).status).toBe(200);
    }
    const refused = await owner.command('banking.sync-now', { _id: c?._id });
    expect(refused.json.code).toBe('banking.call-limit-reached');
  });

  it('after 90 days the import stops and asks for a reconsent', async () => {
    api.advance(90 * DAY);
    await owner.post('/auth/login', { email: 'bank-owner@example.com', password: 'correct horse 1' });
    const c = await connection();
    expect((await owner.command('banking.sync-now', { _id: c?._id })).status).toBe(200);
    expect((await connection())?.status).toBe('expired');
    const again = await owner.command('banking.sync-now', { _id: c?._id });
    expect(again.json.code).toBe('banking.reconsent-required');
    // Reconnecting the same bank renews the 90 days and imports again.
    const code = await consentCode(owner, 'local-monzo');
    expect((await owner.post('/banking-data/connections', { code }, key())).status).toBe(200);
    expect((await connection())?.status).toBe('active');
  });
});
