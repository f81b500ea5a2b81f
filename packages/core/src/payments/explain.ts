import type { PaymentHistoryEvent, Transaction } from './schema.ts';

/**
 * Spec 000 section 4, payments: the words around cancelling and a provider's failure.
 * - "the confirmation wording depends on how many other invoices are linked": other than the one
 *   the user came from (a payment opened from an invoice), or all when opened from the list;
 * - "text containing status 409 suggests a possible duplicate and to re-request against the
 *   customer; status 422 suggests a cancelled mandate or connection issue".
 */
export function cancelConfirmKey(
  payment: Pick<Transaction, 'paymentDetails'>,
  fromInvoiceId?: string,
): { key: string; count: number } {
  const others = (payment.paymentDetails?.invoiceIds ?? []).filter((id) => id !== fromInvoiceId).length;
  if (others === 0) return { key: 'payments.cancel-confirm', count: 0 };
  if (others === 1) return { key: 'payments.cancel-confirm-one-invoice', count: 1 };
  return { key: 'payments.cancel-confirm-many-invoices', count: others };
}

/** The explanation of a history event's failure text, if the spec gives one. */
export function failureExplanation(event: PaymentHistoryEvent): string | undefined {
  const text = `${event.details?.description ?? ''} ${event.details?.cause ?? ''}`;
  if (/\bstatus 409\b/.test(text)) return 'payments.provider-possible-duplicate';
  if (/\bstatus 422\b/.test(text)) return 'payments.provider-mandate-problem';
  return undefined;
}
