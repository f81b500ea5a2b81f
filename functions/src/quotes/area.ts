import { Quotes } from '@roundwise/core';
import { defineServerArea } from '../define-area.ts';
import { linkQuote } from './link-effect.ts';

/** The area's server part, listed in `functions/src/areas.ts`. */
export const area = defineServerArea({
  name: 'quotes',
  effects: () => ({ [Quotes.LINK_EFFECT]: linkQuote }),
});
