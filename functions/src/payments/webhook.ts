import { Payments } from '@roundwise/core';
import { z } from 'zod';
import type { Deps } from '../context.ts';
import { applyProviderStates, type Seen } from './apply-updates.ts';
import type { PaymentProvider, ProviderMandate, ProviderPayment } from './providers/provider.ts';

const Timestamp = z.iso.datetime({ offset: true });
const Base = { id: z.string().min(1).max(200), version: z.number().int().min(0), updatedAt: Timestamp };
const PaymentResource = z.object({
  ...Base,
  status: z.enum(Payments.PAYMENT_STATUSES),
  amountPence: z.number().int(),
  currency: z.string().length(3),
  mandateId: z.string().max(200),
  metadata: z.object({ accountId: z.string().min(1).max(64), transactionId: z.string().min(1).max(200) }),
  cause: z.string().max(500).optional(),
});
const MandateResource = z.object({
  ...Base,
  status: z.enum(Payments.MANDATE_STATUSES),
  metadata: z.object({ accountId: z.string().min(1).max(64), customerId: z.string().min(1).max(64) }),
  label: z.string().max(200),
  createdAt: Timestamp.optional(),
});

/** A payment provider's webhook body: its events, each a resource's new state. */
export const PaymentWebhook = z.object({
  events: z
    .array(
      z.discriminatedUnion('type', [
        z.object({
          id: z.string().min(1).max(200),
          createdAt: Timestamp,
          type: z.literal('payment'),
          resource: PaymentResource,
        }),
        z.object({
          id: z.string().min(1).max(200),
          createdAt: Timestamp,
          type: z.literal('mandate'),
          resource: MandateResource,
        }),
      ]),
    )
    .min(1)
    .max(500),
});

/** Applies a verified webhook's events (each once, by id and version: `applyProviderStates`). */
export async function applyWebhook(s: Deps, provider: PaymentProvider, body: z.infer<typeof PaymentWebhook>) {
  const payments: Seen<ProviderPayment>[] = [];
  const mandates: Seen<ProviderMandate>[] = [];
  for (const e of body.events) {
    if (e.type === 'payment') payments.push({ eventId: e.id, resource: e.resource });
    else mandates.push({ eventId: e.id, resource: e.resource });
  }
  return { applied: await applyProviderStates(s, provider, payments, mandates) };
}
