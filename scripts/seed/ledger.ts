import { type Entity, Payments, Visits } from '@roundwise/core';
import { DAY_MS, isoDay } from './dates.ts';
import type { Ctx, PayMethod, PaymentInfo, VisitInfo } from './model.ts';
import { stamp } from './model.ts';

const PAY_LABEL: Record<PayMethod, string> = {
  cash: 'Cash',
  'bank-transfer': 'Bank transfer',
  card: 'Card payment',
  cheque: 'Cheque',
  'direct-debit': 'Direct Debit',
};

type Transaction = Entity<Payments.Transaction>;

/**
 * The books: the invoices the completions made (`visits.complete` invoices each visit), most
 * recent first, each numbered and paid as soon as the customer's habits allow (what is not yet
 * paid by today is owed), until the scale's count of transactions is reached. The ledger covers
 * the most recent visits; the invoices of older ones are left out of the data set (`left`).
 * Payments are recorded as data, each checked by the transaction schema: the direct debits are a
 * provider's (no command makes them), and recording the hand-taken ones through `payments.record`
 * would allocate them itself where the seed chooses the invoice each pays. Invoices are positive (a debit), payments negative (a credit).
 * Each payment names the account it was paid into: cash the cash tin, the rest the bank (`books.ts`).
 * A cancelled payment is a pair: the payment and its reversal, each naming the other in
 * `voidedId`, netting to zero.
 */
export async function makeLedger(
  ctx: Ctx,
  visits: VisitInfo[],
  accounts: { bankId: string; cashId: string },
) {
  const rng = ctx.rng('transactions');
  const target = ctx.config.transactions;
  const { runner } = ctx;
  const invoiceOf = new Map<string, Transaction>();
  const left = new Set<string>();
  for (const { type, entity } of runner.store.all()) {
    const t = entity as Transaction;
    if (type === 'transaction' && t.transactionType === 'Invoice' && t.occurrenceId) {
      invoiceOf.set(t.occurrenceId, t);
      left.add(t._id);
    }
  }
  let count = 0;
  const invoices: PaymentInfo[] = [];
  const payments: PaymentInfo[] = [];
  const done = byDayDescending(
    visits.filter((v) => v.entity.status === Visits.VisitStatus.Done),
    (v) => v.day,
  );

  for (const visit of done) {
    if (count >= target) break;
    const c = visit.job.customer;
    const invoice = invoiceOf.get(visit.entity._id)!;
    left.delete(invoice._id);
    count++;
    // Sent a little after the visit: numbered then (below, once the ledger's size is known).
    const invoiceMs = visit.doneMs + rng.int(2, 90) * 60_000;
    invoices.push({ entity: invoice, customer: c, ms: invoiceMs });
    if (count >= target) break;

    const paid = c.payer === 'prompt' ? 0.97 : c.payer === 'slow' ? 0.8 : 0.35;
    if (!rng.chance(paid)) continue;
    let delay =
      c.pay === 'cash'
        ? 0
        : c.pay === 'card'
          ? rng.int(0, 2)
          : c.pay === 'direct-debit'
            ? rng.int(3, 5)
            : rng.int(1, 10);
    if (c.payer !== 'prompt' && c.pay !== 'direct-debit') delay += rng.int(7, 35);
    const day = visit.day + delay;
    if (day >= ctx.today) continue;
    const ms =
      delay === 0 ? visit.doneMs + rng.int(1, 5) * 60_000 : day * DAY_MS + rng.int(7 * 60, 21 * 60) * 60_000;
    const automatic = c.pay === 'direct-debit';
    const paidAt = stamp(ctx, ms);
    const details: NonNullable<Payments.Transaction['paymentDetails']> = { invoiceIds: [invoice._id] };
    if (automatic) {
      details.paymentProvider = 'gocardless';
      details.paymentHistory = [
        { created: stamp(ctx, invoiceMs + 60_000), action: 'created' },
        { created: stamp(ctx, invoiceMs + DAY_MS), action: 'submitted' },
      ];
      if (day <= ctx.today - 3) {
        details.paymentHistory.push({
          created: paidAt,
          action: 'confirmed',
          details: { description: 'Payment collected' },
        });
      }
    } else if (c.pay === 'card') details.paymentProvider = 'stripe';
    const payment: Payments.Transaction = {
      _id: ctx.id(ms),
      customerId: c.id,
      amount: -invoice.amount,
      currency: 'GBP',
      description:
        c.pay === 'bank-transfer'
          ? `${PAY_LABEL[c.pay]} ref ${c.entity.name
              .split(' ')
              .pop()!
              .toUpperCase()
              .replace(/[^A-Z]/g, '')}${c.order}`
          : PAY_LABEL[c.pay],
      date: isoDay(day),
      createdDate: paidAt,
      transactionType: automatic ? 'AutomaticPayment' : 'Payment',
      transactionSubType: automatic ? 'gocardless' : c.pay,
      status: automatic && day > ctx.today - 3 ? 'pending' : 'complete',
      paymentAccountId: c.pay === 'cash' ? accounts.cashId : accounts.bankId,
      paymentDetails: details,
    };
    count++;
    // A few payments are cancelled: a failed Direct Debit, or one recorded by mistake.
    const cancel = automatic ? rng.chance(0.03) : rng.chance(0.004);
    if (cancel && count + 1 <= target && day < ctx.today - 1) {
      const cancelMs = Math.min(ms + rng.int(1, 48) * 3_600_000, ctx.latestMs);
      const reversal: Payments.Transaction = {
        _id: ctx.id(cancelMs),
        customerId: c.id,
        amount: invoice.amount,
        currency: 'GBP',
        description: `Cancelled: ${payment.description}`,
        date: isoDay(Math.floor(cancelMs / DAY_MS)),
        createdDate: new Date(cancelMs).toISOString(),
        transactionType: payment.transactionType,
        transactionSubType: payment.transactionSubType!,
        status: 'complete',
        voidedId: payment._id,
        paymentAccountId: payment.paymentAccountId,
        paymentDetails: { invoiceIds: [invoice._id] },
      };
      const cause = automatic
        ? 'Request failed with status 422: the mandate has been cancelled by the customer'
        : 'Recorded against the wrong customer';
      payment.voidedId = reversal._id;
      payment.status = 'complete';
      payment.paymentDetails = {
        ...details,
        paymentHistory: [
          ...(details.paymentHistory ?? []).filter((h) => h.action !== 'confirmed'),
          { created: reversal.createdDate, action: automatic ? 'failed' : 'cancelled', details: { cause } },
        ],
      };
      await runner.record('transaction', Payments.Transaction, payment, cancelMs);
      await runner.record('transaction', Payments.Transaction, reversal, cancelMs);
      count++;
    } else {
      const entity = await runner.record('transaction', Payments.Transaction, payment, ms);
      payments.push({ entity, customer: c, ms });
    }
  }

  // Invoice numbers follow the date order; the loop went backwards in time. No rule numbers
  // invoices in the seed's memory store (the server's effect does, docs/payments.md): the number
  // is recorded when the invoice was sent, and the loader sets the account's counter after them.
  const first = 1001;
  for (const [i, inv] of invoices.entries()) {
    const { _version, _updatedAt, ...invoice } = inv.entity;
    const invoiceNumber = `INV-${String(first + invoices.length - 1 - i).padStart(5, '0')}`;
    inv.entity = await runner.record(
      'transaction',
      Payments.Transaction,
      { ...invoice, invoiceNumber },
      Math.min(inv.ms, ctx.latestMs),
    );
  }
  return { payments, invoices, left };
}

/** `items` ordered by `key` descending, by counting sort over a small key range. */
function byDayDescending<T>(items: T[], key: (item: T) => number): T[] {
  if (items.length === 0) return [];
  let min = Infinity;
  let max = -Infinity;
  for (const it of items) {
    const k = key(it);
    if (k < min) min = k;
    if (k > max) max = k;
  }
  const buckets: T[][] = Array.from({ length: max - min + 1 }, () => []);
  for (const it of items) buckets[max - key(it)]!.push(it);
  return buckets.flat();
}
