import type { Me } from '@roundwise/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { meQuery } from '../../../lib/me';

/** `DELETE /api/account/canned-responses/{id}`; answers the new `Me`. */
export function useDeleteCannedResponse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<Me>(`/account/canned-responses/${encodeURIComponent(id)}`),
    onSuccess: (me) => client.setQueryData(meQuery.queryKey, me),
  });
}
