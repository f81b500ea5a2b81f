import { defineArea } from '../define-area.ts';
import { MY_WORK, WORK } from '../sync-need.ts';

/** The area's registration in `areas.ts`: light, so the shell can list every area without its code. */
export const area = defineArea({
  name: 'rounds',
  entities: [
    {
      type: 'round',
      sync: [
        {
          routes: [
            'customers',
            'rounds',
            'quotes',
            'quickstart',
            'balance',
            'insights:financials',
            ...WORK,
            ...MY_WORK,
          ],
        },
      ],
    },
  ],
  routes: [
    {
      name: 'rounds',
      path: 'rounds/{tab?}',
      section: 'work',
      minLevel: 'Core',
      roles: ['Owner', 'Admin'],
      tabs: { active: {}, pending: { minLevel: 'Advanced' } },
    },
  ],
  commands: (): Promise<object> => import('./commands.ts'),
});
