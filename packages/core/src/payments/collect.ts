import { z } from 'zod';
import { routeByName } from '../access/routes.ts';
import { defineCommand } from '../commands/define.ts';
import type { Customer } from '../customers/schema.ts';
import { Id } from '../entity.ts';
import { notFound, validation } from '../errors.ts';
import { invoicesWithOutstanding } from './allocation.ts';
import { customerBalance, fromPence, toPence } from './ledger.ts';
import type { Transaction } from './schema.ts';

/** The effects a provider payment asks for; their handlers are the server's (functions/src/payments). */
export const PROVIDER_CHARGE = 'payments.provider-charge';
export const PROVIDER_CANCEL = 'payments.provider-cancel';
export const PROVIDER_REFUND = 'payments.provider-refund';

/** Collecting by a provider changes the books: Owner and Admin (as cancel and refund). */
const collectAccess = { ...routeByName('payments'), roles: ['Owner', 'Admin'] } as const;

/**
 * Collects what a customer owes through their automatic payment method (a direct-debit mandate or
 * a card on file, `paymentProviderMetaData`): an `AutomaticPayment`, pending, for the invoices
 * still open (or those chosen), and the `payments.provider-charge` effect that asks the provider
 * for it. The effect's id is the provider's idempotency key, so a delivery repeated after a crash
 * never charges twice; the provider's events then move the payment on (`applyProviderUpdates`).
 */
export const collectPayment = defineCommand({
  name: 'payments.collect',
  input: z.object({
    _id: Id.optional(),
    customerId: Id,
    invoiceIds: z.array(Id).max(500).optional(),
    /**
     * The customer pays on their account page (`/go/a`) with the card they just gave: charged to
     * that card, the customer's own automatic payment method left as it is.
     */
    onAccountPage: z
      .object({ provider: z.string().min(1).max(100), mandateId: z.string().min(1).max(200) })
      .optional(),
  }),
  access: collectAccess,
  async run(ctx, input) {
    const id = input._id ?? ctx.newId();
    const [customer, existing, transactions] = await Promise.all([
      ctx.store.get<Customer>('customer', input.customerId),
      ctx.store.get<Transaction>('transaction', id),
      ctx.store.listBy<Transaction>('transaction', input.customerId),
    ]);
    if (!customer) throw notFound('customers.not-found', { id: input.customerId });
    if (existing) return existing;
    const page = input.onAccountPage;
    const meta = page
      ? { sourceOrMandateId: page.mandateId, status: 'active' }
      : customer.paymentProviderMetaData;
    const provider = page ? page.provider : customer.automaticPaymentMethod;
    if (!provider || !meta?.sourceOrMandateId || meta.status === 'failed' || meta.status === 'cancelled') {
      throw validation('payments.no-automatic-payment-method', { id: input.customerId });
    }
    const open = invoicesWithOutstanding(transactions);
    const chosen = input.invoiceIds ? open.filter((o) => input.invoiceIds?.includes(o.invoiceId)) : open;
    const unknown = input.invoiceIds?.find((i) => !open.some((o) => o.invoiceId === i));
    if (unknown) throw validation('payments.invoice-not-found', { id: unknown });
    const pence = input.invoiceIds
      ? chosen.reduce((sum, o) => sum + toPence(o.outstanding), 0)
      : toPence(customerBalance(transactions));
    if (pence <= 0) throw validation('payments.nothing-to-collect', { id: input.customerId });
    const payment = await ctx.store.put<Transaction>('transaction', {
      _id: id,
      customerId: input.customerId,
      amount: -fromPence(pence),
      currency: ctx.actor.settings.currency ?? 'GBP',
      description: page
        ? 'Card payment (account page)'
        : provider.includes('card') || provider === 'stripe'
          ? 'Card payment'
          : 'Direct Debit',
      date: ctx.now.toISOString().slice(0, 10),
      createdDate: ctx.now.toISOString(),
      transactionType: 'AutomaticPayment',
      transactionSubType: provider,
      status: 'pending',
      paymentDetails: {
        invoiceIds: chosen.map((o) => o.invoiceId),
        paymentProvider: provider,
        mandateId: meta.sourceOrMandateId,
        paymentHistory: [
          {
            created: ctx.now.toISOString(),
            action: 'created',
            details: {
              description: page ? 'Paid by the customer online' : `Collected by ${ctx.actor.email}`,
            },
          },
        ],
      },
    });
    ctx.emit({ type: PROVIDER_CHARGE, payload: { accountId: ctx.actor.accountId, transactionId: id } });
    return payment;
  },
});
