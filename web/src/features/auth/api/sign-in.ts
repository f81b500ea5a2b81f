import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http.ts';
import { meQuery } from '../../../lib/me.ts';

export type SignInInput = { email: string; password: string };

export const signIn = (input: SignInInput) => answer(api.auth.login.$post({ json: input }));

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (me) => queryClient.setQueryData(meQuery.queryKey, me),
  });
}
