import type { FeatureFlag, Me } from '@roundwise/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { meQuery } from '../../../lib/me';

/** `PATCH /api/account` `{ flags }` (Owner): the account's features; answers the new `Me`. */
export function useUpdateFeatures() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (flags: FeatureFlag[]) => api.patch<Me>('/account', { flags }),
    onSuccess: (me) => client.setQueryData(meQuery.queryKey, me),
  });
}
