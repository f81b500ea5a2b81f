import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';
import { meQuery } from '../../../lib/me';

/** `PUT /api/account/email-settings/reply-to` `{ customReplyTo }`; answers the new `Me`. */
export function useSetReplyTo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (customReplyTo: string) =>
      answer(api.account['email-settings']['reply-to'].$put({ json: { customReplyTo } })),
    onSuccess: (me) => client.setQueryData(meQuery.queryKey, me),
  });
}
