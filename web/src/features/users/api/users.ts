import type { Role } from '@roundwise/core';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';

export interface AccountUser {
  userId: string;
  email: string;
  name: string;
  emailVerified: boolean;
  invited: boolean;
  roles: Role[];
  deactivated: boolean;
}

/** `GET /api/users` (Owner, Admin). */
export const usersQuery = queryOptions({
  queryKey: ['users'],
  queryFn: async () => (await api.get<{ users: AccountUser[] }>('/users')).users,
});

/** `POST /api/users/invite` `{ email, name, roles }`. */
export function useInviteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; name: string; roles: Role[] }) => api.post('/users/invite', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['users'] }),
  });
}

/** `PATCH /api/users/:userId` `{ roles?, deactivated? }`. */
export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...body }: { userId: string; roles?: Role[]; deactivated?: boolean }) =>
      api.patch(`/users/${encodeURIComponent(userId)}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['users'] }),
  });
}
