import type { Me } from '@roundwise/core/accounts/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http.ts';
import { meQuery } from '../../../lib/me.ts';

/** `POST /api/auth/accept-invite`: sets the invited person's password and signs them in. */
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
