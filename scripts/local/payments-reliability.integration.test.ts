import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Payments } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderPayment } from '../../functions/src/payments/providers/provider.ts';
import { sfc32 } from '../seed/prng.ts';
import { until } from './messaging-fixture.ts';
import {
  businessWithProviders,
  customerOwing,
  linksOf,
  postForm,
  signUpDirectDebit,
} from './payments-fixture.ts';
import { type LocalRuntime, startLocal } from './runtime.ts';

/**
 * The simulated providers send every webhook twice, late (up to 1.5 s)
 * and so out of order, and drop 10% of them, while payments fail, fail after payout and are
 * charged back. After the status pull's schedule runs, every payment's state equals the
 * provider's, every mandate's too, and no charge was made twice.
 */
const DAY = 86_400_000;
/** The opposite entry written when a provider payment is undone (it names the payment). */
const isReversal = (t: Payments.Transaction) =>
  !!t.voidedId && t._id === Payments.undoneReversalId(t.voidedId);
const DIRECT_DEBIT_CUSTOMERS = 30;
const CARD_CUSTOMERS = 10;
let dir: string;
let runtime: LocalRuntime;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'roundwise-payments-reliability-'));
  runtime = await startLocal({
    port: 0,
    dataDir: join(dir, 'data'),
    webDir: join(dir, 'web'),
    quiet: true,
    seed: false,
    payments: {
      delivery: { copies: 2, delayMs: [0, 1500], dropRate: 0.1 },
      rates: { failure: 0.1, lateFailure: 0.15, chargeback: 0.1 },
      random: sfc32('payments-reliability'),
    },
  });
}, 60_000);
afterAll(async () => {
  await runtime?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('payments with late, doubled, out-of-order and lost webhooks', () => {
  it('end with every payment and mandate as the provider has it after the pull, and no charge made twice', async () => {
    const api = await businessWithProviders(runtime.url, runtime.db, 'reliability@example.com');
    const customers: string[] = [];
    for (let i = 0; i < DIRECT_DEBIT_CUSTOMERS + CARD_CUSTOMERS; i++) {
      const id = await customerOwing(api, runtime.db, `Customer ${i}`, 10 + i);
      if (i < DIRECT_DEBIT_CUSTOMERS) await signUpDirectDebit(api, id);
      else {
        const u = new URL((await linksOf(api, id)).signUp);
        const res = await postForm(`${u.origin}${u.pathname}/card${u.search}`, {
          number: '4242424242424242',
          expiry: '12/29',
          cvc: '123',
        });
        expect(res.status).toBe(303);
      }
      customers.push(id);
    }
    // Each customer's debt collected; a collect sent twice (a device's retry) is one command.
    for (const customerId of customers) {
      const commandId = `collect-${customerId}`;
      for (let i = 0; i < 2; i++)
        expect((await api.command('payments.collect', { customerId }, commandId)).status).toBe(200);
    }
    const sims = [runtime.payments.directDebit, runtime.payments.card];
    const mine = () =>
      sims
        .flatMap((sim) => sim.payments().map((p) => ({ sim, p })))
        .filter(({ p }) => p.metadata.accountId === api.accountId);
    await until(() => mine().length === customers.length, 20_000, 'the charges');

    // Three weeks of the providers' time, a day at a time, webhooks flying.
    for (let day = 0; day < 21; day++) {
      for (const sim of sims) await sim.advance(DAY);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    // The late copies land (or were lost), then the schedule pulls what was missed.
    await new Promise((resolve) => setTimeout(resolve, 1_800));
    await runtime.schedules?.trigger('payments-pull');
    // Retries of failed direct debits were charged by the pull's own effects: their states too.
    await until(
      async () =>
        (await ledger()).filter(
          (t) => t.transactionType === 'AutomaticPayment' && !isReversal(t) && !t.externalIds,
        ).length === 0,
      20_000,
      'every charge taken',
    );
    await runtime.schedules?.trigger('payments-pull');

    const transactions = await ledger();
    const byId = new Map(transactions.map((t) => [t._id, t]));
    const provider = mine();
    const statuses = provider.map(({ p }) => p.status);
    // The run covered the state machine: failures (after payout too), charge-backs, payouts.
    expect(statuses).toEqual(expect.arrayContaining(['failed', 'charged_back', 'paid_out']));
    expect(transactions.some((t) => t.paymentDetails?.retryOf)).toBe(true);

    for (const { p } of provider) {
      const tx = byId.get(p.metadata.transactionId);
      expect(tx?.paymentDetails?.providerStatus, p.id).toBe(p.status);
      expect(tx?.paymentDetails?.providerVersion, p.id).toBe(p.version);
      expect(tx?.externalIds?.[tx.transactionSubType ?? ''], p.id).toBe(p.id);
      expect(Boolean(tx?.voidedId), p.id).toBe(Payments.ledgerEffect(p.status) === 'undone');
      expect(tx?.status, p.id).toBe(Payments.ledgerEffect(p.status) === 'pending' ? 'pending' : 'complete');
    }
    // No charge twice: one provider payment per automatic payment, one retry per failed debit.
    const automatic = transactions.filter(
      (t) => t.transactionType === 'AutomaticPayment' && !t._id.endsWith('-undone'),
    );
    const perTransaction = new Map<string, ProviderPayment[]>();
    for (const { p } of provider)
      perTransaction.set(p.metadata.transactionId, [
        ...(perTransaction.get(p.metadata.transactionId) ?? []),
        p,
      ]);
    expect(automatic.map((t) => perTransaction.get(t._id)?.length ?? 0)).toEqual(automatic.map(() => 1));
    expect(provider.length).toBe(automatic.length);
    const failedDebits = provider.filter(
      ({ sim, p }) =>
        sim.kind === 'direct-debit' &&
        p.status === 'failed' &&
        !byId.get(p.metadata.transactionId)?.paymentDetails?.retryOf,
    );
    for (const { p } of failedDebits) expect(byId.get(`${p.metadata.transactionId}-retry`)).toBeDefined();
    // Each undone payment was reversed once: the ledger's balance is what the provider kept.
    const reversals = transactions.filter(isReversal);
    expect(reversals.length).toBe(
      provider.filter(({ p }) => Payments.ledgerEffect(p.status) === 'undone').length,
    );

    const cards = await new EntityRepository(runtime.db, api.accountId).list<{
      _id: string;
      paymentProviderMetaData?: { sourceOrMandateId?: string; status?: string; version?: number };
    }>('customer');
    for (const sim of sims) {
      for (const m of sim.mandates().filter((x) => x.metadata.accountId === api.accountId)) {
        const c = cards.find((x) => x._id === m.metadata.customerId);
        expect(c?.paymentProviderMetaData, m.id).toMatchObject({
          sourceOrMandateId: m.id,
          status: Payments.mandateState(m.status),
          version: m.version,
        });
      }
    }

    async function ledger() {
      return new EntityRepository(runtime.db, api.accountId).list<Payments.Transaction>('transaction');
    }
  }, 180_000);
});
