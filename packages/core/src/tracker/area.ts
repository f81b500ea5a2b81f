import { defineArea } from '../define-area.ts';
import { MY_WORK } from '../sync-need.ts';

/** The area's registration in `areas.ts`: light, so the shell can list every area without its code. */
export const area = defineArea({
  name: 'tracker',
  entities: [
    {
      // A visit's start and stop events (`Visits.TimeEvent`), listed by visit.
      type: 'timeEvent',
      parent: 'occurrenceId',
      sync: [
        { routes: ['tracker'] },
        // A worker's own, so a timer started offline shows on their visit and Done can stop it.
        { routes: MY_WORK, scope: 'mine' },
      ],
    },
  ],
  routes: [
    {
      name: 'tracker',
      path: 'tracker/*',
      section: 'work',
      roles: ['Owner', 'Admin'],
      flagsAll: ['timeTracker'],
    },
  ],
  commands: (): Promise<object> => import('./commands.ts'),
});
