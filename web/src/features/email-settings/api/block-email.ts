import type { Me } from '@roundwise/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { meQuery } from '../../../lib/me';

/** `POST /api/account/email-settings/blocklist` `{ email }` (the server makes the spec's checks too). */
export function useBlockEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.post<Me>('/account/email-settings/blocklist', { email }),
    onSuccess: (me) => client.setQueryData(meQuery.queryKey, me),
  });
}
