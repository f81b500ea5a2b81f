import { defineArea } from '../define-area.ts';

/** The books' screens: each reads suppliers (names of creditors, an expense's supplier). */
const BOOKS = ['suppliers', 'expenses', 'balance', 'chart-of-accounts'];

/** The area's registration in `areas.ts`: light, so the shell can list every area without its code. */
export const area = defineArea({
  name: 'suppliers',
  entities: [{ type: 'supplier', sync: [{ routes: BOOKS }] }],
  // The spec names no roles for suppliers; they are the books' (who is paid what), so the
  // Owner's and Admin's, like expenses.
  routes: [{ name: 'suppliers', path: 'suppliers/*', section: 'finance', roles: ['Owner', 'Admin'] }],
  commands: (): Promise<object> => import('./commands.ts'),
});
