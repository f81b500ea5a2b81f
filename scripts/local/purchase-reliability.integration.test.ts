import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Credits } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillingSink } from './billing.ts';
import { exited, kill, type Running, startChild } from './child-runtime.ts';
import type { PurchaseKillPoint } from './kill-points.ts';
import { type Api, signIn, signUpVerified, until } from './messaging-fixture.ts';

/**
 * A credit purchase with the runtime SIGKILLed at each of its steps (docs/money.md): before and
 * after the purchase command's commit, before and after the billing provider's charge, and after
 * the credits are applied. Then what a real deployment does next: the runtime starts again (its
 * sweep hands the outbox to the queue worker) and the client retries under the same key. Each
 * time the charge and the credits end both done (once) or both not done, never one alone.
 */
const MINUTE = 60_000;
const POINTS: PurchaseKillPoint[] = [
  'before-commit',
  'after-commit',
  'before-charge',
  'after-charge',
  'after-settle',
];
const keyOf = (i: number) => `01JPURCHASEKILL00000000000${i}`;

let dataDir: string;
let running: Running | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'roundwise-purchase-kill-'));
  await mkdir(join(dataDir, 'web'), { recursive: true });
  await writeFile(join(dataDir, 'web', 'index.html'), '<!doctype html><title>Roundwise</title>');
});

afterAll(async () => {
  if (running) await kill(running);
  await rm(dataDir, { recursive: true, force: true });
});

describe('a credit purchase, the runtime killed at each step', () => {
  it('ends with one charge and its credits, or neither; the retry under its key completes it once', async () => {
    const billing = createBillingSink(join(dataDir, 'data', 'billing'));
    const charges = async (purchaseId: string) =>
      (await billing.charges()).filter((c) => c.key.includes(`-${purchaseId}-`));
    running = await startChild(dataDir, 0, { KILL_AT: POINTS[0]!, KILL_PURCHASE: keyOf(0) });
    let api: Api = await signUpVerified(running.url, running.db, 'kill-purchase@example.com');
    const balance = async () => (await api.get('/customer/squeegee-credits')).json.squeegeeCredits as number;
    const purchaseOf = (id: string) =>
      new EntityRepository(running!.db, api.accountId).get<Credits.CreditPurchase>('creditPurchase', id);

    for (const [i, point] of POINTS.entries()) {
      const purchaseId = keyOf(i);
      const amount = 100 * (i + 1);
      const before = await balance();
      // The request dies with the runtime: the caller has no answer.
      const lost = await api.send('POST', '/customer/purchase-sms-credits', { amount, purchaseId }).then(
        () => 'answered',
        () => 'lost',
      );
      await exited(running);
      expect(lost, point).toBe('lost');

      // Started again (the next step's kill armed for the next purchase), later than the leases.
      const next = POINTS[i + 1];
      running = await startChild(
        dataDir,
        (i + 1) * 2 * MINUTE,
        next ? { KILL_AT: next, KILL_PURCHASE: keyOf(i + 1) } : {},
      );
      api = await signIn(running.url, api.cookie);
      if (point === 'before-commit') {
        // Nothing was stored: no purchase, no charge, no credits.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(await purchaseOf(purchaseId), point).toBeUndefined();
        expect(await charges(purchaseId), point).toEqual([]);
        expect(await balance(), point).toBe(before);
      } else {
        // The outbox finishes it with no help from the client: charged once, credits added once.
        await until(async () => (await purchaseOf(purchaseId))?.status === 'paid', 30_000, `${point}: paid`);
        expect(await charges(purchaseId), point).toHaveLength(1);
        expect(await balance(), point).toBe(before + amount);
      }
      // The client retries under the same key: the same purchase, answered, nothing more charged.
      const retried = await api.send('POST', '/customer/purchase-sms-credits', { amount, purchaseId });
      expect(retried.json, point).toEqual({ success: true, credits: before + amount, error: null });
      expect(await charges(purchaseId), point).toHaveLength(1);
      expect(await balance(), point).toBe(before + amount);
    }
    // Every charge the provider made has its credits, and no purchase was charged twice.
    const all = await billing.charges();
    expect(all.map((c) => c.quantity)).toEqual([100, 200, 300, 400, 500]);
  }, 360_000);
});
