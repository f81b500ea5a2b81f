import { defineArea } from '../define-area.ts';

const SCREENS = ['connected-service', 'import-transactions'];

/** The area's registration in `areas.ts`: light, so the shell can list every area without its code. */
export const area = defineArea({
  name: 'banking',
  entities: [
    { type: 'bankConnection', sync: [{ routes: SCREENS }] },
    { type: 'bankLine', parent: 'paymentAccountId', sync: [{ routes: ['import-transactions'] }] },
  ],
  // Spec 000 section 6: payment sync from connected services is the Owner's and Admin's.
  routes: [
    {
      name: 'connected-service',
      path: 'connected-service/{provider}',
      minLevel: 'Advanced',
      roles: ['Owner', 'Admin'],
    },
    {
      name: 'import-transactions',
      path: 'import-transactions/*',
      section: 'integrations',
      minLevel: 'Advanced',
      roles: ['Owner', 'Admin'],
    },
  ],
  commands: (): Promise<object> => import('./commands.ts'),
  effects: ['banking.sync'],
});
