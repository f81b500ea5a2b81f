import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/http';

/** The account's active people to choose team members from (`GET /api/users`, Owner/Admin). */
export const teamMembersQuery = queryOptions({
  queryKey: ['users', 'team-members'],
  queryFn: async () => {
    const { users } = await api.get<{
      users: { userId: string; name: string; email: string; deactivated: boolean }[];
    }>('/users');
    return users.filter((u) => !u.deactivated).map((u) => ({ userId: u.userId, name: u.name || u.email }));
  },
});
