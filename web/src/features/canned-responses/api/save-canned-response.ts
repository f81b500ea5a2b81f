import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';
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
      answer(
        api.account['canned-responses'][':id'].$put({ param: { id: encodeURIComponent(id) }, json: body }),
      ),
    onSuccess: (me) => client.setQueryData(meQuery.queryKey, me),
  });
}
