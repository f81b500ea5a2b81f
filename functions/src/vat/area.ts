import { Vat } from '@roundwise/core';
import { defineServerArea } from '../define-area.ts';
import { submitReturn } from './submit.ts';

/** The area's server part, listed in `functions/src/areas.ts`. */
export const area = defineServerArea({
  name: 'vat',
  effects: () => ({ [Vat.SUBMIT_RETURN]: submitReturn }),
});
