import type { Me } from '@roundwise/core/accounts/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http.ts';
import { meQuery } from '../../../lib/me.ts';

export type SignUpInput = { email: string; password: string; name: string; businessName: string };

/** `POST /api/auth/signup`: creates the business and its Owner, signs in, mails a verification link. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignUpInput) => api.post<Me>('/auth/signup', input),
    onSuccess: (me) => queryClient.setQueryData(meQuery.queryKey, me),
  });
}
