import { defineArea } from '../define-area.ts';

/** The send module's audiences and campaigns (spec 002 section 2.7); templates are their own area. */
export const area = defineArea({
  name: 'send',
  entities: [
    // The send screens read audiences and campaigns offline (the audience preview is computed there).
    { type: 'audience', sync: [{ routes: ['send'] }] },
    { type: 'campaign', sync: [{ routes: ['send'] }] },
  ],
  routes: [{ name: 'send', path: 'send/*', section: 'send', roles: ['Owner', 'Admin'], flagsAll: ['send'] }],
  commands: (): Promise<object> => import('./commands.ts'),
});
