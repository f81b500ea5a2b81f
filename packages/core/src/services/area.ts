import { defineArea } from '../define-area.ts';
import { MY_WORK, WORK } from '../sync-need.ts';

/** The area's registration in `areas.ts`: light, so the shell can list every area without its code. */
export const area = defineArea({
  name: 'services',
  entities: [
    {
      type: 'service',
      sync: [
        { routes: ['services', 'services-advanced', 'customers', 'rounds', 'quotes', ...WORK, ...MY_WORK] },
      ],
    },
  ],
  commands: (): Promise<object> => import('./commands.ts'),
});
