import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Banking } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited, kill, type Running, startChild } from './child-runtime.ts';
import { signIn, signUpVerified } from './messaging-fixture.ts';

/**
 * A statement of 600 lines imported, the runtime SIGKILLed while the lines are being written (in
 * parts of 99) and started again; the client retries the same import (its Idempotency-Key) until
 * answered. Every line is held exactly once, and a third send of the file adds nothing.
 */
const MINUTE = 60_000;
const LINES = 600;
let dataDir: string;
let running: Running | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'roundwise-bank-kill-'));
  await mkdir(join(dataDir, 'web'), { recursive: true });
  await writeFile(join(dataDir, 'web', 'index.html'), '<!doctype html><title>Roundwise</title>');
});

afterAll(async () => {
  if (running) await kill(running);
  await rm(dataDir, { recursive: true, force: true });
});

/** 600 lines of November, two of each day identical (real payments that are alike). */
const csv = [
  'Date,Description,Amount',
  ...Array.from({ length: LINES }, (_, i) => {
    const day = String(1 + (i % 30)).padStart(2, '0');
    const amount = i % 4 < 2 ? -(10 + Math.floor(i / 4)) : 25 + (i % 7);
    return `2026-11-${day},${i % 4 < 2 ? 'Shell' : `Customer ${i}`},${amount}`;
  }),
].join('\n');

describe('importing 600 bank lines, the runtime killed part-way', () => {
  it('holds every line exactly once after the restart and the retried import', async () => {
    const key = '01JBANKKILL00000000000001';
    running = await startChild(dataDir, 0, { KILL_COMMAND: key, KILL_AFTER_PARTS: '3' });
    let api = await signUpVerified(running.url, running.db, 'bank-kill@example.com');
    expect((await api.command('payments.create-account', { _id: 'pa1', name: 'Current' })).status).toBe(200);
    const send = (k: string) =>
      api.send(
        'POST',
        '/banking-data/imports',
        { paymentAccountId: 'pa1', text: csv },
        { 'idempotency-key': k },
      );
    const lines = async () =>
      new EntityRepository(running!.db, api.accountId).listBy<Banking.BankLine>('bankLine', 'pa1');

    const first = await send(key).catch(() => undefined);
    expect(first).toBeUndefined(); // no answer: the runtime died part-way
    await exited(running);

    running = await startChild(dataDir, MINUTE);
    api = await signIn(running.url, api.cookie);
    const partWritten = (await lines()).length;
    expect(partWritten).toBeGreaterThan(0);
    expect(partWritten).toBeLessThan(LINES);
    let answer = await send(key);
    for (let i = 0; i < 150 && answer.status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      answer = await send(key);
    }
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const held = await lines();
    expect(held).toHaveLength(LINES);
    expect(new Set(held.map((l) => l._id)).size).toBe(LINES);
    expect((await send('01JBANKKILL00000000000002')).json).toEqual({ added: 0, replaced: 0, skipped: LINES });
  }, 300_000);
});
