import { defineArea } from '../define-area.ts';

/** The area's registration in `areas.ts`: light, so the shell can list every area without its code. */
export const area = defineArea({
  name: 'alerts',
  entities: [{ type: 'alert', sync: [{ routes: ['alerts'], scope: 'audience' }] }],
  routes: [{ name: 'alerts', path: 'alerts/{alertId?}', badge: 'alerts' }],
  commands: (): Promise<object> => import('./commands.ts'),
});
