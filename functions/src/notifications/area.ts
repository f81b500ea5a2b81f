import { Notifications } from '@roundwise/core';
import { defineServerArea } from '../define-area.ts';
import { deliverNotifications } from './deliver.ts';

/** The area's server part, listed in `functions/src/areas.ts`. */
export const area = defineServerArea({
  name: 'notifications',
  effects: () => ({ [Notifications.SEND_EFFECT]: deliverNotifications }),
});
