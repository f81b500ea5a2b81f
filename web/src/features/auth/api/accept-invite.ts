import type { Role } from '@roundwise/core/access/model';
import type { Me } from '@roundwise/core/accounts/schema';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http.ts';
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
    queryFn: () => api.post<InvitationOffer>('/auth/invitation', { token }),
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
      api.post<Me>('/auth/accept-invite', input),
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
    mutationFn: (token: string) => api.post<{ ok: true }>('/auth/decline-invite', { token }),
  });
}
