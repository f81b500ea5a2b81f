import { defineArea } from '../define-area.ts';

/** The area's registration in `areas.ts`: light, so the shell can list every area without its code. */
export const area = defineArea({
  name: 'availability',
  entities: [{ type: 'workerAvailability', sync: [{ routes: ['availability'] }] }],
  routes: [{ name: 'availability', path: 'availability/*', section: 'work', flagsAll: ['availability'] }],
  commands: (): Promise<object> => import('./commands.ts'),
});
