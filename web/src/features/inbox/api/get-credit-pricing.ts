import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/http';

/** `GET /api/customer/squeegee-credit-pricing?quantity=`: `{ amount, taxPercentage }` (spec 000 section 7). */
export const creditPricingQuery = (quantity: number) =>
  queryOptions({
    queryKey: ['credit-pricing', quantity],
    queryFn: () =>
      api.get<{ amount?: number; taxPercentage?: number }>(
        `/customer/squeegee-credit-pricing?quantity=${quantity}`,
      ),
    retry: false,
  });
