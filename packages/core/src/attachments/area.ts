import { defineArea } from '../define-area.ts';

/** The area's registration in `areas.ts`: light, so the shell can list every area without its code. */
export const area = defineArea({
  name: 'attachments',
  entities: [{ type: 'attachment' }],
  commands: (): Promise<object> => import('./commands.ts'),
});
