import type { Role } from '@roundwise/core/access/model';
import type { Me } from '@roundwise/core/accounts/schema';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';
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
  queryFn: async () => (await answer(api.me.invitations.$get())).invitations,
});

/**
 * `POST /api/me/invitations/:accountId/accept|decline`. Accepting answers the new `me`: its
 * memberships include the business, so the accounts menu offers it at once.
 */
export function useAnswerInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ accountId, answer: reply }: { accountId: string; answer: 'accept' | 'decline' }) => {
      const param = { accountId: encodeURIComponent(accountId) };
      const invitation = api.me.invitations[':accountId'];
      return reply === 'accept'
        ? answer(invitation.accept.$post({ param }))
        : answer(invitation.decline.$post({ param }));
    },
    onSuccess: (result, { answer }) => {
      if (answer === 'accept') client.setQueryData(meQuery.queryKey, result as Me);
      return client.invalidateQueries({ queryKey: openInvitationsQuery.queryKey });
    },
  });
}
