import { defineArea } from '../define-area.ts';

/** The area's registration in `areas.ts`: light, so the shell can list every area without its code. */
export const area = defineArea({
  name: 'expense-categories',
  entities: [
    {
      type: 'expenseCategory',
      sync: [{ routes: ['expense-categories', 'expenses', 'balance', 'chart-of-accounts'] }],
    },
  ],
  // No roles in the spec; the categories are the books' (the expenses' tags), so the Owner's and
  // Admin's like expenses.
  routes: [
    { name: 'expense-categories', path: 'expense-categories', section: 'finance', roles: ['Owner', 'Admin'] },
  ],
  commands: (): Promise<object> => import('./commands.ts'),
});
