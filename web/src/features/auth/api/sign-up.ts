import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http.ts';
import { meQuery } from '../../../lib/me.ts';

export type SignUpInput = { email: string; password: string; name: string; businessName: string };

/** `POST /api/auth/signup`: creates the business and its Owner, signs in, mails a verification link. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignUpInput) => answer(api.auth.signup.$post({ json: input })),
    onSuccess: (me) => queryClient.setQueryData(meQuery.queryKey, me),
  });
}
