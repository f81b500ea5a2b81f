import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';
import { meQuery } from '../../../lib/me';

/** `POST /api/account/email-settings/blocklist` `{ email }` (the server makes the spec's checks too). */
export function useBlockEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => answer(api.account['email-settings'].blocklist.$post({ json: { email } })),
    onSuccess: (me) => client.setQueryData(meQuery.queryKey, me),
  });
}
