import { queryOptions } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';

/** `GET /api/send/get-new-audience-members/{campaignId}` (ongoing campaigns only). */
export const newMembersQuery = (campaignId: string, enabled: boolean) =>
  queryOptions({
    queryKey: ['send', 'new-members', campaignId],
    queryFn: async () =>
      (
        await answer(
          api.send['get-new-audience-members'][':campaignId'].$get({
            param: { campaignId: encodeURIComponent(campaignId) },
          }),
        )
      ).data,
    enabled,
    refetchInterval: enabled ? 10_000 : false,
  });
