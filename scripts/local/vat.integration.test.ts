import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Vat as V, type Vat } from '@roundwise/core';
import { EntityRepository, HmrcStore } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleBackground } from '../../functions/src/background.ts';
import { sweepOutbox } from '../../functions/src/effects/sweep.ts';
import { type Client, startTestApi, viaEdge } from '../../functions/src/test-harness.ts';
import { hmrcClient } from '../../functions/src/vat/hmrc.ts';
import { type HmrcSimulator, startHmrcSimulator } from './hmrc-simulator.ts';

/**
 * VAT returns through the real API on dynalite against the local HMRC: connecting by OAuth, the
 * obligations, a submission sent once (a 500 then `DUPLICATE_SUBMISSION`, a timeout: each looked up
 * with a GET before any second send), the deployment's one throttle, and who may do it.
 */
let dir: string;
let hmrc: HmrcSimulator;
let api: Awaited<ReturnType<typeof startTestApi>>;
let owner: Client;
let accountId: string;
const VRN = '123456789';

/** What a browser and CloudFront put on a request: the Gov-Client-* values and the viewer's address. */
const BROWSER = {
  ...viaEdge('198.51.100.7'),
  'cloudfront-viewer-address': '198.51.100.7:50123',
  ...V.browserHeaders({
    jsUserAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    deviceId: 'beec798b-b366-47fa-b1f8-92cede14a1ce',
    screens: 'width=1920&height=1080&scaling-factor=1&colour-depth=24',
    windowSize: 'width=1256&height=803',
    timezone: 'UTC+00:00',
  }),
};
const get = (c: Client, path: string) => c.call('GET', path, undefined, BROWSER);
const submit = (c: Client, body: unknown, key: string) =>
  c.call('POST', '/vat/returns', body, { ...BROWSER, 'idempotency-key': key });

const BOXES = V.toHmrc({
  box1: 30000,
  box2: 0,
  box3: 30000,
  box4: 8000,
  box5: 22000,
  box6: 150000,
  box7: 50000,
  box8: 0,
  box9: 0,
});
const period = (q: number) => ({
  periodKey: `26A${q}`,
  start: `2026-${String(q * 3 - 2).padStart(2, '0')}-01`,
  end: ['', '2026-03-31', '2026-06-30', '2026-09-30', '2026-12-31'][q]!,
  boxes: BOXES,
  finalised: true,
});
const returnOf = (periodKey: string) =>
  new EntityRepository(api.db, accountId).get<Vat.VatReturn>('vatReturn', V.returnIdOf(periodKey));

async function connect(c: Client) {
  const start = await c.post('/vat/oauth/start');
  expect(start.status).toBe(200);
  const authorize = new URL(start.json.url);
  expect((await fetch(authorize)).status).toBe(200); // HMRC's grant page
  const granted = await fetch(`${hmrc.url}/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({
      redirect_uri: authorize.searchParams.get('redirect_uri')!,
      state: authorize.searchParams.get('state')!,
      grant: 'yes',
    }),
  });
  const back = new URL(granted.headers.get('location')!);
  return c.get(`/vat/oauth/callback${back.search}`);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'roundwise-vat-'));
  hmrc = await startHmrcSimulator({ directory: dir, clock: () => new Date('2026-11-25T10:00:00Z') });
  api = await startTestApi('dynalite', {
    mailboxSecret: 'test-sealing-secret',
    hmrc: {
      url: hmrc.url,
      clientId: hmrc.clientId,
      clientSecret: hmrc.clientSecret,
      vendorIp: '203.0.113.6',
      timeoutMs: 1000,
    },
  });
  owner = api.client();
  const me = (await owner.signup('vat-owner@example.com', 'VAT Rounds')).json;
  accountId = me.account.accountId;
  expect((await owner.patch('/account', { flags: ['balance'] })).status).toBe(200);
  expect((await owner.command('balance.setup', { yearStartMonth: 4, vatRegistered: true })).status).toBe(200);
  expect((await owner.command('vat.setup', { vrn: 'GB 123 456 789', scheme: 'standard' })).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await api?.stop();
  await hmrc?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('connecting to HMRC (OAuth authorization code)', () => {
  it("grants through HMRC's page and keeps the tokens sealed; a state is used once", async () => {
    const first = await connect(owner);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/balance/vat-returns/setup?hmrc=connected');
    expect((await owner.get('/vat/connection')).json).toMatchObject({ configured: true, connected: true });
    const stored = await new HmrcStore(api.db).connection(accountId);
    expect(stored?.sealedAccess).toMatch(/^v1\./);
    // The same redirect again (a replayed state) is refused.
    const start = new URL((await owner.post('/vat/oauth/start')).json.url);
    const state = start.searchParams.get('state')!;
    const replay = await owner.get(`/vat/oauth/callback?code=nope&state=${state}`);
    expect(replay.headers.get('location')).toBe('/balance/vat-returns/setup?hmrc=invalid');
  });
});

describe('obligations', () => {
  it('lists open and fulfilled periods as HMRC has them, with the fraud headers valid', async () => {
    hmrc.scenario(VRN, 'QUARTERLY_ONE_MET');
    const answer = await get(owner, '/vat/obligations?from=2026-01-01&to=2026-12-31');
    hmrc.scenario(VRN, undefined);
    expect(answer.status).toBe(200);
    expect(answer.json.obligations.map((o: Vat.Obligation) => [o.periodKey, o.status])).toEqual([
      ['26A1', 'F'],
      ['26A2', 'O'],
      ['26A3', 'O'],
      ['26A4', 'O'],
    ]);
    expect(hmrc.validations().at(-1)?.code).toBe('VALID_HEADERS');
  });

  it("HMRC's test API finds every header a web app via a server must send", async () => {
    const answer = await owner.call('POST', '/vat/test-headers', {}, BROWSER);
    expect(answer.status).toBe(200);
    expect(answer.json.code).toBe('VALID_HEADERS');
    // Without the browser's values the same call is invalid, naming what is missing.
    const bare = await owner.call('POST', '/vat/test-headers', {}, viaEdge('198.51.100.7'));
    expect(bare.json.code).toBe('INVALID_HEADERS');
    expect(bare.json.errors[0].headers).toContain('gov-client-device-id');
  });
});

describe('submitting a return: once, whatever HMRC answers', () => {
  it('submits the reviewed boxes with finalised, keeps the receipt; the period cannot be sent again', async () => {
    const answer = await submit(owner, period(1), 'submit-q1-0001');
    expect(answer.status).toBe(202);
    const stored = await returnOf('26A1');
    expect(stored).toMatchObject({ status: 'submitted', boxes: BOXES });
    expect(stored?.receipt?.formBundleNumber).toMatch(/^\d{12}$/);
    expect(stored?.receipt?.receiptId).toMatch(/^[0-9a-f-]{36}$/);
    expect(hmrc.returns(VRN).map((r) => r.periodKey)).toEqual(['26A1']);
    // The same call again answers from the first; a new call for the period is refused.
    expect((await submit(owner, period(1), 'submit-q1-0001')).status).toBe(202);
    const again = await submit(owner, period(1), 'submit-q1-0002');
    expect([again.status, again.json.code]).toEqual([409, 'vat.already-submitted']);
    expect(hmrc.submitCalls()).toBe(1);
  });

  it("refuses boxes that fail HMRC's cross-checks, or a return not declared final, and sends nothing", async () => {
    const calls = hmrc.submitCalls();
    const wrong = await submit(
      owner,
      { ...period(2), boxes: { ...BOXES, totalVatDue: 1 } },
      'submit-bad-0001',
    );
    expect([wrong.status, wrong.json.code]).toEqual([400, 'vat.box3-mismatch']);
    const wrong5 = await submit(
      owner,
      { ...period(2), boxes: { ...BOXES, netVatDue: 1 } },
      'submit-bad-0002',
    );
    expect(wrong5.json.code).toBe('vat.box5-mismatch');
    const notFinal = await submit(owner, { ...period(2), finalised: false }, 'submit-bad-0003');
    expect(notFinal.json.code).toBe('vat.not-finalised');
    expect(await returnOf('26A2')).toBeUndefined();
    expect(hmrc.submitCalls()).toBe(calls);
  });

  it('a 500 from HMRC (which took the return) is looked up before any retry: submitted, sent once', async () => {
    hmrc.scenario(VRN, 'ERROR_500_THEN_DUPLICATE');
    const calls = hmrc.submitCalls();
    expect((await submit(owner, period(2), 'submit-q2-0001')).status).toBe(202);
    expect((await returnOf('26A2'))?.status).toBe('submitting');
    api.advance(61_000); // the first delivery's lease runs out
    await sweepOutbox(api.deps, 0);
    await settleBackground();
    hmrc.scenario(VRN, undefined);
    expect(await returnOf('26A2')).toMatchObject({ status: 'submitted', found: true });
    expect(hmrc.submitCalls()).toBe(calls + 1);
    expect(hmrc.returns(VRN).filter((r) => r.periodKey === '26A2')).toHaveLength(1);
  });

  it('a timeout is looked up before any retry: HMRC had it, so it is not sent again', async () => {
    hmrc.delay(1500);
    const calls = hmrc.submitCalls();
    expect((await submit(owner, period(3), 'submit-q3-0001')).status).toBe(202);

    expect((await returnOf('26A3'))?.status).toBe('submitting');
    // HMRC finishes what it was doing, after the app stopped waiting for it.
    while (!hmrc.returns(VRN).some((r) => r.periodKey === '26A3'))
      await new Promise((r) => setTimeout(r, 50));
    api.advance(61_000);
    await sweepOutbox(api.deps, 0);
    await settleBackground();
    expect(await returnOf('26A3')).toMatchObject({ status: 'submitted', found: true });
    expect(hmrc.submitCalls()).toBe(calls + 1);
  });

  it('a return without the fraud headers (run as a bare command) is never sent to HMRC', async () => {
    const calls = hmrc.submitCalls();
    const bare = await owner.command('vat.submit-return', { ...period(4), fraudHeaders: {} });
    expect(bare.status).toBe(200);
    expect(await returnOf('26A4')).toMatchObject({ status: 'failed', error: 'INVALID_FRAUD_HEADERS' });
    expect(hmrc.submitCalls()).toBe(calls);
  });

  it("DUPLICATE_SUBMISSION for a return HMRC does not hold fails it with HMRC's code", async () => {
    hmrc.scenario(VRN, 'DUPLICATE_SUBMISSION');
    expect((await submit(owner, period(4), 'submit-q4-0001')).status).toBe(202);
    hmrc.scenario(VRN, undefined);
    expect(await returnOf('26A4')).toMatchObject({ status: 'failed', error: 'DUPLICATE_SUBMISSION' });
    // A failed return may be submitted again.
    expect((await submit(owner, period(4), 'submit-q4-0002')).status).toBe(202);
    expect(await returnOf('26A4')).toMatchObject({ status: 'submitted', attempt: 3 });
  });
});

describe('one throttle for the deployment', () => {
  it('never more than 3 calls to HMRC in any second, from two servers at once', async () => {
    const config = { url: hmrc.url, clientId: hmrc.clientId, clientSecret: hmrc.clientSecret };
    const servers = [hmrcClient(config, new HmrcStore(api.db)), hmrcClient(config, new HmrcStore(api.db))];
    const before = hmrc.validations().length;
    await Promise.all(Array.from({ length: 7 }, (_, i) => servers[i % 2]!.testHeaders('', {})));
    const times = hmrc
      .validations()
      .slice(before)
      .map((v) => v.at)
      .sort((a, b) => a - b);
    expect(times).toHaveLength(7);
    for (let i = 3; i < times.length; i++) expect(times[i]! - times[i - 3]!).toBeGreaterThanOrEqual(900);
  }, 20_000);
});

describe('who may', () => {
  it('the Owner and Admin; a Worker is refused on the server, for the calls and the command', async () => {
    const { member: admin } = await api.addMember(owner, 'vat-admin@example.com', ['Admin']);
    const { member: worker } = await api.addMember(owner, 'vat-worker@example.com', ['Worker']);
    expect((await get(admin, '/vat/obligations?from=2026-01-01&to=2026-12-31')).status).toBe(200);
    expect((await get(worker, '/vat/obligations?from=2026-01-01&to=2026-12-31')).status).toBe(403);
    expect((await worker.post('/vat/oauth/start')).status).toBe(403);
    const refused = await worker.command('vat.submit-return', period(1));
    expect(refused.status).toBe(403);
  });

  it('VAT returns need Ultimate: an Advanced account is refused', async () => {
    const other = api.client();
    await other.signup('vat-advanced@example.com', 'Advanced Rounds');
    expect((await other.patch('/account', { flags: ['balance'] })).status).toBe(200);
    expect((await other.post('/account/subscription', { level: 'Advanced' })).status).toBe(200);
    const answer = await get(other, '/vat/obligations?from=2026-01-01&to=2026-12-31');
    expect(answer.status).toBe(403);
    expect(answer.json.code).toMatch(/^access\./);
  });
});
