import { useMutation } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http.ts';

/** `POST /api/auth/password-reset/request`: 202 whether or not the email has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => answer(api.auth['password-reset'].request.$post({ json: { email } })),
  });
}

/** `POST /api/auth/password-reset/confirm`: the mailed link's token and the new password. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      answer(api.auth['password-reset'].confirm.$post({ json: input })),
  });
}
