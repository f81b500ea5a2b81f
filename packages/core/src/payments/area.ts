import type { RouteDef } from '../access/route-def.ts';
import { defineArea } from '../define-area.ts';

/** The ledger's screens: whoever sees money owed or paid holds the ledger. */
const LEDGER = [
  'customers',
  'invoices',
  'owing',
  'pending',
  'expenses',
  'dashboard',
  'insights:financials',
  'balance',
  'chart-of-accounts',
];

/** The area's registration in `areas.ts`: light, so the shell can list every area without its code. */
export const area = defineArea({
  name: 'payments',
  entities: [
    { type: 'transaction', parent: 'customerId', sync: [{ routes: LEDGER }] },
    // They name where payments went, so whoever holds the ledger holds them (the payments screen
    // reads both; a payment is recorded into one from the owing and customer screens).
    { type: 'paymentAccount', sync: [{ routes: LEDGER }] },
  ],
  routes: [
    ...(['owing', 'pending'] as const).map(
      (name): RouteDef => ({
        name,
        path: name,
        section: 'billing',
        minLevel: 'Core',
        roles: ['Owner', 'Admin', 'Creator', 'Planner', 'Worker'],
        // Workers see these only when the account shows owing to workers.
        condition: (a) =>
          a.roles.some((r) => r !== 'Worker' && ['Owner', 'Admin', 'Creator', 'Planner'].includes(r)) ||
          a.settings.showOwingToWorkers === true,
        conditionKey: 'access.owing-hidden-from-workers',
      }),
    ),
    {
      name: 'invoices',
      path: 'invoices/{transactionIdOrInvoiceNumber?}',
      section: 'billing',
      minLevel: 'Core',
      roles: ['Owner', 'Admin'],
    },
    { name: 'payments', path: 'payments', section: 'billing', minLevel: 'Core' },
  ],
  commands: (): Promise<object> => import('./commands.ts'),
  effects: [
    'payments.number-invoice',
    'payments.provider-charge',
    'payments.provider-cancel',
    'payments.provider-refund',
  ],
});
