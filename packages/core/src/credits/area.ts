import { defineArea } from '../define-area.ts';

/** The area's registration in `areas.ts`. Its one record is written by messages' commands and the server. */
export const area = defineArea({
  name: 'credits',
  entities: [
    // The balance a message's cost is checked against, shown in the inbox and the email settings.
    { type: 'creditBalance', sync: [{ routes: ['customers', 'inbox', 'email-settings'] }] },
  ],
});
