import { defineArea } from '../define-area.ts';

/** The area's registration in `areas.ts`. Its balance is written by messages' commands and the server; its purchases by the server's commands. */
export const area = defineArea({
  name: 'credits',
  entities: [{ type: 'creditBalance' }, { type: 'creditPurchase' }],
});
