import { z } from 'zod';
import { routeByName } from '../access/routes.ts';
import { type CommandContext, defineCommand } from '../commands/define.ts';
import type { Customer } from '../customers/schema.ts';
import { type Entity, Id, IsoDate } from '../entity.ts';
import { notFound, validation } from '../errors.ts';
import { TrimmedText } from '../text.ts';
import { allocate, invoicesWithOutstanding } from './allocation.ts';
import { PROVIDER_CANCEL, PROVIDER_REFUND } from './collect.ts';
import { isPayment, isRefund, toPence } from './ledger.ts';
import { PaymentMethod, type Transaction } from './schema.ts';

export { createPaymentAccount, deletePaymentAccount, updatePaymentAccount } from './account-commands.ts';

/**
 * Who may record a payment: whoever works with customers' money on the round (a Worker takes cash
 * at the door) and may see what customers owe (the `owing` roles). Cancelling and refunding change
 * the books: Owner and Admin.
 */
const recordAccess = {
  ...routeByName('payments'),
  roles: ['Owner', 'Admin', 'Creator', 'Planner', 'Worker'],
} as const;
const manageAccess = { ...routeByName('payments'), roles: ['Owner', 'Admin'] } as const;

/** A sum of money received: more than nothing, in whole pence. */
const Amount = z
  .number()
  .finite()
  .positive('payments.amount-positive')
  .max(1_000_000, 'payments.amount-too-large')
  .refine((n) => Math.abs(toPence(n) - n * 100) < 1e-6, 'payments.amount-whole-pence');

const stored = <T extends object>(e: Entity<T>): T => {
  const { _version, _updatedAt, ...rest } = e;
  return rest as unknown as T;
};

const event = (ctx: { now: Date }, action: string, description?: string) => ({
  created: ctx.now.toISOString(),
  action,
  ...(description ? { details: { description } } : {}),
});

const METHOD_LABEL: Record<PaymentMethod, string> = {
  cash: 'Cash',
  cheque: 'Cheque',
  'bank-transfer': 'Bank transfer',
  card: 'Card payment',
};

/**
 * Records money a customer paid by hand (cash, cheque, bank transfer, card on the business's own
 * terminal), online or offline: the device makes the `_id`, so the payment queued offline is the
 * same record when it syncs. It pays the invoices the user chose, else the oldest open ones
 * (`allocate`); what is left is credit. The server's run allocates again against every invoice,
 * so a device that held only part of the books cannot misallocate.
 */
export const recordPayment = defineCommand({
  name: 'payments.record',
  input: z.object({
    _id: Id.optional(),
    customerId: Id,
    amount: Amount,
    method: PaymentMethod,
    date: IsoDate,
    description: TrimmedText(500).optional(),
    invoiceIds: z.array(Id).max(500).optional(),
    paymentAccountId: Id.optional(),
  }),
  access: recordAccess,
  async run(ctx, input) {
    const id = input._id ?? ctx.newId();
    const [customer, existing, transactions] = await Promise.all([
      ctx.store.get<Customer>('customer', input.customerId),
      ctx.store.get<Transaction>('transaction', id),
      ctx.store.listBy<Transaction>('transaction', input.customerId),
    ]);
    if (!customer) throw notFound('customers.not-found', { id: input.customerId });
    // Recorded already (the same payment sent again): it is one payment, never two.
    if (existing) return existing;
    const open = invoicesWithOutstanding(transactions);
    const unknown = input.invoiceIds?.find((i) => !open.some((o) => o.invoiceId === i));
    if (unknown) throw validation('payments.invoice-not-found', { id: unknown });
    const { parts } = allocate(input.amount, open, input.invoiceIds);
    return ctx.store.put<Transaction>('transaction', {
      _id: id,
      customerId: input.customerId,
      amount: -input.amount,
      currency: ctx.actor.settings.currency ?? 'GBP',
      description: input.description || METHOD_LABEL[input.method],
      date: input.date,
      createdDate: ctx.now.toISOString(),
      transactionType: 'Payment',
      transactionSubType: input.method,
      status: 'complete',
      ...(input.paymentAccountId ? { paymentAccountId: input.paymentAccountId } : {}),
      paymentDetails: {
        invoiceIds: parts.map((p) => p.invoiceId),
        paymentHistory: [event(ctx, 'created', `Recorded by ${ctx.actor.email}`)],
      },
    });
  },
});

/**
 * Cancels (voids) a payment or a refund, as the ledger cancels anything: a reversal of the
 * opposite amount, the two naming each other in `voidedId` (spec 000 section 3: "voidedId set
 * means cancelled"). Refused when the payment was refunded (cancel the refund first) or is not
 * there. Cancelling one already cancelled (a second device, offline) changes nothing. Cancelling a
 * refund frees its payment to be refunded again.
 */
export const cancelPayment = defineCommand({
  name: 'payments.cancel',
  input: z.object({ _id: Id, reason: TrimmedText(500).optional() }),
  access: manageAccess,
  async run(ctx, { _id, reason }) {
    const payment = await ctx.store.get<Transaction>('transaction', _id);
    if (!payment || !isPayment(payment)) throw notFound('payments.no-payment-found', { id: _id });
    if (payment.voidedId) return { cancelled: _id, reversalId: payment.voidedId };
    const refunded = !isRefund(payment) && payment.paymentDetails?.refundId;
    if (refunded) throw validation('payments.payment-already-refunded', { id: _id });
    if (payment.transactionType === 'AutomaticPayment' && payment.externalIds) {
      return requestProviderCancel(ctx, stored(payment), reason);
    }
    const reversalId = `${_id}-void`;
    const details = payment.paymentDetails ?? {};
    await ctx.store.put<Transaction>('transaction', {
      _id: reversalId,
      ...(payment.customerId ? { customerId: payment.customerId } : {}),
      amount: -payment.amount,
      currency: payment.currency,
      description: `Cancelled: ${payment.description}`.slice(0, 500),
      date: ctx.now.toISOString().slice(0, 10),
      createdDate: ctx.now.toISOString(),
      transactionType: payment.transactionType,
      ...(payment.transactionSubType ? { transactionSubType: payment.transactionSubType } : {}),
      status: 'complete',
      voidedId: _id,
      paymentDetails: { invoiceIds: details.invoiceIds ?? [] },
    });
    await ctx.store.put<Transaction>('transaction', {
      ...stored(payment),
      voidedId: reversalId,
      paymentDetails: {
        ...details,
        paymentHistory: [...(details.paymentHistory ?? []), event(ctx, 'cancelled', reason)],
      },
    });
    if (isRefund(payment) && details.refundId) {
      const original = await ctx.store.get<Transaction>('transaction', details.refundId);
      if (original?.paymentDetails?.refundId === _id) {
        const { refundId: _, ...rest } = original.paymentDetails;
        await ctx.store.put<Transaction>('transaction', {
          ...stored(original),
          paymentDetails: {
            ...rest,
            paymentHistory: [...(rest.paymentHistory ?? []), event(ctx, 'refund-cancelled')],
          },
        });
      }
    }
    return { cancelled: _id, reversalId };
  },
});

/**
 * Records a refund of a payment taken by hand: money paid back, a debit of the payment's type
 * naming the payment in `paymentDetails.refundId` (and the payment naming it back), so the
 * customer owes again what was refunded. Once per payment, up to what was paid. A provider's
 * payment is refunded through its provider (`payments.refund-through-provider` until then).
 */
export const refundPayment = defineCommand({
  name: 'payments.refund',
  input: z.object({
    _id: Id.optional(),
    paymentId: Id,
    amount: Amount.optional(),
    date: IsoDate,
    reason: TrimmedText(500).optional(),
  }),
  access: manageAccess,
  async run(ctx, input) {
    const payment = await ctx.store.get<Transaction>('transaction', input.paymentId);
    if (!payment || !isPayment(payment) || isRefund(payment) || payment.amount >= 0) {
      throw notFound('payments.no-payment-found', { id: input.paymentId });
    }
    if (payment.voidedId) throw validation('payments.payment-cancelled', { id: input.paymentId });
    const details = payment.paymentDetails ?? {};
    if (details.refundId) throw validation('payments.payment-already-refunded', { id: input.paymentId });
    // A provider's payment is refunded through the provider (an effect); one it has no id for
    // (imported, or not yet taken) cannot be.
    const provider = details.paymentProvider ?? payment.transactionSubType ?? '';
    const providerId = payment.externalIds?.[provider];
    if (payment.transactionType === 'AutomaticPayment' && !providerId) {
      throw validation('payments.refund-through-provider', { id: input.paymentId });
    }
    const paid = -payment.amount;
    const amount = input.amount ?? paid;
    if (toPence(amount) > toPence(paid)) throw validation('payments.refund-more-than-paid', { paid });
    const refundId = input._id ?? ctx.newId();
    const refund = await ctx.store.put<Transaction>('transaction', {
      _id: refundId,
      ...(payment.customerId ? { customerId: payment.customerId } : {}),
      amount,
      currency: payment.currency,
      description: (input.reason ? `Refund: ${input.reason}` : `Refund: ${payment.description}`).slice(
        0,
        500,
      ),
      date: input.date,
      createdDate: ctx.now.toISOString(),
      transactionType: payment.transactionType,
      ...(payment.transactionSubType ? { transactionSubType: payment.transactionSubType } : {}),
      status: 'complete',
      paymentDetails: {
        refundId: payment._id,
        invoiceIds: details.invoiceIds ?? [],
        paymentHistory: [event(ctx, 'created', `Refunded by ${ctx.actor.email}`)],
      },
    });
    await ctx.store.put<Transaction>('transaction', {
      ...stored(payment),
      paymentDetails: {
        ...details,
        refundId,
        paymentHistory: [...(details.paymentHistory ?? []), event(ctx, 'refunded', input.reason)],
      },
    });
    if (providerId) {
      ctx.emit({
        type: PROVIDER_REFUND,
        payload: { accountId: ctx.actor.accountId, transactionId: payment._id, refundId, amount },
      });
    }
    return refund;
  },
});

/**
 * Cancelling a provider's payment asks the provider (the `payments.provider-cancel` effect): only
 * one not yet submitted to the bank can be, and the ledger follows the provider's answer (its
 * `cancelled` event voids the payment), so the books never say cancelled while the money moves.
 */
function requestProviderCancel(ctx: CommandContext, payment: Transaction, reason: string | undefined) {
  const details = payment.paymentDetails ?? {};
  if (details.providerStatus !== 'pending_submission') {
    throw validation('payments.provider-payment-submitted', { id: payment._id });
  }
  ctx.emit({
    type: PROVIDER_CANCEL,
    payload: { accountId: ctx.actor.accountId, transactionId: payment._id },
  });
  return ctx.store
    .put<Transaction>('transaction', {
      ...payment,
      paymentDetails: {
        ...details,
        paymentHistory: [...(details.paymentHistory ?? []), event(ctx, 'cancel-requested', reason)],
      },
    })
    .then(() => ({ cancelled: payment._id, requested: true }));
}

export { collectPayment } from './collect.ts';
export { createInvoice } from './manual-invoice.ts';
