import { defineArea } from '../define-area.ts';

/**
 * The area's registration in `areas.ts`: the business's portal (its directory entry, layouts and
 * widget settings). The customer's side is served by the API (`functions/src/api/portal.ts`).
 */
export const area = defineArea({
  name: 'portal',
  entities: [
    { type: 'portalDirectory', sync: [{ routes: ['portal-directory'] }] },
    { type: 'portalLayout', sync: [{ routes: ['portal-directory'] }] },
    // Which layout is published: one record per account.
    { type: 'portalPublished', sync: [{ routes: ['portal-directory'] }] },
    // A widget's settings, by widget name.
    { type: 'portalWidget', sync: [{ routes: ['portal-directory'] }] },
  ],
  commands: (): Promise<object> => import('./commands.ts'),
});
