import { defineArea } from '../define-area.ts';
import { MY_WORK, WORK } from '../sync-need.ts';

/** The area's registration in `areas.ts`: light, so the shell can list every area without its code. */
export const area = defineArea({
  name: 'jobs',
  entities: [
    {
      type: 'job',
      parent: 'customerId',
      sync: [
        { routes: ['customers', 'rounds', 'quotes', 'insights:jobs', 'balance', ...WORK] },
        // The day pilot shows an Owner the whole day and anyone else their own visits.
        { routes: ['day-pilot'], roles: ['Owner'] },
        { routes: MY_WORK, scope: 'assigned' },
      ],
    },
  ],
  commands: (): Promise<object> => import('./commands.ts'),
});
