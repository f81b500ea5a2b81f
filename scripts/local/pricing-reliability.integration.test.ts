import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited, kill, type Running, startChild } from './child-runtime.ts';
import { signIn, signUpVerified } from './messaging-fixture.ts';
import { addRoundOfJobs, jobPrices, northRise } from './pricing-fixture.ts';

/**
 * A price change applied to 2,000 jobs, the runtime SIGKILLed while the jobs are being written
 * (in parts of 99) and started again; the client replays the Apply until it is answered. Every
 * job is changed exactly once (20 to 20.50, never 21), the result lists each once, and the
 * rollback that follows restores all of them.
 */
const MINUTE = 60_000;
const JOBS = 2000;
let dataDir: string;
let running: Running | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'roundwise-pricing-kill-'));
  await mkdir(join(dataDir, 'web'), { recursive: true });
  await writeFile(join(dataDir, 'web', 'index.html'), '<!doctype html><title>Roundwise</title>');
});

afterAll(async () => {
  if (running) await kill(running);
  await rm(dataDir, { recursive: true, force: true });
});

describe('applying a price change to 2,000 jobs, the runtime killed part-way', () => {
  it('changes every job exactly once after the restart, and rolls them all back', async () => {
    const commandId = '01JPRICEKILL0000000000001';
    // The runtime kills itself after the fifth of the Apply's transactions (parts of 98 jobs).
    running = await startChild(dataDir, 0, { KILL_COMMAND: commandId, KILL_AFTER_PARTS: '5' });
    let api = await signUpVerified(running.url, running.db, 'pricing-kill@example.com');
    await addRoundOfJobs(running.db, api.accountId, JOBS);
    expect((await api.send('PATCH', '/account', { flags: ['pricing'] })).status).toBe(200);
    api = await signIn(running.url, api.cookie);
    expect((await api.command('pricing.create', northRise)).status).toBe(200);

    const first = await api.command('pricing.apply', { _id: 'rise' }, commandId).catch(() => undefined);
    expect(first).toBeUndefined(); // no answer: the runtime died part-way
    await exited(running);

    // Started again past the claim's lease; the client replays the same Apply until answered.
    running = await startChild(dataDir, MINUTE);
    api = await signIn(running.url, api.cookie);
    const partWritten = [...(await jobPrices(running.db, api.accountId)).values()].filter((p) => p !== 20);
    expect(partWritten.length).toBeGreaterThan(0);
    expect(partWritten.length).toBeLessThan(JOBS);
    let answer = await api.command('pricing.apply', { _id: 'rise' }, commandId);
    for (let i = 0; i < 150 && answer.status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      answer = await api.command('pricing.apply', { _id: 'rise' }, commandId);
    }
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json.result).toMatchObject({ applied: true, changes: JOBS });

    const prices = await jobPrices(running.db, api.accountId);
    expect(prices.size).toBe(JOBS);
    expect([...new Set(prices.values())]).toEqual([20.5]);

    const rolled = await api.command('pricing.rollback', { _id: 'rise' });
    expect(rolled.status, JSON.stringify(rolled.json)).toBe(200);
    expect(rolled.json.result).toMatchObject({ restored: JOBS, skipped: [] });
    expect([...new Set((await jobPrices(running.db, api.accountId)).values())]).toEqual([20]);
  }, 300_000);
});
