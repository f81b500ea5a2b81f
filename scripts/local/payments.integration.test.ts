import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Payments } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localBilling } from '../../functions/src/adapters/billing.ts';
import { createDeps } from '../../functions/src/create-deps.ts';
import { SIGNATURE_HEADER, sign } from '../../functions/src/notifications/webhook.ts';
import { chargeEffect } from '../../functions/src/payments/provider-effects.ts';
import { createHttpPaymentProvider } from '../../functions/src/payments/providers/http-provider.ts';
import type {
  ProviderPayment,
  ProviderWebhookEvent,
} from '../../functions/src/payments/providers/provider.ts';
import { until } from './messaging-fixture.ts';
import {
  businessWithProviders,
  customerOwing,
  linksOf,
  postForm,
  signUpDirectDebit,
  stored,
} from './payments-fixture.ts';
import { type LocalRuntime, startLocal } from './runtime.ts';

/**
 * Payment providers on the local runtime with its simulated providers: signed webhooks, each event
 * applied once whatever the order, the whole state machine (a failure after payout included), a
 * charge that cannot be made twice, and the customer's sign-up link.
 */
const DAY = 86_400_000;
let dir: string;
let runtime: LocalRuntime;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'roundwise-payments-'));
  runtime = await startLocal({
    port: 0,
    dataDir: join(dir, 'data'),
    webDir: join(dir, 'web'),
    quiet: true,
    seed: false,
    schedules: false,
    // Webhooks on time and once here; the reliability test makes them late, doubled and lost.
    payments: { delivery: { copies: 1, delayMs: [0, 0] } },
  });
}, 60_000);
afterAll(async () => {
  await runtime?.stop();
  await rm(dir, { recursive: true, force: true });
});

const dd = () => runtime.payments.directDebit;

/** The provider's payment of one of our transactions. */
const providerPaymentOf = (transactionId: string) =>
  dd()
    .payments()
    .filter((p) => p.metadata.transactionId === transactionId);

async function advance(days: number) {
  await dd().advance(days * DAY);
  await dd().flush();
}

async function collected(email: string) {
  const api = await businessWithProviders(runtime.url, runtime.db, email);
  const customerId = await customerOwing(api, runtime.db, 'Ann Smith', 25);
  await signUpDirectDebit(api, customerId);
  const res = await api.command('payments.collect', { customerId });
  expect(res.status).toBe(200);
  const id = res.json.result._id as string;
  await until(async () => providerPaymentOf(id).length === 1, 10_000, 'the charge');
  await until(
    async () => !!(await stored(runtime.db, api.accountId, 'transaction', id))?.externalIds,
    10_000,
    'its id',
  );
  return { api, customerId, id };
}

async function postWebhook(body: string, signature: string) {
  return fetch(`${runtime.url}/api/payments/webhook/simulated-direct-debit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
    body,
  });
}

describe('payment provider webhooks', () => {
  it('are believed only when signed with the provider secret, and a refused one changes nothing', async () => {
    const { api, id } = await collected('webhook-signature@example.com');
    const before = await stored(runtime.db, api.accountId, 'transaction', id);
    const payment = providerPaymentOf(id)[0]!;
    const event: ProviderWebhookEvent = {
      id: 'EVforged',
      createdAt: new Date().toISOString(),
      type: 'payment',
      resource: { ...payment, status: 'paid_out', version: payment.version + 5 },
    };
    const body = JSON.stringify({ events: [event] });
    for (const signature of ['', 'sha256=00', sign('another secret', body)]) {
      const res = await postWebhook(body, signature);
      expect(res.status).toBe(401);
      expect((await res.json()).code).toBe('payments.webhook-signature-invalid');
    }
    expect(await stored(runtime.db, api.accountId, 'transaction', id)).toEqual(before);
    const ok = await postWebhook(body, sign(dd().webhookSecret, body));
    expect(ok.status).toBe(200);
    expect((await stored(runtime.db, api.accountId, 'transaction', id)).paymentDetails.providerStatus).toBe(
      'paid_out',
    );
  });

  it('apply each event once, in version order, whether it comes twice, late or out of order', async () => {
    const { api, customerId, id } = await collected('webhook-once@example.com');
    const payment = providerPaymentOf(id)[0]!;
    const at = (v: number) => new Date(Date.parse(payment.updatedAt) + v * DAY).toISOString();
    const event = (v: number, status: ProviderPayment['status']): ProviderWebhookEvent => ({
      id: `EV-${id}-${v}`,
      createdAt: at(v),
      type: 'payment',
      resource: {
        ...payment,
        status,
        version: v,
        updatedAt: at(v),
        ...(status === 'failed' ? { cause: 'refer_to_payer' } : {}),
      },
    });
    // The failure after payout first, then the earlier steps, each twice.
    const order = [
      event(6, 'failed'),
      event(3, 'confirmed'),
      event(6, 'failed'),
      event(2, 'submitted'),
      event(4, 'paid_out'),
      event(3, 'confirmed'),
      event(4, 'paid_out'),
    ];
    for (const e of order) {
      const body = JSON.stringify({ events: [e] });
      expect((await postWebhook(body, sign(dd().webhookSecret, body))).status).toBe(200);
    }
    const tx = await stored(runtime.db, api.accountId, 'transaction', id);
    expect(tx.paymentDetails.providerStatus).toBe('failed');
    expect(tx.paymentDetails.providerVersion).toBe(6);
    const provider = tx.paymentDetails.paymentHistory.filter(
      (e: { details?: { version?: number } }) => e.details?.version !== undefined,
    );
    expect(provider.map((e: { action: string }) => e.action)).toEqual([
      'pending_submission',
      'submitted',
      'confirmed',
      'paid_out',
      'failed',
    ]);
    // Undone once: one reversal, so the customer owes the 25 again (plus the retry, pending).
    const reversal = await stored(runtime.db, api.accountId, 'transaction', Payments.undoneReversalId(id));
    expect(reversal).toMatchObject({ amount: 25, voidedId: id });
    expect(tx.voidedId).toBe(Payments.undoneReversalId(id));
    const retry = await stored(runtime.db, api.accountId, 'transaction', `${id}-retry`);
    expect(retry).toMatchObject({
      amount: -25,
      status: 'pending',
      customerId,
      paymentDetails: { retryOf: id },
    });
  });
});

describe('the direct-debit state machine', () => {
  it('takes days: the mandate activates, the payment pays out, and a failure after payout makes the customer owe again', async () => {
    const { api, customerId, id } = await collected('state-machine@example.com');
    const card = await stored(runtime.db, api.accountId, 'customer', customerId);
    expect(card.paymentProviderMetaData.status).toBe('pending');
    expect(card.automaticPaymentMethod).toBe('simulated-direct-debit');
    dd().plan(providerPaymentOf(id)[0]!.id, 'late-failure');

    await advance(3);
    expect(
      (await stored(runtime.db, api.accountId, 'customer', customerId)).paymentProviderMetaData.status,
    ).toBe('active');
    // Submitted once the mandate is active, confirmed 2 days on, paid out a day later.
    await advance(3);
    const paid = await stored(runtime.db, api.accountId, 'transaction', id);
    expect(paid.paymentDetails.providerStatus).toBe('paid_out');
    expect(paid.status).toBe('complete');
    expect(paid.voidedId).toBeUndefined();

    await advance(2);
    const failed = await stored(runtime.db, api.accountId, 'transaction', id);
    expect(failed.paymentDetails.providerStatus).toBe('failed');
    expect(failed.voidedId).toBe(Payments.undoneReversalId(id));
    const history = failed.paymentDetails.paymentHistory.map((e: { action: string }) => e.action);
    expect(history.slice(-2)).toEqual(['paid_out', 'failed']);
    // Collected again once, from the same mandate: one more provider payment, pending.
    await until(async () => providerPaymentOf(`${id}-retry`).length === 1, 10_000, 'the second collection');
    const retry = await stored(runtime.db, api.accountId, 'transaction', `${id}-retry`);
    expect(retry.status).toBe('pending');
    expect(retry.paymentDetails.paymentHistory[0].action).toBe('failed');
  });

  it('cancels a payment through the provider before submission, and refuses once it is submitted', async () => {
    const { api, id } = await collected('cancel@example.com');
    const res = await api.command('payments.cancel', { _id: id });
    expect(res.status).toBe(200);
    await until(
      async () =>
        (await stored(runtime.db, api.accountId, 'transaction', id)).paymentDetails.providerStatus ===
        'cancelled',
      10_000,
      'the cancel',
    );
    expect(providerPaymentOf(id)[0]!.status).toBe('cancelled');
    expect((await stored(runtime.db, api.accountId, 'transaction', id)).voidedId).toBe(
      Payments.undoneReversalId(id),
    );

    const other = await collected('cancel-late@example.com');
    await advance(4);
    const refused = await other.api.command('payments.cancel', { _id: other.id });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('payments.provider-payment-submitted');
  });
});

describe('charges', () => {
  it('are made once per effect: a delivery repeated after the provider took the charge gets the same payment', async () => {
    const api = await businessWithProviders(runtime.url, runtime.db, 'charge-once@example.com');
    const customerId = await customerOwing(api, runtime.db, 'Ben Jones', 40);
    await signUpDirectDebit(api, customerId);
    const customer = await stored(runtime.db, api.accountId, 'customer', customerId);
    // A payment whose charge effect ran as far as the provider's answer and then died.
    const transactionId = 'PAYCRASH0000000000000000001';
    const mandateId = customer.paymentProviderMetaData.sourceOrMandateId as string;
    await new EntityRepository(runtime.db, api.accountId).put<Payments.Transaction>(
      'transaction',
      {
        _id: transactionId,
        _version: 1,
        _updatedAt: new Date().toISOString(),
        customerId,
        amount: -40,
        currency: 'GBP',
        description: 'Direct Debit',
        date: '2026-11-20',
        createdDate: '2026-11-20T10:00:00.000Z',
        transactionType: 'AutomaticPayment',
        transactionSubType: 'simulated-direct-debit',
        status: 'pending',
        paymentDetails: { paymentProvider: 'simulated-direct-debit', mandateId, invoiceIds: [] },
      },
      null,
    );
    const effectId = 'crashed-effect-1';
    const provider = createHttpPaymentProvider({
      name: dd().name,
      kind: 'direct-debit',
      url: dd().url,
      apiKey: dd().apiKey,
      webhookSecret: dd().webhookSecret,
    });
    const deps = createDeps({
      db: runtime.db,
      mailer: runtime.mailer,
      billing: localBilling,
      publicUrl: runtime.url,
      secureCookies: false,
      paymentProviders: [provider],
    });
    const payload = { accountId: api.accountId, transactionId };
    await chargeEffect(deps, effectId, payload);
    const [first] = providerPaymentOf(transactionId);
    await dd().flush();
    // The delivery died after the provider's answer and before its write: the payment has no id.
    const repo = new EntityRepository(runtime.db, api.accountId);
    const { externalIds: _, ...taken } = await stored(
      runtime.db,
      api.accountId,
      'transaction',
      transactionId,
    );
    await repo.put('transaction', { ...taken, _version: taken._version + 1 }, taken._version);
    const repeatsBefore = dd().repeatedCharges();
    await chargeEffect(deps, effectId, payload);
    expect(dd().repeatedCharges()).toBe(repeatsBefore + 1);
    expect(providerPaymentOf(transactionId).map((p) => p.id)).toEqual([first?.id]);
    expect((await stored(runtime.db, api.accountId, 'transaction', transactionId)).externalIds).toEqual({
      'simulated-direct-debit': first?.id,
    });
  });
});

describe('customer links', () => {
  it('are a token alone, and offer only what is connected and not hidden on the customer', async () => {
    const api = await businessWithProviders(runtime.url, runtime.db, 'links@example.com');
    const customerId = await customerOwing(api, runtime.db, 'Cat Lee', 30);
    const links = await linksOf(api, customerId);
    const token = /\/go\/p\/([A-Za-z0-9_-]{22})$/.exec(links.signUp)?.[1] ?? '';
    expect(token).not.toBe('');
    expect(links.account).toBe(`${new URL(links.signUp).origin}/go/a/${token}/`);
    expect(links.card).toBe(`${new URL(links.signUp).origin}/go/a/${token}/stripe/card`);
    for (const link of Object.values(links)) {
      expect(link).not.toContain(customerId);
      expect(link).not.toContain(api.accountId);
    }
    // The same link every time it is asked for.
    expect((await linksOf(api, customerId)).signUp).toBe(links.signUp);

    const page = await fetch(links.signUp);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Set up Direct Debit');
    expect(html).toContain('Save card');
    expect(html).not.toContain('<script');
    // The old id-shaped paths, with the token or without, and a made-up token: nothing there.
    const origin = new URL(links.signUp).origin;
    for (const wrong of [
      `${origin}/go/p/${api.accountId}/${customerId}?k=${token}`,
      `${origin}/go/p/${api.accountId}/${customerId}`,
      `${origin}/go/p/${customerId}`,
      `${origin}/go/a/${customerId}/?k=${token}`,
      `${origin}/go/a/${customerId}/stripe/card?k=${token}`,
      `${origin}/go/p/${'A'.repeat(22)}`,
      `${origin}/go/a/${'A'.repeat(22)}/`,
    ]) {
      expect([wrong, (await fetch(wrong)).status]).toEqual([wrong, 404]);
    }
    const account = await fetch(links.account);
    expect(account.status).toBe(200);
    expect(await account.text()).toContain('£30.00');

    expect(
      (await api.command('customers.update', { _id: customerId, changes: { hideDirectDebitSignup: true } }))
        .status,
    ).toBe(200);
    const hidden = await (await fetch(links.signUp)).text();
    expect(hidden).not.toContain('Set up Direct Debit');
    expect(hidden).toContain('Save card');
    const u = new URL(links.signUp);
    const refused = await postForm(`${u.origin}${u.pathname}/direct-debit${u.search}`, {
      accountHolder: 'Cat Lee',
      sortCode: '200000',
      accountNumber: '55779911',
    });
    expect(refused.status).toBe(400);
    expect(
      dd()
        .mandates()
        .filter((m) => m.metadata.customerId === customerId),
    ).toEqual([]);
  });

  it("of one business never open another's customer, even one with the same id", async () => {
    const same = '01JSAMECUSTOMERID000000001';
    const [a, b] = await Promise.all([
      businessWithProviders(runtime.url, runtime.db, 'links-a@example.com'),
      businessWithProviders(runtime.url, runtime.db, 'links-b@example.com'),
    ]);
    for (const [api, name] of [
      [a, 'Aye Owner'],
      [b, 'Bee Owner'],
    ] as const) {
      expect((await api.command('customers.create', { _id: same, name })).status).toBe(200);
    }
    const [linksA, linksB] = [await linksOf(a, same), await linksOf(b, same)];
    expect(linksA.account).not.toBe(linksB.account);
    const pageB = await (await fetch(linksB.account)).text();
    expect(pageB).toContain('Bee Owner');
    expect(pageB).not.toContain('Aye Owner');
    const pageA = await (await fetch(linksA.signUp)).text();
    expect(pageA).toContain('Aye Owner');
    expect(pageA).not.toContain('Bee Owner');
    // B's token named under A's account in the old shape opens nothing.
    const tokenB = new URL(linksB.signUp).pathname.split('/').pop();
    expect(
      (await fetch(`${new URL(linksA.signUp).origin}/go/p/${a.accountId}/${same}?k=${tokenB}`)).status,
    ).toBe(404);
    // A card saved through B's link is B's customer's, not A's.
    const saved = await postForm(`${linksB.signUp}/card`, {
      number: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(saved.status).toBe(303);
    await until(
      async () => !!(await stored(runtime.db, b.accountId, 'customer', same)).paymentProviderMetaData,
      10_000,
      "B's customer's card on file",
    );
    expect((await stored(runtime.db, a.accountId, 'customer', same)).paymentProviderMetaData).toBeUndefined();
  });

  it('take a card payment from a customer on direct debit without moving them off it', async () => {
    const api = await businessWithProviders(runtime.url, runtime.db, 'pay-card-dd@example.com');
    const customerId = await customerOwing(api, runtime.db, 'Eve Gray', 30);
    await signUpDirectDebit(api, customerId);
    await advance(4); // the mandate becomes active
    await until(
      async () =>
        (await stored(runtime.db, api.accountId, 'customer', customerId)).paymentProviderMetaData?.status ===
        'active',
      10_000,
      'the mandate active',
    );
    const { card } = await linksOf(api, customerId);
    const u = new URL(card);
    const attempt = '01JPAYCARDDD00000000000001';
    const paid = await postForm(`${u.origin}${u.pathname}${u.search}`, {
      attempt,
      number: '4242 4242 4242 4242',
      expiry: '12/29',
      cvc: '123',
    });
    expect(paid.status).toBe(303);
    await until(
      async () => (await stored(runtime.db, api.accountId, 'transaction', attempt))?.status === 'complete',
      10_000,
      'the card payment confirmed',
    );
    await runtime.payments.card.flush();
    const customer = await stored(runtime.db, api.accountId, 'customer', customerId);
    expect(customer.automaticPaymentMethod).toBe('simulated-direct-debit');
    expect(customer.paymentProviderMetaData.status).toBe('active');
  });

  it('take a card payment for what is owed, once however often the form is sent', async () => {
    const api = await businessWithProviders(runtime.url, runtime.db, 'pay-card@example.com');
    const customerId = await customerOwing(api, runtime.db, 'Dan Fox', 18.5);
    const { card } = await linksOf(api, customerId);
    const u = new URL(card);
    const fields = {
      attempt: '01JPAYCARD0000000000000001',
      number: '4242 4242 4242 4242',
      expiry: '12/29',
      cvc: '123',
    };
    const first = await postForm(`${u.origin}${u.pathname}${u.search}`, fields);
    expect(first.status).toBe(303);
    const again = await postForm(`${u.origin}${u.pathname}${u.search}`, fields);
    expect(again.status).toBe(303);
    const sim = runtime.payments.card;
    await until(
      async () => sim.payments().some((p) => p.metadata.transactionId === fields.attempt),
      10_000,
      'the card charge',
    );
    await sim.flush();
    expect(sim.payments().filter((p) => p.metadata.accountId === api.accountId)).toHaveLength(1);
    expect(sim.payments().find((p) => p.metadata.transactionId === fields.attempt)?.amountPence).toBe(1850);
    await until(
      async () =>
        (await stored(runtime.db, api.accountId, 'transaction', fields.attempt))?.status === 'complete',
      10_000,
      'confirmed',
    );
    // It went through payments.collect under the form's attempt: one audit entry, named by it.
    expect((await api.send('PATCH', '/account', { flags: ['audit'] })).status).toBe(200);
    expect((await api.send('PATCH', '/me', { developerMode: true })).status).toBe(200);
    const audit = await api.send('POST', '/audit/events', { query: '' });
    const collects = (audit.json.items as { action: string; id: string }[]).filter(
      (e) => e.action === 'payments.collect',
    );
    expect(collects.map((e) => e.id)).toEqual([fields.attempt]);
  });
});

describe('provider order', () => {
  it('a late or repeated event of an older card never puts it back, and a pull that changes nothing writes nothing', async () => {
    const api = await businessWithProviders(runtime.url, runtime.db, 'card-order@example.com');
    const customerId = await customerOwing(api, runtime.db, 'Fay Card', 12);
    const { signUp } = await linksOf(api, customerId);
    const u = new URL(signUp);
    const saveCard = async (number: string) => {
      const res = await postForm(`${u.origin}${u.pathname}/card${u.search}`, {
        number,
        expiry: '12/29',
        cvc: '123',
      });
      expect(res.status).toBe(303);
    };
    const sim = runtime.payments.card;
    const cardsOf = () => sim.mandates().filter((m) => m.metadata.customerId === customerId);
    const onFile = async () => stored(runtime.db, api.accountId, 'customer', customerId);
    await saveCard('4242 4242 4242 4242');
    await new Promise((resolve) => setTimeout(resolve, 5)); // the provider's clock moves on
    await saveCard('5555 5555 5555 4444');
    await sim.flush();
    const [older, newer] = cardsOf().sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''));
    expect((await onFile()).paymentProviderMetaData.sourceOrMandateId).toBe(newer!.id);

    // The older card's event arrives late (and again): the newer card stays on file.
    const late = JSON.stringify({
      events: [{ id: `EV-late-${older!.id}`, createdAt: older!.updatedAt, type: 'mandate', resource: older }],
    });
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${runtime.url}/api/payments/webhook/${sim.name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(sim.webhookSecret, late) },
        body: late,
      });
      expect(res.status).toBe(200);
    }
    const after = await onFile();
    expect(after.paymentProviderMetaData.sourceOrMandateId).toBe(newer!.id);

    // The pull reads both cards: nothing changes, so nothing is written (same version, no entry).
    for (let i = 0; i < 2; i++) {
      const pulled = await api.send('POST', '/payments/sync', {});
      expect(pulled.status).toBe(200);
      expect(pulled.json.providers.every((p: { changed: number }) => p.changed === 0)).toBe(true);
    }
    const pulledCustomer = await onFile();
    expect(pulledCustomer.paymentProviderMetaData.sourceOrMandateId).toBe(newer!.id);
    expect(pulledCustomer._version).toBe(after._version);
  });
});
