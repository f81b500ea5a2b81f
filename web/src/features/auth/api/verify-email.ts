import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http.ts';
import { meQuery } from '../../../lib/me.ts';

export const verifyEmail = (token: string) => answer(api.auth['verify-email'].$post({ json: { token } }));

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQuery.queryKey }),
  });
}

/** `POST /api/auth/resend-verification` (needs the session): mails a new link. */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => answer(api.auth['resend-verification'].$post()),
  });
}
