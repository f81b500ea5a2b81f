import type { Me } from '@roundwise/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { meQuery } from '../../../lib/me';

export interface CannedResponseInput {
  id: string;
  title: string;
  message: string;
  tags: string[];
}

/** `PUT /api/account/canned-responses/{id}`: adds or replaces one; answers the new `Me`. */
export function useSaveCannedResponse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CannedResponseInput) =>
      api.put<Me>(`/account/canned-responses/${encodeURIComponent(id)}`, body),
    onSuccess: (me) => client.setQueryData(meQuery.queryKey, me),
  });
}
