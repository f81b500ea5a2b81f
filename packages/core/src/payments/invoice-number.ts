/**
 * Invoice numbers are given by the server only, from a per-account counter, so
 * two devices offline never give one number twice: an invoice is made without one (the screens
 * show 'Pending Sync', as a quote's number) and `NUMBER_INVOICE` asks the server for it.
 */
export const NUMBER_INVOICE = 'payments.number-invoice';

/** `INV-00042`: the form the seed data uses. */
export const formatInvoiceNumber = (n: number) => `INV-${String(n).padStart(5, '0')}`;
