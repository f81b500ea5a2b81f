import type { Me } from '@roundwise/core/accounts/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http.ts';
import { meQuery } from '../../../lib/me.ts';

export type SignInInput = { email: string; password: string };

export const signIn = (input: SignInInput) => api.post<Me>('/auth/login', input);

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (me) => queryClient.setQueryData(meQuery.queryKey, me),
  });
}
