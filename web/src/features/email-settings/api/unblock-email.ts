import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';
import { meQuery } from '../../../lib/me';

/** `DELETE /api/account/email-settings/blocklist/{email}`; answers the new `Me`. */
export function useUnblockEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      answer(
        api.account['email-settings'].blocklist[':email'].$delete({
          param: { email: encodeURIComponent(email) },
        }),
      ),
    onSuccess: (me) => client.setQueryData(meQuery.queryKey, me),
  });
}
