import { defineArea } from '../define-area.ts';

/** The area's registration in `areas.ts`: light, so the shell can list every area without its code. */
export const area = defineArea({
  name: 'attachments',
  entities: [
    // The attachments list and the quotes that show their files (names, sizes: the files themselves
    // are fetched through short-lived links, online).
    { type: 'attachment', sync: [{ routes: ['attachments', 'quotes', 'expenses'] }] },
  ],
  routes: [{ name: 'attachments', path: 'attachments', section: 'configure', minLevel: 'Advanced' }],
  commands: (): Promise<object> => import('./commands.ts'),
  effects: ['attachment.delete-object'],
});
