import { defineArea } from '../define-area.ts';
import { WORK } from '../sync-need.ts';

/** The area's registration in `areas.ts`: light, so the shell can list every area without its code. */
export const area = defineArea({
  name: 'teams',
  entities: [{ type: 'team', sync: [{ routes: ['teams', 'users', ...WORK] }] }],
  routes: [{ name: 'teams', path: 'teams', section: 'configure', flagsAll: ['multiUser'] }],
  commands: (): Promise<object> => import('./commands.ts'),
});
