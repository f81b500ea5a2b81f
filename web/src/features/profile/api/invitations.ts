import type { Role } from '@roundwise/core/access/model';
import type { Me } from '@roundwise/core/accounts/schema';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { meQuery } from '../../../lib/me';

export interface OpenInvitation {
  accountId: string;
  businessName: string;
  roles: Role[];
  expiresAt: string;
}

/** `GET /api/me/invitations`: the offers to the signed-in user's address that can be accepted now. */
export const openInvitationsQuery = queryOptions({
  queryKey: ['invitations', 'mine'],
  queryFn: async () => (await api.get<{ invitations: OpenInvitation[] }>('/me/invitations')).invitations,
});

/**
 * `POST /api/me/invitations/:accountId/accept|decline`. Accepting answers the new `me`: its
 * memberships include the business, so the accounts menu offers it at once.
 */
export function useAnswerInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, answer }: { accountId: string; answer: 'accept' | 'decline' }) =>
      api.post<Me | { ok: true }>(`/me/invitations/${encodeURIComponent(accountId)}/${answer}`),
    onSuccess: (result, { answer }) => {
      if (answer === 'accept') client.setQueryData(meQuery.queryKey, result as Me);
      return client.invalidateQueries({ queryKey: openInvitationsQuery.queryKey });
    },
  });
}
