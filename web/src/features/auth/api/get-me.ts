import type { Me } from '@roundwise/core/accounts/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: () => api.get<Me>('/me'),
  staleTime: 60_000,
});

export const useMe = () => useQuery(meQueryOptions);
