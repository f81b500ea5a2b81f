import { ledgerEffect, PAYMENT_STATUS_TEXT, type ProviderPaymentStatus } from './provider-status.ts';
import type { Transaction } from './schema.ts';

/** One thing a provider said about a payment: a webhook event, or its state read by the status pull. */
export interface ProviderUpdate {
  /** The event's id (a pulled state: `<paymentId>@<version>`); an id already recorded changes nothing. */
  eventId: string;
  status: ProviderPaymentStatus;
  /** The payment's version after this change (the provider raises it at every change). */
  version: number;
  /** When the provider made the change. */
  at: string;
  cause?: string;
}

/** The id of the reversal written when a provider payment is undone (failed, charged back, cancelled). */
export const undoneReversalId = (transactionId: string) => `${transactionId}-undone`;

/**
 * A provider payment after `updates` (pure; `undefined` when nothing changes). Each update is
 * recorded once in the payment's history (by event id, and by version: a webhook and the pull that
 * saw the same change are one entry), in the provider's time order. The state follows the highest
 * version seen, so events arriving late or out of order never move it back. Once undone (failed,
 * also after payout; charged back; cancelled) the payment stops standing: `reversal` is the
 * opposite amount naming it, as a cancel writes, so the customer owes again, exactly once.
 */
export function applyProviderUpdates(
  payment: Transaction,
  updates: readonly ProviderUpdate[],
  now: Date,
): { payment: Transaction; reversal?: Transaction } | undefined {
  const details = payment.paymentDetails ?? {};
  const history = [...(details.paymentHistory ?? [])];
  const seenIds = new Set(history.map((e) => e.details?.eventId).filter(Boolean));
  const seenVersions = new Set(history.map((e) => e.details?.version).filter((v) => v !== undefined));
  let version = details.providerVersion ?? 0;
  let status = details.providerStatus as ProviderPaymentStatus | undefined;
  let changed = false;
  for (const u of [...updates].sort((a, b) => a.version - b.version)) {
    if (seenIds.has(u.eventId) || seenVersions.has(u.version)) continue;
    seenIds.add(u.eventId);
    seenVersions.add(u.version);
    changed = true;
    const entry = {
      created: u.at,
      action: u.status,
      details: {
        description: PAYMENT_STATUS_TEXT[u.status],
        eventId: u.eventId,
        version: u.version,
        ...(u.cause ? { cause: u.cause } : {}),
      },
    };
    const at = history.findIndex((e) => e.created > u.at);
    history.splice(at < 0 ? history.length : at, 0, entry);
    if (u.version > version) {
      version = u.version;
      status = u.status;
    }
  }
  if (!changed || !status) return undefined;
  const effect = ledgerEffect(status);
  const undo = effect === 'undone' && !payment.voidedId;
  const next: Transaction = {
    ...payment,
    status: effect === 'pending' ? 'pending' : 'complete',
    ...(undo ? { voidedId: undoneReversalId(payment._id) } : {}),
    paymentDetails: { ...details, providerStatus: status, providerVersion: version, paymentHistory: history },
  };
  if (!undo) return { payment: next };
  const reversal: Transaction = {
    _id: undoneReversalId(payment._id),
    ...(payment.customerId ? { customerId: payment.customerId } : {}),
    amount: -payment.amount,
    currency: payment.currency,
    description: `${PAYMENT_STATUS_TEXT[status]}: ${payment.description}`.slice(0, 500),
    date: now.toISOString().slice(0, 10),
    createdDate: now.toISOString(),
    transactionType: payment.transactionType,
    ...(payment.transactionSubType ? { transactionSubType: payment.transactionSubType } : {}),
    status: 'complete',
    voidedId: payment._id,
    paymentDetails: { invoiceIds: details.invoiceIds ?? [] },
  };
  return { payment: next, reversal };
}
