import { defineArea } from '../define-area.ts';
import { MY_WORK, WORK } from '../sync-need.ts';

/** The area's registration in `areas.ts`: light, so the shell can list every area without its code. */
export const area = defineArea({
  name: 'conflicts',
  entities: [
    {
      type: 'conflict',
      // Told wherever its person edits customers, jobs or visits: the shell shows it on every screen.
      sync: [
        {
          routes: ['customers', 'rounds', ...WORK, ...MY_WORK],
          roles: ['Owner', 'Admin', 'Creator', 'JobEditor', 'Planner', 'Worker'],
          scope: 'mine',
        },
      ],
    },
  ],
  commands: (): Promise<object> => import('./commands.ts'),
});
