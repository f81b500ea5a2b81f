import type { RouteDef } from '../access/route-def.ts';
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
        { routes: ['customers', 'rounds', 'insights:jobs', 'insights:financials', 'balance', ...WORK] },
        { routes: ['day-pilot'], roles: ['Owner'] },
        { routes: MY_WORK, scope: 'assigned' },
      ],
    },
  ],
  routes: [
    {
      name: 'mywork',
      path: 'mywork',
      section: 'work',
      minLevel: 'Core',
      roles: ['Worker'],
      flagsAll: ['multiUser'],
    },
    { name: 'mywork-item', path: 'mywork/{id}', minLevel: 'Core' },
    {
      name: 'day-pilot',
      path: 'day-pilot/{tab?}',
      section: 'work',
      roles: ['Owner', 'Worker'],
      tabs: { 'not-done': {}, completed: {} },
    },
    {
      name: 'schedule',
      path: 'schedule/{date?}/{scheduleItemId?}',
      section: 'work',
      minLevel: 'Core',
      roles: ['Owner', 'Admin', 'Planner'],
    },
    ...(['multi-planner', 'alljobs', 'overdue'] as const).map(
      (name): RouteDef => ({
        name,
        path: name,
        section: 'work',
        minLevel: 'Core',
        roles: ['Owner', 'Admin', 'Planner'],
      }),
    ),
  ],
  commands: (): Promise<object> => import('./commands.ts'),
});
