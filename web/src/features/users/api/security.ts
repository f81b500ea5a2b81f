import { queryOptions } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';

/** `GET /api/users/security` (route `users/audit`): security events per person, from the audit log. */
export const securityQuery = queryOptions({
  queryKey: ['users', 'security'],
  queryFn: async () => (await answer(api.users.security.$get())).users,
});
