import { z } from 'zod';
import { Id, Price } from '../entity.ts';
import { RequiredText } from '../text.ts';

export const ServiceFields = z.object({
  name: RequiredText('services.enter-name', 100),
  description: z.string().max(2000).default(''),
  defaultPrice: Price.default(0),
  /** Minutes. */
  defaultDuration: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
});
export const Service = ServiceFields.extend({ _id: Id });
export type Service = z.infer<typeof Service>;
