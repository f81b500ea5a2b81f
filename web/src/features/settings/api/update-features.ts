import type { FeatureFlag } from '@roundwise/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';
import { meQuery } from '../../../lib/me';

/** `PATCH /api/account` `{ flags }` (Owner): the account's features; answers the new `Me`. */
export function useUpdateFeatures() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (flags: FeatureFlag[]) => answer(api.account.$patch({ json: { flags } })),
    onSuccess: (me) => client.setQueryData(meQuery.queryKey, me),
  });
}
