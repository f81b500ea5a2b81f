import type { Role } from '@roundwise/core/access/model';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http.ts';
import { meQuery } from '../../../lib/me.ts';

export interface InvitationOffer {
  businessName: string;
  email: string;
  roles: Role[];
  /** The address already has a Roundwise account: accepting asks for its password. */
  hasAccount: boolean;
}

/**
 * `POST /api/auth/invitation`: what the mailed link offers (read only; the token stays in the
 * body). The token is kept out of the query key and the answer is dropped once the page closes,
 * so neither lands in the offline cache.
 */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation-offer'],
    queryFn: () => answer(api.auth.invitation.$post({ json: { token } })),
    retry: false,
    gcTime: 0,
  });

/**
 * `POST /api/auth/accept-invite`: joins the business and signs in. Someone new chooses a password
 * (and may correct their name); someone with an account gives its password.
 */
export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; password: string; name?: string }) =>
      answer(api.auth['accept-invite'].$post({ json: input })),
    onSuccess: (me) => {
      // A different person may have been signed in on this device: nothing of theirs may stay.
      queryClient.clear();
      queryClient.setQueryData(meQuery.queryKey, me);
    },
  });
}

/** `POST /api/auth/decline-invite`: the invitation and its link are deleted. */
export function useDeclineInvite() {
  return useMutation({
    mutationFn: (token: string) => answer(api.auth['decline-invite'].$post({ json: { token } })),
  });
}
