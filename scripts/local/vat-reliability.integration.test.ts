import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Vat } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited, kill, type Running, startChild } from './child-runtime.ts';
import { type HmrcSimulator, startHmrcSimulator } from './hmrc-simulator.ts';
import { signIn, signUpVerified, until } from './messaging-fixture.ts';

/**
 * The runtime killed during a VAT return's submission, once HMRC has taken it and before the
 * runtime recorded the answer; restarted, it sends nothing again: it asks HMRC, finds the return,
 * and records it submitted. HMRC holds one return and was sent it once.
 */
const VRN = '555666777';
let dataDir: string;
let hmrc: HmrcSimulator;
let running: Running | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'roundwise-vat-kill-'));
  await mkdir(join(dataDir, 'web'), { recursive: true });
  await writeFile(join(dataDir, 'web', 'index.html'), '<!doctype html><title>Roundwise</title>');
  hmrc = await startHmrcSimulator({ directory: join(dataDir, 'hmrc') });
});
afterAll(async () => {
  if (running) await kill(running);
  await hmrc?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const browser = Vat.browserHeaders({
  jsUserAgent: 'Mozilla/5.0',
  deviceId: 'beec798b-b366-47fa-b1f8-92cede14a1ce',
  screens: 'width=1920&height=1080&scaling-factor=1&colour-depth=24',
  windowSize: 'width=1256&height=803',
  timezone: 'UTC+00:00',
});

describe('a VAT return, the runtime killed during its submission', () => {
  it('is sent to HMRC once and recorded submitted after the restart', async () => {
    const env = { HMRC_URL: hmrc.url, HMRC_CLIENT_ID: hmrc.clientId, HMRC_CLIENT_SECRET: hmrc.clientSecret };
    running = await startChild(dataDir, 0, { ...env, KILL_AFTER_HMRC_SUBMIT: '1' });
    const api = await signUpVerified(running.url, running.db, 'vat-kill@example.com');
    expect((await api.send('PATCH', '/account', { flags: ['balance'] })).status).toBe(200);
    expect((await api.command('balance.setup', { yearStartMonth: 4, vatRegistered: true })).status).toBe(200);
    expect((await api.command('vat.setup', { vrn: VRN, scheme: 'cash' })).status).toBe(200);
    // Authority granted on HMRC's page, and back to the runtime's callback.
    const start = new URL((await api.send('POST', '/vat/oauth/start', {})).json.url);
    const granted = await fetch(`${hmrc.url}/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        redirect_uri: start.searchParams.get('redirect_uri')!,
        state: start.searchParams.get('state')!,
        grant: 'yes',
      }),
    });
    const back = await fetch(granted.headers.get('location')!, {
      headers: { cookie: api.cookie },
      redirect: 'manual',
    });
    expect(back.headers.get('location')).toBe('/balance/vat-returns/setup?hmrc=connected');

    const boxes = Vat.toHmrc({
      box1: 1000,
      box2: 0,
      box3: 1000,
      box4: 0,
      box5: 1000,
      box6: 5000,
      box7: 0,
      box8: 0,
      box9: 0,
    });
    // The reply may be lost with the process (it dies once HMRC answers the effect's send).
    await api
      .send(
        'POST',
        '/vat/returns',
        { periodKey: '26A3', start: '2026-07-01', end: '2026-09-30', boxes, finalised: true },
        { ...browser, 'idempotency-key': 'vat-kill-submit-1' },
      )
      .catch(() => undefined);
    await exited(running);
    running = undefined;
    expect(hmrc.returns(VRN)).toHaveLength(1);
    // Restarted later (the dead delivery's lease has run out): the sweep delivers it again.
    running = await startChild(dataDir, 2 * 60_000, env);
    const again = await signIn(running.url, api.cookie);
    await until(
      async () => (await readReturn(running!, again.accountId))?.status === 'submitted',
      30_000,
      'submitted',
    );
    expect(await readReturn(running, again.accountId)).toMatchObject({ status: 'submitted', found: true });
    expect(hmrc.submitCalls()).toBe(1);
    expect(hmrc.returns(VRN)).toHaveLength(1);
  }, 120_000);
});

const readReturn = (r: Running, accountId: string) =>
  new EntityRepository(r.db, accountId).get<Vat.VatReturn>('vatReturn', Vat.returnIdOf('26A3'));
