import { defineArea } from '../define-area.ts';
import { MY_WORK, WORK } from '../sync-need.ts';

/** The area's registration in `areas.ts`: light, so the shell can list every area without its code. */
export const area = defineArea({
  name: 'services',
  entities: [
    {
      type: 'service',
      sync: [
        {
          routes: [
            'services',
            'services-advanced',
            'customers',
            'rounds',
            'quotes',
            'balance',
            ...WORK,
            ...MY_WORK,
          ],
        },
      ],
    },
  ],
  routes: [
    { name: 'services', path: 'services', section: 'configure', roles: ['Owner', 'Admin'] },
    {
      name: 'services-advanced',
      path: 'services-advanced',
      section: 'configure',
      minLevel: 'Advanced',
      condition: (a) => a.developerMode || a.settings.servicesAdvanced === true,
      conditionKey: 'access.developer-mode-required',
    },
    {
      name: 'services-advanced-item',
      path: 'services-advanced/{id}',
      minLevel: 'Advanced',
      roles: ['Owner', 'Admin', 'Creator'],
    },
  ],
  commands: (): Promise<object> => import('./commands.ts'),
});
