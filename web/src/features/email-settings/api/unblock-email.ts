import type { Me } from '@roundwise/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { meQuery } from '../../../lib/me';

/** `DELETE /api/account/email-settings/blocklist/{email}`; answers the new `Me`. */
export function useUnblockEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      api.delete<Me>(`/account/email-settings/blocklist/${encodeURIComponent(email)}`),
    onSuccess: (me) => client.setQueryData(meQuery.queryKey, me),
  });
}
