import { defineArea } from '../define-area.ts';

/** The area's registration in `areas.ts`: light, so the shell can list every area without its code. */
export const area = defineArea({
  name: 'templates',
  entities: [{ type: 'template' }],
  commands: (): Promise<object> => import('./commands.ts'),
});
