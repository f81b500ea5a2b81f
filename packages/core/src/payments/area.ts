import { defineArea } from '../define-area.ts';

/** The ledger's screens: whoever sees money owed or paid holds the ledger. */
const LEDGER = ['customers', 'invoices', 'owing', 'pending', 'expenses', 'dashboard', 'insights:financials'];

/** The area's registration in `areas.ts`: light, so the shell can list every area without its code. */
export const area = defineArea({
  name: 'payments',
  entities: [
    { type: 'transaction', parent: 'customerId', sync: [{ routes: LEDGER }] },
    // They name where payments went, so whoever holds the ledger holds them (the payments screen
    // reads both; a payment is recorded into one from the owing and customer screens).
    { type: 'paymentAccount', sync: [{ routes: LEDGER }] },
  ],
  commands: (): Promise<object> => import('./commands.ts'),
  effects: [
    'payments.number-invoice',
    'payments.provider-charge',
    'payments.provider-cancel',
    'payments.provider-refund',
  ],
});
