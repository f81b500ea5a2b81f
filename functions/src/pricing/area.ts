import { Pricing } from '@roundwise/core';
import { defineServerArea } from '../define-area.ts';
import { applyScheduled } from './apply-scheduled.ts';

/** The area's server part, listed in `functions/src/areas.ts`. */
export const area = defineServerArea({
  name: 'pricing',
  effects: () => ({ [Pricing.APPLY_SCHEDULED]: applyScheduled }),
});
