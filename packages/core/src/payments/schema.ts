import { z } from 'zod';
import { Id, Money } from '../entity.ts';

/** Spec 000 section 3 (payment / transaction). A negative amount is a credit, any other a debit. */
export const TransactionType = z.enum(['Payment', 'AutomaticPayment', 'Transfer', 'Expense', 'Invoice']);
export type TransactionType = z.infer<typeof TransactionType>;

/** The ways a payment is recorded by hand; stored as `transactionSubType`. */
export const PaymentMethod = z.enum(['cash', 'cheque', 'bank-transfer', 'card']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const PaymentHistoryEvent = z.object({
  created: z.string(),
  action: z.string(),
  details: z
    .object({
      description: z.string().optional(),
      cause: z.string().optional(),
      /** A provider's event (or pulled state) this entry records: applied once per id and version. */
      eventId: z.string().optional(),
      version: z.number().int().optional(),
    })
    .optional(),
});
export type PaymentHistoryEvent = z.infer<typeof PaymentHistoryEvent>;

export const Transaction = z.object({
  _id: Id,
  customerId: Id.optional(),
  amount: Money,
  currency: z.string().length(3).default('GBP'),
  description: z.string().max(500).default(''),
  /** The day the money moved (or the visit was done, for an invoice). */
  date: z.string(),
  createdDate: z.string(),
  /** Set means cancelled: the payment and its reversal name each other (they net to zero). */
  voidedId: Id.optional(),
  transactionType: TransactionType,
  /** The method (`PaymentMethod`) or the provider (`gocardless`, `stripe`) of a payment. */
  transactionSubType: z.string().optional(),
  status: z.enum(['pending', 'complete']).optional(),
  occurrenceId: Id.optional(),
  /** Given by the server only (a per-account counter), so it is absent until the invoice syncs. */
  invoiceNumber: z.string().optional(),
  /** The payment account it was paid into (`Payments.paymentAccounts`); none is the default. */
  paymentAccountId: Id.optional(),
  /** The provider's ids (spec 002 section 3: externalIds for the direct-debit and card providers). */
  externalIds: z.record(z.string(), z.string()).optional(),
  paymentDetails: z
    .object({
      invoiceIds: z.array(Id).optional(),
      /** On a payment: the refund recorded against it. On a refund: the payment it refunds. */
      refundId: Id.optional(),
      paymentProvider: z.string().optional(),
      /** A provider payment's state as the provider last said (`ProviderPaymentStatus`) and its version. */
      providerStatus: z.string().optional(),
      providerVersion: z.number().int().optional(),
      /** The mandate or card on file it was collected by. */
      mandateId: z.string().optional(),
      /** A direct debit collected again after a failure: the failed payment's id (retried once). */
      retryOf: Id.optional(),
      paymentHistory: z.array(PaymentHistoryEvent).optional(),
    })
    .optional(),
});
export type Transaction = z.infer<typeof Transaction>;

/** What a ledger rule reads of a transaction (the seed, the screens and the tests pass plain objects). */
export type LedgerEntry = Pick<
  Transaction,
  '_id' | 'amount' | 'date' | 'transactionType' | 'customerId' | 'voidedId' | 'status'
> &
  Partial<Pick<Transaction, 'transactionSubType' | 'paymentDetails' | 'createdDate'>>;
