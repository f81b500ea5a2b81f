import { defineArea } from '../define-area.ts';

/** The area's registration in `areas.ts`. Its balance is written by messages' commands and the server; its purchases by the server's commands. */
export const area = defineArea({
  name: 'credits',
  entities: [
    // The balance a message's cost is checked against, shown in the inbox and the email settings;
    // the visit screen's "On my way" text spends it too.
    {
      type: 'creditBalance',
      sync: [{ routes: ['customers', 'inbox', 'email-settings', 'mywork', 'day-pilot'] }],
    },
    // Who may buy credits sees the purchases made.
    { type: 'creditPurchase', sync: [{ routes: ['email-settings'] }] },
  ],
  // A purchase's charge at the billing provider (`credits.purchase`, a server-only command).
  effects: ['credits.charge'],
});
