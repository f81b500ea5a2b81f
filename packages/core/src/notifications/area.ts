import { defineArea } from '../define-area.ts';

/** The area's registration in `areas.ts`: light, so the shell can list every area without its code. */
export const area = defineArea({
  name: 'notifications',
  entities: [{ type: 'notification', parent: 'customerId', sync: [{ routes: ['customers'] }] }],
  routes: [
    {
      name: 'inbox',
      path: 'inbox/*',
      section: 'send',
      roles: ['Owner', 'Admin', 'Creator'],
      badge: 'unread',
    },
  ],
  commands: (): Promise<object> => import('./commands.ts'),
  effects: ['notification.send'],
});
