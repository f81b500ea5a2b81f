import { queryOptions } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';

/** `GET /api/customer/squeegee-credit-pricing?quantity=`: `{ amount, taxPercentage }` (spec 000 section 7). */
export const creditPricingQuery = (quantity: number) =>
  queryOptions({
    queryKey: ['credit-pricing', quantity],
    queryFn: () =>
      answer(api.customer['squeegee-credit-pricing'].$get({ query: { quantity: String(quantity) } })),
    retry: false,
  });
