import { type Entity, Payments } from '@roundwise/core';
import type { DynamoStore } from '@roundwise/db';
import { readAccount, writeAccount } from '../commands/write-account.ts';
import type { Deps } from '../context.ts';
import type { EffectHandler } from '../define-area.ts';
import { applyProviderStates } from './apply-updates.ts';
import { type PaymentProvider, ProviderRefusal } from './providers/provider.ts';

/**
 * The provider effects of a payment: the charge `payments.collect` asks for,
 * the cancel and the refund. Each passes the effect's id as the provider's idempotency key, so a
 * delivery repeated after a crash is answered with what the first call made (one charge, one
 * refund). The provider's answer is applied like any of its events. A refusal (4xx) is written in
 * the payment's history with the provider's status (`status 409`, `status 422`: the words
 * `Payments.failureExplanation` explains); anything else throws, and the effect is tried again.
 */

type Payload = { accountId: string; transactionId: string };

export const providerNamed = (s: Deps, name: string | undefined) =>
  s.paymentProviders.find((p) => p.name === name);

const stored = <T extends object>(e: Entity<T>): T => {
  const { _version, _updatedAt, ...rest } = e;
  return rest as unknown as T;
};

async function load(s: Deps, { accountId, transactionId }: Payload) {
  const tx = await readAccount(s, accountId).get<Payments.Transaction>('transaction', transactionId);
  const name = tx?.paymentDetails?.paymentProvider ?? tx?.transactionSubType;
  return { tx, provider: providerNamed(s, name), name };
}

/**
 * Changes the payment (read again, after the provider's answer) in its own write; a write that
 * meets another fails, and the effect is delivered again.
 */
function changePayment(
  s: Deps,
  { accountId, transactionId }: Payload,
  change: (store: DynamoStore, tx: Entity<Payments.Transaction>) => Promise<void>,
) {
  return writeAccount(s, accountId, async (store) => {
    const tx = await store.get<Payments.Transaction>('transaction', transactionId);
    if (tx) await change(store, tx);
    return { result: undefined };
  });
}

/** Adds a line to a payment's history (a refusal). */
async function note(
  store: DynamoStore,
  tx: Entity<Payments.Transaction>,
  action: string,
  cause: string,
  at: Date,
) {
  const details = tx.paymentDetails ?? {};
  await store.put<Payments.Transaction>('transaction', {
    ...stored(tx),
    paymentDetails: {
      ...details,
      paymentHistory: [
        ...(details.paymentHistory ?? []),
        { created: at.toISOString(), action, details: { cause } },
      ],
    },
  });
}

const refusalText = (error: ProviderRefusal) =>
  `The provider refused it (status ${error.status}): ${error.message}`.slice(0, 500);

export async function chargeEffect(s: Deps, effectId: string, payload: Payload) {
  const { tx, provider, name } = await load(s, payload);
  if (tx?.transactionType !== 'AutomaticPayment' || tx.voidedId) return;
  if (tx.externalIds?.[name ?? '']) return;
  const mandateId = tx.paymentDetails?.mandateId;
  const refuse = (cause: string) =>
    // Never taken: the payment fails at once (the customer owes again), as a provider failure would.
    applyLocally(s, payload, {
      eventId: `${effectId}:refused`,
      status: 'failed',
      version: 1,
      at: s.now().toISOString(),
      cause,
    });
  if (!provider || !mandateId) return refuse(`${name ?? 'The provider'} is not connected`);
  try {
    const payment = await provider.createPayment(
      {
        account: payload.accountId,
        mandateId,
        amountPence: Math.abs(Payments.toPence(tx.amount)),
        currency: tx.currency,
        description: tx.description,
        metadata: { accountId: payload.accountId, transactionId: tx._id },
      },
      effectId,
    );
    await applyProviderStates(
      s,
      provider,
      [{ eventId: `${payment.id}@${payment.version}`, resource: payment }],
      [],
    );
  } catch (error) {
    if (!(error instanceof ProviderRefusal)) throw error;
    await refuse(refusalText(error));
  }
}

function applyLocally(s: Deps, payload: Payload, update: Payments.ProviderUpdate) {
  return changePayment(s, payload, async (store, tx) => {
    const result = Payments.applyProviderUpdates(stored(tx), [update], s.now());
    if (!result) return;
    await store.put<Payments.Transaction>('transaction', result.payment);
    if (result.reversal) await store.put<Payments.Transaction>('transaction', result.reversal);
  });
}

async function withProvider(
  s: Deps,
  payload: Payload,
  work: (provider: PaymentProvider, providerId: string) => Promise<void>,
  refused: (store: DynamoStore, tx: Entity<Payments.Transaction>, error: ProviderRefusal) => Promise<void>,
) {
  const { tx, provider, name } = await load(s, payload);
  const providerId = tx?.externalIds?.[name ?? ''];
  if (!tx || !provider || !providerId) return;
  try {
    await work(provider, providerId);
  } catch (error) {
    if (!(error instanceof ProviderRefusal)) throw error;
    await changePayment(s, payload, (store, tx) => refused(store, tx, error));
  }
}

export function providerCharge(...[s, effect]: Parameters<EffectHandler>): Promise<void> {
  return chargeEffect(s, effect.id, effect.payload as Payload);
}

export function providerCancel(...[s, effect]: Parameters<EffectHandler>): Promise<void> {
  const payload = effect.payload as Payload;
  return withProvider(
    s,
    payload,
    async (provider, id) => {
      const payment = await provider.cancelPayment(payload.accountId, id, effect.id);
      await applyProviderStates(
        s,
        provider,
        [{ eventId: `${payment.id}@${payment.version}`, resource: payment }],
        [],
      );
    },
    (store, tx, error) => note(store, tx, 'cancel-refused', refusalText(error), s.now()),
  );
}

export function providerRefund(...[s, effect]: Parameters<EffectHandler>): Promise<void> {
  const payload = effect.payload as Payload & { refundId: string; amount: number };
  return withProvider(
    s,
    payload,
    async (provider, id) => {
      const payment = await provider.refundPayment(
        payload.accountId,
        id,
        Payments.toPence(payload.amount),
        effect.id,
      );
      await applyProviderStates(
        s,
        provider,
        [{ eventId: `${payment.id}@${payment.version}`, resource: payment }],
        [],
      );
    },
    // The provider would not refund it: the refund recorded is cancelled (the customer is not owed it).
    async (store, tx, error) => {
      const refund = await store.get<Payments.Transaction>('transaction', payload.refundId);
      if (refund && !refund.voidedId) {
        await store.put<Payments.Transaction>('transaction', {
          ...stored(refund),
          voidedId: `${refund._id}-void`,
        });
        await store.put<Payments.Transaction>('transaction', {
          _id: `${refund._id}-void`,
          ...(refund.customerId ? { customerId: refund.customerId } : {}),
          amount: -refund.amount,
          currency: refund.currency,
          description: `Refund refused by the provider: ${refund.description}`.slice(0, 500),
          date: s.now().toISOString().slice(0, 10),
          createdDate: s.now().toISOString(),
          transactionType: refund.transactionType,
          status: 'complete',
          voidedId: refund._id,
        });
      }
      const { refundId: _, ...details } = tx.paymentDetails ?? {};
      await store.put<Payments.Transaction>('transaction', {
        ...stored(tx),
        paymentDetails: {
          ...details,
          paymentHistory: [
            ...(details.paymentHistory ?? []),
            {
              created: s.now().toISOString(),
              action: 'refund-refused',
              details: { cause: refusalText(error) },
            },
          ],
        },
      });
    },
  );
}
