import { queryOptions } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';

/** How many people the account has or has invited (`GET /api/users`): the "invite a user" step. */
export const usersCountQuery = queryOptions({
  queryKey: ['users', 'count'],
  queryFn: async () => {
    const { users, invitations } = await answer(api.users.$get());
    return users.length + invitations.length;
  },
  staleTime: 30_000,
});
