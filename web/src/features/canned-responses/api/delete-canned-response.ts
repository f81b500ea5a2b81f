import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';
import { meQuery } from '../../../lib/me';

/** `DELETE /api/account/canned-responses/{id}`; answers the new `Me`. */
export function useDeleteCannedResponse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      answer(api.account['canned-responses'][':id'].$delete({ param: { id: encodeURIComponent(id) } })),
    onSuccess: (me) => client.setQueryData(meQuery.queryKey, me),
  });
}
