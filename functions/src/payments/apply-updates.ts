import { type Customers, type Entity, Payments } from '@roundwise/core';
import type { DynamoStore, OutboxEffect } from '@roundwise/db';
import { type AccountWrite, writeAccount } from '../commands/write-account.ts';
import type { Deps } from '../context.ts';
import type { PaymentProvider, ProviderMandate, ProviderPayment } from './providers/provider.ts';

/** A payment's or mandate's state as a webhook event carried it, or as the status pull read it. */
export interface Seen<T> {
  /** The webhook event's id; a pulled state is named `<id>@<version>`. */
  eventId: string;
  resource: T;
}

const TRIES = 6;
/** Records per transaction: each may write a payment, its reversal, a retry and its effect (of 100). */
const CHUNK = 24;

/**
 * Applies what a provider said (webhook events or pulled states) to the ledger, each exactly once
 * (`Payments.applyProviderUpdates`: by event id and version, in version order, so duplicates and
 * late or out-of-order events change nothing). Per account, in one transaction with an audit
 * entry; a write that meets another (the charge recording its provider id, a second delivery of
 * the same event) is read and applied again. Returns how many records changed.
 */
export async function applyProviderStates(
  s: Deps,
  provider: PaymentProvider,
  payments: readonly Seen<ProviderPayment>[],
  mandates: readonly Seen<ProviderMandate>[],
): Promise<number> {
  const accounts = new Set([
    ...payments.map((p) => p.resource.metadata?.accountId),
    ...mandates.map((m) => m.resource.metadata?.accountId),
  ]);
  let changed = 0;
  for (const accountId of accounts) {
    if (!accountId) continue;
    const mine = <T extends { metadata: { accountId: string } }>(list: readonly Seen<T>[]) =>
      list.filter((x) => x.resource.metadata.accountId === accountId);
    const ours = [...chunks(mine(payments), (p) => p.resource.metadata.transactionId)];
    const cards = [...chunks(mine(mandates), (m) => m.resource.metadata.customerId)];
    for (let i = 0; i < Math.max(ours.length, cards.length); i++) {
      changed += await writeAccount(
        s,
        accountId,
        (store) => applyToAccount(s, store, provider, accountId, ours[i] ?? [], cards[i] ?? []),
        { attempts: TRIES },
      );
    }
  }
  return changed;
}

/** Groups of at most `CHUNK` distinct records (all the states of one record in the same group). */
function* chunks<T>(list: T[], idOf: (x: T) => string) {
  const ids = [...new Set(list.map(idOf))];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const part = new Set(ids.slice(i, i + CHUNK));
    yield list.filter((x) => part.has(idOf(x)));
  }
}

const stored = <T extends object>(e: Entity<T>): T => {
  const { _version, _updatedAt, ...rest } = e;
  return rest as unknown as T;
};

async function applyToAccount(
  s: Deps,
  store: DynamoStore,
  provider: PaymentProvider,
  accountId: string,
  payments: Seen<ProviderPayment>[],
  mandates: Seen<ProviderMandate>[],
): Promise<AccountWrite<number>> {
  const now = s.now();
  const effects: OutboxEffect[] = [];
  let changed = 0;

  const byTransaction = new Map<string, Seen<ProviderPayment>[]>();
  for (const p of payments) {
    const id = p.resource.metadata.transactionId;
    byTransaction.set(id, [...(byTransaction.get(id) ?? []), p]);
  }
  const found = await store.getMany<Payments.Transaction>('transaction', [...byTransaction.keys()]);
  for (const tx of found) {
    const seen = byTransaction.get(tx._id) ?? [];
    const providerId = seen[0]!.resource.id;
    const known = tx.externalIds?.[provider.name];
    // Not ours (another payment's id) or not a provider payment: left alone.
    if (tx.transactionType !== 'AutomaticPayment' || (known && known !== providerId)) continue;
    const updates = seen.map(({ eventId, resource }) => ({
      eventId,
      status: resource.status,
      version: resource.version,
      at: resource.updatedAt,
      ...(resource.cause ? { cause: resource.cause } : {}),
    }));
    const result = Payments.applyProviderUpdates(stored(tx), updates, now);
    if (!result && known) continue;
    const next = result?.payment ?? stored(tx);
    await store.put<Payments.Transaction>('transaction', {
      ...next,
      externalIds: { ...next.externalIds, [provider.name]: providerId },
    });
    changed++;
    if (result?.reversal) {
      await store.put<Payments.Transaction>('transaction', result.reversal);
      // A direct debit that failed (not a cancel or a charge-back) is collected again, once.
      const failed = result.payment.paymentDetails?.providerStatus === 'failed';
      if (failed && provider.kind === 'direct-debit' && !tx.paymentDetails?.retryOf) {
        const retry = retryOf(result.payment, now);
        await store.put<Payments.Transaction>('transaction', retry);
        effects.push({
          id: `${tx._id}:retry-charge`,
          kind: Payments.PROVIDER_CHARGE,
          payload: { accountId, transactionId: retry._id },
        });
      }
    }
  }

  const byCustomer = new Map<string, Seen<ProviderMandate>[]>();
  for (const m of mandates) {
    const id = m.resource.metadata.customerId;
    byCustomer.set(id, [...(byCustomer.get(id) ?? []), m]);
  }
  const customers = await store.getMany<Customers.Customer>('customer', [...byCustomer.keys()]);
  for (const c of customers) {
    const next = mandateOf(c, provider, byCustomer.get(c._id) ?? []);
    if (!next) continue;
    await store.put<Customers.Customer>('customer', next);
    changed++;
  }

  // Provider events are audited, in the commit that applies them.
  return {
    result: changed,
    effects,
    audit: { action: 'provider.payment-events', createdBy: provider.name, entityType: 'transaction' },
  };
}

/** The second collection of a failed direct debit: same invoices and amount, dated as the first. */
function retryOf(failed: Payments.Transaction, now: Date): Payments.Transaction {
  const details = failed.paymentDetails ?? {};
  const failure = details.paymentHistory?.findLast((e) => e.action === 'failed');
  return {
    _id: `${failed._id}-retry`,
    ...(failed.customerId ? { customerId: failed.customerId } : {}),
    amount: failed.amount,
    currency: failed.currency,
    description: failed.description,
    // The money has been owed since the first attempt: the pending view ages it from there.
    date: failed.date,
    createdDate: now.toISOString(),
    transactionType: 'AutomaticPayment',
    ...(failed.transactionSubType ? { transactionSubType: failed.transactionSubType } : {}),
    status: 'pending',
    paymentDetails: {
      invoiceIds: details.invoiceIds ?? [],
      ...(details.paymentProvider ? { paymentProvider: details.paymentProvider } : {}),
      ...(details.mandateId ? { mandateId: details.mandateId } : {}),
      retryOf: failed._id,
      paymentHistory: [
        {
          created: failure?.created ?? now.toISOString(),
          action: 'failed',
          details: { description: 'The first collection failed', cause: failure?.details?.cause ?? '' },
        },
        { created: now.toISOString(), action: 'created', details: { description: 'Collected again' } },
      ],
    },
  };
}

/**
 * The customer card after their mandate's (or card's) events, in the provider's own order: the
 * highest version of the mandate the card names wins, and another mandate replaces it only when
 * the provider made it later (its `createdAt`), so a late or repeated event of an older sign-up
 * never puts it back, and a pull that reads both changes nothing. A newer mandate still does not
 * replace one when it failed or was cancelled, and a card never replaces another provider's active
 * mandate: a customer on direct debit who pays one balance by card on their account page stays on
 * direct debit (the business chose it; card fees are higher). To move a customer to card, their
 * mandate is cancelled first. Unchanged: undefined (nothing is written).
 */
function mandateOf(
  c: Entity<Customers.Customer>,
  provider: PaymentProvider,
  seen: Seen<ProviderMandate>[],
): Customers.Customer | undefined {
  let meta = c.paymentProviderMetaData;
  let method = c.automaticPaymentMethod;
  const order = (m: ProviderMandate) => `${m.createdAt ?? ''}#${String(m.version).padStart(12, '0')}`;
  for (const { resource: m } of [...seen].sort((a, b) =>
    order(a.resource).localeCompare(order(b.resource)),
  )) {
    const state = Payments.mandateState(m.status);
    const same = meta?.sourceOrMandateId === m.id;
    if (same && (meta?.version ?? 0) >= m.version) continue;
    if (!same && meta?.sourceOrMandateId) {
      if (state === 'failed' || state === 'cancelled') continue;
      // An older sign-up (or one of the same moment) never replaces the one on file.
      if (meta.createdAt && m.createdAt && m.createdAt <= meta.createdAt) continue;
      if (meta.status === 'active' && method !== provider.name && provider.kind === 'card') continue;
    }
    meta = {
      ...(same ? meta : {}),
      sourceOrMandateId: m.id,
      status: state,
      version: m.version,
      ...(m.createdAt ? { createdAt: m.createdAt } : {}),
    };
    method = provider.name;
  }
  if (meta === c.paymentProviderMetaData) return undefined;
  const before = c.paymentProviderMetaData;
  const unchanged =
    method === c.automaticPaymentMethod &&
    before?.sourceOrMandateId === meta?.sourceOrMandateId &&
    before?.status === meta?.status &&
    before?.version === meta?.version &&
    before?.createdAt === meta?.createdAt;
  if (unchanged) return undefined;
  return {
    ...stored(c),
    paymentProviderMetaData: meta,
    ...(method ? { automaticPaymentMethod: method } : {}),
  };
}
