import { queryOptions } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';

/** The account's active people to choose team members from (`GET /api/users`, Owner/Admin). */
export const teamMembersQuery = queryOptions({
  queryKey: ['users', 'team-members'],
  queryFn: async () => {
    const { users } = await answer(api.users.$get());
    return users.filter((u) => !u.deactivated).map((u) => ({ userId: u.userId, name: u.name || u.email }));
  },
});
