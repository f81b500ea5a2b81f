import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';
import { meQuery } from '../../../lib/me';

/**
 * Switches bulk SMS on for the account (the campaign form's link, spec 002 section 6) through
 * `PATCH /api/account`; its answer is the new `Me`, so the form and the commands see it at once.
 */
export function useEnableBulkSms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => answer(api.account.$patch({ json: { settings: { bulkSms: true } } })),
    onSuccess: (me) => client.setQueryData(meQuery.queryKey, me),
  });
}
