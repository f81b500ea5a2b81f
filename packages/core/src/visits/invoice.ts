import type { CommandContext } from '../commands/define.ts';
import type { Entity } from '../entity.ts';
import type { Job } from '../jobs/schema.ts';
import { NUMBER_INVOICE } from '../payments/invoice-number.ts';
import type { Transaction } from '../payments/schema.ts';
import type { Service } from '../services/schema.ts';
import type { VisitRecord } from './record.ts';

/**
 * The invoice of a completed visit: an `Invoice` transaction for the visit's
 * price, for its customer, linked by `occurrenceId`. Cancelling one follows the ledger's rule for
 * a cancelled transaction: a reversal of the opposite amount, the two naming each other in
 * `voidedId`, netting to zero (the payments issue reads them that way).
 */

/** The visit's invoices that stand (not cancelled). */
export async function activeInvoices(ctx: CommandContext, occ: VisitRecord): Promise<Entity<Transaction>[]> {
  const all = await ctx.store.listBy<Transaction>('transaction', occ.customerId);
  return all.filter((t) => t.occurrenceId === occ._id && t.transactionType === 'Invoice' && !t.voidedId);
}

/**
 * Creates the visit's invoice unless one stands already (completing twice makes one invoice). The
 * id is deterministic (`<occurrenceId>-inv`, then `-inv2`... after cancellations), so two devices
 * completing the same visit offline write the same invoice.
 */
export async function ensureInvoice(
  ctx: CommandContext,
  occ: VisitRecord,
  job: Job,
): Promise<Entity<Transaction>> {
  // Read together, in one round trip: the visit's invoices, the services named in the
  // description, and the first invoice id (taken by a cancelled one, after an undo).
  const [[existing], description] = await Promise.all([
    activeInvoices(ctx, occ),
    describeVisit(ctx, job),
    ctx.store.get('transaction', `${occ._id}-inv`),
  ]);
  if (existing) return existing;
  let id = `${occ._id}-inv`;
  for (let n = 2; await ctx.store.get('transaction', id); n++) id = `${occ._id}-inv${n}`;
  // The number comes from the server's counter, once the invoice is stored (payments area).
  ctx.emit({ type: NUMBER_INVOICE, payload: { accountId: ctx.actor.accountId, transactionId: id } });
  return ctx.store.put<Transaction>('transaction', {
    _id: id,
    customerId: occ.customerId,
    amount: occ.price,
    // The account's currency is not in the command context; GBP is the only one the app offers.
    currency: 'GBP',
    description,
    date: occ.isoPlannedDate,
    createdDate: ctx.now.toISOString(),
    transactionType: 'Invoice',
    status: 'complete',
    occurrenceId: occ._id,
  });
}

/** Cancels the visit's standing invoices (undo of a completion, or before re-invoicing). */
export async function voidInvoices(ctx: CommandContext, occ: VisitRecord): Promise<number> {
  const invoices = await activeInvoices(ctx, occ);
  for (const inv of invoices) {
    const reversalId = `${inv._id}-void`;
    await ctx.store.put<Transaction>('transaction', {
      _id: reversalId,
      customerId: inv.customerId,
      amount: -inv.amount,
      currency: inv.currency,
      description: inv.description,
      date: ctx.now.toISOString().slice(0, 10),
      createdDate: ctx.now.toISOString(),
      transactionType: 'Invoice',
      status: 'complete',
      occurrenceId: occ._id,
      voidedId: inv._id,
    });
    const { _version, _updatedAt, ...rest } = inv;
    await ctx.store.put<Transaction>('transaction', { ...rest, voidedId: reversalId });
  }
  return invoices.length;
}

/** "Window cleaning & Gutter clearing, 12 Mill Road" (services, then address; else "Visit"). */
async function describeVisit(ctx: CommandContext, job: Job): Promise<string> {
  const services = await Promise.all(job.services.map((id) => ctx.store.get<Service>('service', id)));
  const names = services.flatMap((s) => (s ? [s.name] : []));
  const what = names.length ? names.join(' & ') : 'Visit';
  const where = job.location?.addressDescription;
  return (where ? `${what}, ${where}` : what).slice(0, 500);
}
