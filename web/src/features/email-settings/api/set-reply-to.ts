import type { Me } from '@roundwise/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { meQuery } from '../../../lib/me';

/** `PUT /api/account/email-settings/reply-to` `{ customReplyTo }`; answers the new `Me`. */
export function useSetReplyTo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (customReplyTo: string) => api.put<Me>('/account/email-settings/reply-to', { customReplyTo }),
    onSuccess: (me) => client.setQueryData(meQuery.queryKey, me),
  });
}
