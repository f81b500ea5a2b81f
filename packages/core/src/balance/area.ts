import { defineArea } from '../define-area.ts';

const BOOKS = ['balance', 'chart-of-accounts'];

/** The area's registration in `areas.ts`: light, so the shell can list every area without its code. */
export const area = defineArea({
  name: 'balance',
  entities: [
    { type: 'balanceSettings', sync: [{ routes: BOOKS }] },
    { type: 'journalEntry', sync: [{ routes: BOOKS }] },
  ],
  routes: [
    {
      name: 'balance',
      path: 'balance/*',
      section: 'balance',
      minLevel: 'Ultimate',
      flagsAll: ['balance'],
      // The spec names no roles here; the books are the Owner's and Admin's (docs/balance.md).
      roles: ['Owner', 'Admin'],
      tabs: { dashboard: {}, accounts: {}, reports: {}, transactions: {}, settings: {}, 'vat-returns': {} },
    },
    {
      name: 'chart-of-accounts',
      path: 'chart-of-accounts/{tab?}',
      section: 'finance',
      minLevel: 'Advanced',
      roles: ['Owner', 'Admin'],
      tabs: {
        default: {},
        'balance-sheet': { minLevel: 'Ultimate' },
        'vat-return': { minLevel: 'Ultimate' },
      },
    },
  ],
  commands: (): Promise<object> => import('./commands.ts'),
});
