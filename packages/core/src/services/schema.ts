import { z } from 'zod';
import { Id, Money } from '../entity.ts';

export const ServiceFields = z.object({
  name: z.string().trim().min(1, 'services.enter-name').max(100),
  description: z.string().max(2000).default(''),
  defaultPrice: Money.default(0),
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
