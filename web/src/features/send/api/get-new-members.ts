import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/http';

/** `GET /api/send/get-new-audience-members/{campaignId}` (ongoing campaigns only). */
export const newMembersQuery = (campaignId: string, enabled: boolean) =>
  queryOptions({
    queryKey: ['send', 'new-members', campaignId],
    queryFn: async () =>
      (
        await api.get<{ success: boolean; data: string[] }>(
          `/send/get-new-audience-members/${encodeURIComponent(campaignId)}`,
        )
      ).data,
    enabled,
    refetchInterval: enabled ? 10_000 : false,
  });
