import { Credits } from '@roundwise/core';
import { defineServerArea } from '../define-area.ts';
import { chargeEffect } from './charge-effect.ts';

/** The area's server part, listed in `functions/src/areas.ts`. */
export const area = defineServerArea({
  name: 'credits',
  effects: () => ({ [Credits.CHARGE_EFFECT]: chargeEffect }),
});
