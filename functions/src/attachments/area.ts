import { Attachments } from '@roundwise/core';
import { defineServerArea } from '../define-area.ts';
import { deleteObject } from './delete-object-effect.ts';

/** The area's server part, listed in `functions/src/areas.ts`. */
export const area = defineServerArea({
  name: 'attachments',
  effects: () => ({ [Attachments.DELETE_OBJECT_EFFECT]: deleteObject }),
});
