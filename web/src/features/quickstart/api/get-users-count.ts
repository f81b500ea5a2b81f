import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/http';

/** How many people the account has (`GET /api/users`): the "invite a user" step. */
export const usersCountQuery = queryOptions({
  queryKey: ['users', 'count'],
  queryFn: async () => (await api.get<{ users: unknown[] }>('/users')).users.length,
  staleTime: 30_000,
});
