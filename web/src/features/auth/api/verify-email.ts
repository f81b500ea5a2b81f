import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http.ts';
import { meQuery } from '../../../lib/me.ts';

export const verifyEmail = (token: string) => api.post<{ ok: true }>('/auth/verify-email', { token });

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
    mutationFn: () => api.post<{ ok: true; alreadyVerified?: boolean }>('/auth/resend-verification'),
  });
}
