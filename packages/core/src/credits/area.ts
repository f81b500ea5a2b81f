import { defineArea } from '../define-area.ts';

/** The area's registration in `areas.ts`. Its one record is written by messages' commands and the server. */
export const area = defineArea({
  name: 'credits',
  entities: [{ type: 'creditBalance' }],
});
