import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countOf, kill, type Running, startChild } from './child-runtime.ts';
import { type Api, addCustomers, mailsIn, signIn, signUpVerified, until } from './messaging-fixture.ts';

/**
 * A campaign by email and SMS to 2,000 customers. The runtime is SIGKILLed
 * while the publish is being written (the publish paused part-way, then resumed by the client's
 * replay), and again in the middle of the delivery (the queue worker dies with it and starts again
 * with the runtime). Every customer gets exactly one message per method, the credits are taken
 * once per message, and the report's counters are exact.
 */
const MINUTE = 60_000;
const CUSTOMERS = 2000;
let dataDir: string;
let running: Running | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'roundwise-campaign-kill-'));
  await mkdir(join(dataDir, 'web'), { recursive: true });
  await writeFile(join(dataDir, 'web', 'index.html'), '<!doctype html><title>Roundwise</title>');
});

afterAll(async () => {
  if (running) await kill(running);
  await rm(dataDir, { recursive: true, force: true });
});

/** The SMS the local provider took (one record per delivery key, kept across restarts). */
async function textsTaken() {
  const lines = (await readFile(join(dataDir, 'data', 'sms', 'messages.jsonl'), 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean);
  return lines.map((l) => JSON.parse(l) as { to: string; key: string });
}

async function setUp(api: Api) {
  const ok = (r: { status: number; json: unknown }) => {
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return r;
  };
  ok(await api.send('PATCH', '/account', { flags: ['send'], settings: { bulkSms: true } }));
  ok(await api.command('templates.create', { _id: 'tpl', name: 'Spring', subject: 'Spring clean offer' }));
  ok(
    await api.command('send.create-audience', {
      _id: 'everyone',
      name: 'Everyone',
      filterGroups: [[{ id: 'f', field: 'name', label: 'Name', operator: 'Contains', value: 'customer' }]],
    }),
  );
  ok(
    await api.command('send.create-campaign', {
      _id: 'spring',
      name: 'Spring',
      description: 'Conservatories',
      audiences: ['everyone'],
      deliveryMethods: ['Email', 'Sms'],
      templateId: 'tpl',
    }),
  );
}

describe('a campaign to 2,000 customers by email and SMS, the runtime killed twice', () => {
  it('sends each customer one message per method, takes the credits once, and counts exactly', async () => {
    running = await startChild(dataDir, 0);
    let api = await signUpVerified(running.url, running.db, 'campaign@example.com');
    const customers = await addCustomers(running.db, api.accountId, CUSTOMERS);
    await setUp(await signIn(running.url, api.cookie));
    api = await signIn(running.url, api.cookie); // the session now sees the send flag
    const bought = await api.send('POST', '/customer/purchase-sms-credits', {
      amount: 5000,
      purchaseId: 'campaign-kill-credits',
    });
    const before = bought.json.credits as number;

    const input = { _id: 'spring', includeNonMarketing: true };
    const commandId = '01JCAMPAIGNKILL00000000001';
    let answered = false;
    void api.command('send.publish', input, commandId).then(
      () => {
        answered = true;
      },
      () => {},
    );
    // Kill 1: the publish paused part-way (it writes in parts of 99).
    const stored = () => countOf(running!.db, api.accountId, 'notification');
    await until(async () => answered || (await stored()) > 0, 60_000, 'the first part');
    const partWritten = await stored();
    await kill(running);
    expect(answered).toBe(false);
    expect(partWritten).toBeGreaterThan(0);
    expect(partWritten).toBeLessThan(2 * CUSTOMERS);

    // Resumed: the client replays the command until it is answered.
    running = await startChild(dataDir, MINUTE);
    api = await signIn(running.url, api.cookie);
    let answer = await api.command('send.publish', input, commandId);
    for (let i = 0; i < 150 && answer.status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      answer = await api.command('send.publish', input, commandId);
    }
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json.result).toMatchObject({
      recipients: CUSTOMERS,
      messages: 2 * CUSTOMERS,
      credits: 2 * CUSTOMERS,
    });

    // Kill 2: in the middle of the delivery; the worker starts again with the runtime.
    const mailDir = running.mailDir;
    const mailsSent = async () => (await mailsIn(mailDir)).filter((m) => m.key).length;
    await until(async () => (await mailsSent()) >= 300, 120_000, '300 mails');
    expect((await mailsSent()) + (await textsTaken()).length).toBeLessThan(2 * CUSTOMERS);
    await kill(running);

    running = await startChild(dataDir, 3 * MINUTE);
    api = await signIn(running.url, api.cookie);
    // A publish replayed again answers as before and sends nothing more.
    expect((await api.command('send.publish', input, commandId)).json).toEqual(answer.json);
    await until(
      async () => (await mailsSent()) >= CUSTOMERS && (await textsTaken()).length >= CUSTOMERS,
      180_000,
      'every message',
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    const mails = (await mailsIn(mailDir)).filter((m) => m.key);
    const perAddress = new Map<string, number>();
    for (const m of mails) perAddress.set(m.to, (perAddress.get(m.to) ?? 0) + 1);
    expect([...perAddress.entries()].filter(([, n]) => n > 1)).toEqual([]);
    expect([...perAddress.keys()].sort()).toEqual(customers.map((c) => c.email).sort());
    const texts = await textsTaken();
    const perNumber = new Map<string, number>();
    for (const t of texts) perNumber.set(t.to, (perNumber.get(t.to) ?? 0) + 1);
    expect(texts).toHaveLength(CUSTOMERS);
    expect([...perNumber.values()].every((n) => n === 1)).toBe(true);

    expect((await api.get('/customer/squeegee-credits')).json.squeegeeCredits).toBe(before - 2 * CUSTOMERS);
    const { report } = (await api.get('/send/campaigns/spring/delivery')).json;
    expect(report.total).toBe(2 * CUSTOMERS);
    expect(report.email).toMatchObject({ sent: CUSTOMERS, failed: 0 });
    expect(report.sms).toMatchObject({ sent: CUSTOMERS, failed: 0 });
  }, 420_000);
});
