import {
  type CommandDef,
  type Customers,
  defineCommand,
  errorFromAnswer,
  forbidden,
  Id,
  IsoDate,
  type Notifications,
  notFound,
  Payments,
  Portal,
  RequiredText,
  TrimmedText,
  validation,
} from '@roundwise/core';
import { applyEdits } from '@roundwise/core/conflicts/apply-edits';
import { PROVIDER_CHARGE } from '@roundwise/core/payments/collect';
import { loadVisit, recordOf, saveVisit } from '@roundwise/core/visits/load';
import { z } from 'zod';
import { runDefinedCommand } from '../commands/run-command.ts';
import type { Deps } from '../context.ts';
import { acceptQuote, declineQuote } from '../quotes/customer-answers.ts';
import { customerActor, type PortalCaller } from './session.ts';

/**
 * What a signed-in customer does on the portal, each a command of the business's account
 * (docs/portal.md): run as the customer (`customerActor`), audited in the command's own commit,
 * once per idempotency key the caller sends (a retry answers from the first run's record).
 * Server-only: no area lists them, so `POST /api/commands` cannot run them; the portal runs them
 * for the session's own customer, whose id the command takes from the session, never the caller.
 */

const Customer = z.object({ customerId: Id });

/** A visit of today the customer cancels (when the business allows it): skipped, with the reason said. */
export const cancelVisit = defineCommand({
  name: 'portal.customer-cancel-visit',
  input: Customer.extend({ jobId: Id, isoDueDate: IsoDate, today: IsoDate }),
  access: { whenNotSubscribed: true },
  async run(ctx, { customerId, jobId, isoDueDate, today }) {
    const v = await loadVisit(ctx, { jobId, isoDueDate });
    if (v.job.customerId !== customerId) throw notFound('portal.visit-not-found');
    if (v.visit.isoPlannedDate !== today) throw validation('portal.visit-not-today');
    if (v.visit.status === 1) throw validation('portal.visit-already-done');
    if (v.visit.status === 2) return { cancelled: true };
    const record = recordOf(v, { status: 2, skipReason: 'Cancelled by the customer on the portal' });
    await saveVisit(ctx, v, record);
    return { cancelled: true };
  },
});

export const ProfileChanges = z
  .object({
    name: RequiredText('customers.enter-name', 200),
    email: z.union([z.email('customers.email-invalid'), z.literal('')]),
    telephoneNumber: TrimmedText(40),
    mobileNumber: TrimmedText(40),
    address: TrimmedText(500),
  })
  .partial()
  .strict();

/** The customer edits their own details; the billing address only when the business allows it. */
export const updateProfile = defineCommand({
  name: 'portal.customer-update-profile',
  input: Customer.extend({ changes: ProfileChanges, billingLocked: z.boolean() }),
  access: { whenNotSubscribed: true },
  async run(ctx, { customerId, changes, billingLocked }) {
    const current = await ctx.store.get<Customers.Customer>('customer', customerId);
    if (!current) throw notFound('customers.not-found');
    const { address, ...rest } = changes;
    const next: Partial<Customers.Customer> = { ...rest };
    if (address !== undefined && address !== current.address.addressDescription) {
      if (billingLocked) throw forbidden('portal.billing-address-locked');
      // A typed address is not a verified place: its map position goes with the old text.
      next.address = { addressDescription: address, isVerified: false };
    }
    const target = { type: 'customer', id: customerId, customerId } as const;
    const { values, edits } = await applyEdits(ctx, target, current, next, undefined);
    if (Object.keys(values).length === 0) return current;
    return ctx.store.put<Customers.Customer>('customer', { ...current, ...values, _edits: edits });
  },
});

/** A chat message from the customer: a ChatReply in their thread and the inbox, unread. */
export const chat = defineCommand({
  name: 'portal.customer-chat',
  input: Customer.extend({ message: RequiredText('portal.chat-message-required', 2000) }),
  access: { whenNotSubscribed: true },
  async run(ctx, { customerId, message }) {
    const customer = await ctx.store.get<Customers.Customer>('customer', customerId);
    if (!customer) throw notFound('customers.not-found');
    const at = ctx.now.toISOString();
    return ctx.store.put<Notifications.Notification>('notification', {
      _id: ctx.newId(),
      type: 'ChatReply',
      customerId,
      address: customer.email || customer.mobileNumber || 'portal',
      addressee: customer.name,
      status: 'delivered',
      statusHistory: [{ status: 'delivered', timestamp: at }],
      timestamp: at,
      createdDate: at,
      sent: false,
      unread: true,
      message,
      sender: customer.name,
      attempt: 0,
      credits: 0,
      refunded: false,
    });
  },
});

/**
 * A prepayment option paid with the customer's card or mandate on file: an `AutomaticPayment` of
 * the option's amount, pending, and the provider charge (its effect id the provider's
 * idempotency key), as `payments.collect` does for what is owed.
 */
export const prepay = defineCommand({
  name: 'portal.customer-prepay',
  input: Customer.extend({ _id: Id, label: z.string().max(60), options: z.array(Portal.PrepayOption) }),
  access: { whenNotSubscribed: true },
  async run(ctx, { customerId, _id, label, options }) {
    const option = options.find((o) => o.label === label);
    if (!option) throw validation('portal.prepay-option-unknown');
    const [customer, existing] = await Promise.all([
      ctx.store.get<Customers.Customer>('customer', customerId),
      ctx.store.get<Payments.Transaction>('transaction', _id),
    ]);
    if (!customer) throw notFound('customers.not-found');
    if (existing) return existing;
    const meta = customer.paymentProviderMetaData;
    const provider = customer.automaticPaymentMethod;
    if (!provider || !meta?.sourceOrMandateId || meta.status === 'failed' || meta.status === 'cancelled') {
      throw validation('payments.no-automatic-payment-method', { id: customerId });
    }
    const payment = await ctx.store.put<Payments.Transaction>('transaction', {
      _id,
      customerId,
      amount: -Payments.fromPence(Payments.toPence(option.amount)),
      currency: ctx.actor.settings.currency ?? 'GBP',
      description: `Prepayment: ${option.label}`,
      date: ctx.now.toISOString().slice(0, 10),
      createdDate: ctx.now.toISOString(),
      transactionType: 'AutomaticPayment',
      transactionSubType: provider,
      status: 'pending',
      paymentDetails: {
        invoiceIds: [],
        paymentProvider: provider,
        mandateId: meta.sourceOrMandateId,
        paymentHistory: [
          {
            created: ctx.now.toISOString(),
            action: 'created',
            details: { description: 'Prepaid on the portal' },
          },
        ],
      },
    });
    ctx.emit({ type: PROVIDER_CHARGE, payload: { accountId: ctx.actor.accountId, transactionId: _id } });
    return payment;
  },
});

/** Quotes: the quote page's own accept and decline (their rules, their audit), on the customer's own quote. */
export { acceptQuote, declineQuote };

/**
 * Runs one of these for the session's customer under `key` (the caller's idempotency key): the
 * command id is `portal-<key>`, answered only to this customer. A refusal is thrown as its error;
 * a conflict with another write is run again on fresh reads (a few times) by the runner.
 */
export async function runAsCustomer(
  s: Deps,
  caller: PortalCaller,
  def: CommandDef,
  key: string,
  input: Record<string, unknown>,
): Promise<unknown> {
  const answer = await runDefinedCommand(s, customerActor(caller), def, `portal-${key}`, {
    customerId: caller.customer._id,
    ...input,
  });
  if (answer.status !== 200) throw errorFromAnswer(answer.status, answer.body);
  return (answer.body as { result: unknown }).result;
}
