import { z } from 'zod';
import { routeByName } from '../access/routes.ts';
import { defineCommand } from '../commands/define.ts';
import type { Customer } from '../customers/schema.ts';
import { Id, IsoDate } from '../entity.ts';
import { notFound } from '../errors.ts';
import { RequiredText } from '../text.ts';
import { NUMBER_INVOICE } from './invoice-number.ts';
import { fromPence, toPence } from './ledger.ts';
import type { Transaction } from './schema.ts';

/** One line of an invoice made by hand: what was done and its price, in whole pence. */
const Line = z.object({
  description: RequiredText('payments.invoice-line-description-required', 200),
  amount: z
    .number()
    .finite()
    .positive('payments.amount-positive')
    .max(1_000_000, 'payments.amount-too-large')
    .refine((n) => Math.abs(toPence(n) - n * 100) < 1e-6, 'payments.amount-whole-pence'),
});

/**
 * An invoice made by hand (work that was no visit: a one-off repair, materials): one `Invoice`
 * transaction for the lines' total, the lines kept as its description, numbered by the server's
 * counter like a visit's invoice. The id is the caller's, so the same request sent again is one
 * invoice.
 */
export const createInvoice = defineCommand({
  name: 'payments.create-invoice',
  input: z.object({
    _id: Id.optional(),
    customerId: Id,
    date: IsoDate,
    lines: z.array(Line).min(1, 'payments.invoice-lines-required').max(50),
  }),
  access: { ...routeByName('payments'), roles: ['Owner', 'Admin'] },
  async run(ctx, input) {
    const id = input._id ?? ctx.newId();
    const [customer, existing] = await Promise.all([
      ctx.store.get<Customer>('customer', input.customerId),
      ctx.store.get<Transaction>('transaction', id),
    ]);
    if (!customer) throw notFound('customers.not-found', { id: input.customerId });
    if (existing) return existing;
    const currency = ctx.actor.settings.currency ?? 'GBP';
    const price = (n: number) => `${currency === 'GBP' ? '£' : `${currency} `}${n.toFixed(2)}`;
    const total = fromPence(input.lines.reduce((sum, l) => sum + toPence(l.amount), 0));
    ctx.emit({ type: NUMBER_INVOICE, payload: { accountId: ctx.actor.accountId, transactionId: id } });
    return ctx.store.put<Transaction>('transaction', {
      _id: id,
      customerId: customer._id,
      amount: total,
      currency,
      description: input.lines
        .map((l) => `${l.description} ${price(l.amount)}`)
        .join('; ')
        .slice(0, 500),
      date: input.date,
      createdDate: ctx.now.toISOString(),
      transactionType: 'Invoice',
      status: 'complete',
    });
  },
});
