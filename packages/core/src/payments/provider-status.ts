import type { ProviderKind } from './risk.ts';

/**
 * What a card or direct-debit provider says of a payment and of a mandate, and
 * what each state means for the ledger. Provider names: the real ones (`gocardless`, `stripe`)
 * and the local simulators (`simulated-direct-debit`, `simulated-card`); `pending.ts` ranks both.
 *
 * A payment goes `pending_submission` → `submitted` → `confirmed` → `paid_out`, and may end
 * `failed` (also after payout: a late failure), `charged_back` (after payout), `cancelled` (before
 * submission) or `refunded`. A mandate goes `pending_submission` → `submitted` → `active`, or ends
 * `failed` or `cancelled`. Every change raises the resource's `version` by one, so a late event
 * (a lower version) never takes a payment back to a state it has left.
 */
export const PAYMENT_STATUSES = [
  'pending_submission',
  'submitted',
  'confirmed',
  'paid_out',
  'failed',
  'charged_back',
  'cancelled',
  'refunded',
] as const;
export type ProviderPaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const MANDATE_STATUSES = ['pending_submission', 'submitted', 'active', 'failed', 'cancelled'] as const;
export type ProviderMandateStatus = (typeof MANDATE_STATUSES)[number];

export const PROVIDER_OF_KIND: Record<ProviderKind, { simulated: string; real: string }> = {
  'direct-debit': { simulated: 'simulated-direct-debit', real: 'gocardless' },
  card: { simulated: 'simulated-card', real: 'stripe' },
};

/**
 * The ledger's reading of a provider payment: still pending (counted in `pending`, ranked by
 * risk), complete (money received), or undone (failed, charged back, cancelled: the payment no
 * longer stands and the customer owes again).
 */
export function ledgerEffect(status: ProviderPaymentStatus): 'pending' | 'complete' | 'undone' {
  switch (status) {
    case 'pending_submission':
    case 'submitted':
      return 'pending';
    case 'confirmed':
    case 'paid_out':
    case 'refunded':
      return 'complete';
    default:
      return 'undone';
  }
}

/** The customer card's mandate status (`paymentProviderMetaData.status`, spec 002 section 3). */
export function mandateState(status: ProviderMandateStatus): 'pending' | 'active' | 'failed' | 'cancelled' {
  if (status === 'pending_submission' || status === 'submitted') return 'pending';
  return status;
}

/** Words for a payment's history (`paymentHistory[].action` is the raw status). */
export const PAYMENT_STATUS_TEXT: Record<ProviderPaymentStatus, string> = {
  pending_submission: 'Waiting to be submitted',
  submitted: 'Submitted to the bank',
  confirmed: 'Confirmed',
  paid_out: 'Paid out',
  failed: 'Failed',
  charged_back: 'Charged back',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};
