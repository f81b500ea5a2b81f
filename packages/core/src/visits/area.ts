import { defineArea } from '../define-area.ts';
import { MY_WORK, WORK } from '../sync-need.ts';

/** The area's registration in `areas.ts`: light, so the shell can list every area without its code. */
export const area = defineArea({
  name: 'visits',
  entities: [
    {
      type: 'visit',
      parent: 'jobId',
      sync: [
        { routes: ['customers', 'rounds', 'insights:jobs', ...WORK] },
        { routes: ['day-pilot'], roles: ['Owner'] },
        { routes: MY_WORK, scope: 'assigned' },
      ],
    },
  ],
  commands: (): Promise<object> => import('./commands.ts'),
});
