import { z } from 'zod';
import { Id, Money } from '../entity.ts';

/** Spec 000 section 3 (payment / transaction). A negative amount is a credit. */
export const TransactionType = z.enum(['Payment', 'AutomaticPayment', 'Transfer', 'Expense', 'Invoice']);

export const PaymentHistoryEvent = z.object({
  created: z.string(),
  action: z.string(),
  details: z.object({ description: z.string().optional(), cause: z.string().optional() }).optional(),
});

export const Transaction = z.object({
  _id: Id,
  customerId: Id.optional(),
  amount: Money,
  currency: z.string().length(3).default('GBP'),
  description: z.string().max(500).default(''),
  date: z.string(),
  createdDate: z.string(),
  voidedId: Id.optional(),
  transactionType: TransactionType,
  transactionSubType: z.string().optional(),
  status: z.enum(['pending', 'complete']).optional(),
  occurrenceId: Id.optional(),
  invoiceNumber: z.string().optional(),
  paymentDetails: z
    .object({
      invoiceIds: z.array(Id).optional(),
      refundId: Id.optional(),
      paymentProvider: z.string().optional(),
      paymentHistory: z.array(PaymentHistoryEvent).optional(),
    })
    .optional(),
});
export type Transaction = z.infer<typeof Transaction>;
