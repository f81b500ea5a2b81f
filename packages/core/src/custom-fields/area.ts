import { defineArea } from '../define-area.ts';

/** The area's registration in `areas.ts`: light, so the shell can list every area without its code. */
export const area = defineArea({
  name: 'custom-fields',
  entities: [
    // Only where the feature is on (the custom-fields route: Ultimate and metadata): collections
    // and which are enabled to everyone, who may fill them in; answers to those who see all
    // customers or plan work, and to a Worker those of their own visits.
    { type: 'fieldSchema', sync: [{ routes: ['custom-fields'] }] },
    { type: 'fieldLinker', sync: [{ routes: ['custom-fields'] }] },
    {
      type: 'fieldValues',
      parent: 'schemaId',
      sync: [
        { routes: ['custom-fields'], roles: ['Owner', 'Admin', 'Creator', 'Planner'] },
        { routes: ['custom-fields'], scope: 'assigned' },
      ],
    },
  ],
  routes: [
    {
      name: 'custom-fields',
      path: 'custom-fields/*',
      section: 'configure',
      minLevel: 'Ultimate',
      flagsAll: ['metadata'],
    },
  ],
  commands: (): Promise<object> => import('./commands.ts'),
});
