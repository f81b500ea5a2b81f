/**
 * Payments: a customer's invoices, payments, refunds and what they owe (`Payments` in
 * `@roundwise/core`; entity type `transaction`). Its one public face: its schemas and types,
 * commands (by verb), rules and registration (`area`).
 */

export {
  createPaymentAccount as createAccount,
  deletePaymentAccount as deleteAccount,
  updatePaymentAccount as updateAccount,
} from './account-commands.ts';
export * from './account-schema.ts';
export { type Allocation, allocate, invoicesWithOutstanding, type OpenInvoice } from './allocation.ts';
export { area } from './area.ts';
export {
  collectPayment as collect,
  PROVIDER_CANCEL,
  PROVIDER_CHARGE,
  PROVIDER_REFUND,
} from './collect.ts';
export {
  cancelPayment as cancel,
  createInvoice,
  recordPayment as record,
  refundPayment as refund,
} from './commands.ts';
export {
  DAYS_PER_PAGE,
  type DayGroup,
  type PaymentListQuery,
  type PaymentRow,
  paymentDayGroups,
  searchWords,
} from './day-groups.ts';
export { DUPLICATE_WINDOW_DAYS, duplicatePayments } from './duplicates.ts';
export { cancelConfirmKey, failureExplanation } from './explain.ts';
export { formatInvoiceNumber, NUMBER_INVOICE } from './invoice-number.ts';
export { type InvoiceStanding, type InvoiceState, invoiceStandings, paymentsOfInvoice } from './invoices.ts';
export {
  type AccountTotals,
  accountTotals,
  balancesByCustomer,
  customerBalance,
  fromPence,
  isPayment,
  isRefund,
  isStanding,
  toPence,
} from './ledger.ts';
export { type PendingCustomer, providerKindOf, type RankedCustomer, rankPending } from './pending.ts';
export * from './provider-status.ts';
export { applyProviderUpdates, type ProviderUpdate, undoneReversalId } from './provider-update.ts';
export * from './risk.ts';
export * from './schema.ts';
