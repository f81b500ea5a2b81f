import { defineArea } from '../define-area.ts';

/** The send module's audiences and campaigns (spec 002 section 2.7); templates are their own area. */
export const area = defineArea({
  name: 'send',
  entities: [{ type: 'audience' }, { type: 'campaign' }],
  commands: (): Promise<object> => import('./commands.ts'),
});
