import type { Role } from '@roundwise/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface Assignable {
  userId: string;
  email: string;
  name: string;
  roles: Role[];
  deactivated: boolean;
}

/**
 * The account's users a job can be assigned to: `GET /api/users` (Owner, Admin; docs/api.md), the
 * same call and cache key as the users screen. Online only: offline the last answer is used.
 */
export const accountUsersQuery = queryOptions({
  queryKey: ['users'],
  queryFn: async () => (await api.get<{ users: Assignable[] }>('/users')).users,
  staleTime: 5 * 60_000,
  retry: false,
});
