import { Banking } from '@roundwise/core';
import { defineServerArea } from '../define-area.ts';
import { syncBank } from './sync.ts';

/** The area's server part, listed in `functions/src/areas.ts`. */
export const area = defineServerArea({
  name: 'banking',
  effects: () => ({ [Banking.SYNC]: syncBank }),
});
