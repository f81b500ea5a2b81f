import { type Entity, Payments } from '@roundwise/core';
import { writeAccount } from '../commands/write-account.ts';
import type { Deps } from '../context.ts';
import type { EffectHandler } from '../define-area.ts';

const SEQUENCE = 'invoice';
const ATTEMPTS = 30;

/**
 * Gives an invoice its number (the `payments.number-invoice` effect, asked for by the command
 * that made the invoice): the account's next, written with the counter's move in one transaction
 * (`Counters`), so numbers are unique and without gaps however many invoices are numbered at once.
 * Two numberings that meet retry with the counter read again. Idempotent: an invoice with a
 * number (a repeated delivery) or no longer there is left alone. The write goes through the
 * change feed like a command's, so every device gets the number on its next sync.
 */
export async function numberInvoice(
  s: Deps,
  accountId: string,
  transactionId: string,
): Promise<string | undefined> {
  // Another numbering that took this number (or changed the invoice) is met by a spread wait.
  return writeAccount(
    s,
    accountId,
    async (store) => {
      const [invoice, last] = await Promise.all([
        store.get<Payments.Transaction>('transaction', transactionId),
        s.counters.last(accountId, SEQUENCE),
      ]);
      if (invoice?.transactionType !== 'Invoice') return { result: undefined };
      if (invoice.invoiceNumber) return { result: invoice.invoiceNumber };
      const invoiceNumber = Payments.formatInvoiceNumber(last + 1);
      const { _version, _updatedAt, ...fields } = invoice as Entity<Payments.Transaction>;
      await store.put<Payments.Transaction>('transaction', { ...fields, invoiceNumber });
      return { result: invoiceNumber, items: [s.counters.advanceItem(accountId, SEQUENCE, last, last + 1)] };
    },
    { attempts: ATTEMPTS },
  );
}

export async function numberInvoiceEffect(...[s, effect]: Parameters<EffectHandler>): Promise<void> {
  const { accountId, transactionId } = effect.payload as { accountId: string; transactionId: string };
  await numberInvoice(s, accountId, transactionId);
}
