import { defineArea } from '../define-area.ts';

/** The area's registration in `areas.ts`: light, so the shell can list every area without its code. */
export const area = defineArea({
  name: 'expenses',
  entities: [
    {
      type: 'expense',
      // The supplier's recent transactions are its expenses.
      sync: [{ routes: ['expenses', 'suppliers', 'balance', 'chart-of-accounts', 'insights:financials'] }],
    },
  ],
  routes: [
    { name: 'expenses', path: 'expenses', section: 'finance', minLevel: 'Core', roles: ['Owner', 'Admin'] },
  ],
  commands: (): Promise<object> => import('./commands.ts'),
});
