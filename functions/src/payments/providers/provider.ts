import type { Payments } from '@roundwise/core';

/**
 * One interface for both kinds of payment provider: a direct-debit provider
 * (mandates that take days to become active, payments that take days to be paid out and may fail
 * after payout) and a card provider (a card on file, payments confirmed at once, charge-backs).
 * The local runtime's simulators (scripts/local/payment-simulator.ts) answer it over HTTP
 * (`http-provider.ts`); the real SDKs go behind it (docs/payments.md, "Real providers").
 *
 * `account` is the business's connected account at the provider (our account id: as Stripe's
 * `Stripe-Account` header or a GoCardless access token per business). Every call that creates or
 * changes something takes an idempotency `key`: the outbox effect's id, so a repeated delivery is
 * answered with what the first one made.
 */
export interface PaymentProvider {
  /** `simulated-direct-debit`, `simulated-card`; `gocardless`, `stripe` for the real ones. */
  readonly name: string;
  readonly kind: Payments.ProviderKind;
  /** Signs the provider's webhooks (HMAC-SHA256 of the body, `x-roundwise-signature`). */
  readonly webhookSecret: string;
  createMandate(input: MandateRequest, key: string): Promise<ProviderMandate>;
  createPayment(input: PaymentRequest, key: string): Promise<ProviderPayment>;
  /** Refused (`ProviderRefusal`, 409) once the payment has been submitted. */
  cancelPayment(account: string, id: string, key: string): Promise<ProviderPayment>;
  refundPayment(account: string, id: string, amountPence: number, key: string): Promise<ProviderPayment>;
  getPayment(account: string, id: string): Promise<ProviderPayment | undefined>;
  /** Payments and mandates changed at or after `since` (the provider's clock), and the next cursor. */
  listChanges(account: string, since: string | undefined): Promise<ProviderChanges>;
}

export interface MandateRequest {
  account: string;
  customer: { id: string; name: string; email?: string };
  /** Direct debit: the bank account. Card: the card (a real card provider takes it in its own page). */
  details:
    | { type: 'bank-account'; accountHolder: string; sortCode: string; accountNumber: string }
    | { type: 'card'; number: string; expiry: string; cvc: string };
}

export interface PaymentRequest {
  account: string;
  mandateId: string;
  amountPence: number;
  currency: string;
  description: string;
  /** Ours, echoed in every event: which transaction of which account this is. */
  metadata: { accountId: string; transactionId: string };
}

export interface ProviderPayment {
  id: string;
  status: Payments.ProviderPaymentStatus;
  version: number;
  amountPence: number;
  currency: string;
  mandateId: string;
  metadata: { accountId: string; transactionId: string };
  /** When it last changed (the provider's clock). */
  updatedAt: string;
  /** Why it failed, was charged back or refused (the bank's or the scheme's words). */
  cause?: string;
}

export interface ProviderMandate {
  id: string;
  status: Payments.ProviderMandateStatus;
  version: number;
  metadata: { accountId: string; customerId: string };
  updatedAt: string;
  /**
   * When the customer signed it up, in the provider's own clock: of two mandates, the later one is
   * the customer's newer choice (a late event of the older never puts it back). Absent (a
   * provider that does not say): versions alone order it.
   */
  createdAt?: string;
  /** What the customer sees of it: "Visa •••• 4242", "Bank •••• 1234". */
  label: string;
}

export interface ProviderChanges {
  payments: ProviderPayment[];
  mandates: ProviderMandate[];
  cursor: string | undefined;
}

/** A webhook event: a resource's new state (each change has one event id, sent maybe twice). */
export interface ProviderWebhookEvent {
  id: string;
  createdAt: string;
  type: 'payment' | 'mandate';
  resource: ProviderPayment | ProviderMandate;
}

/** The provider said no for good (a 4xx): not tried again. Its `status` and words are kept. */
export class ProviderRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
