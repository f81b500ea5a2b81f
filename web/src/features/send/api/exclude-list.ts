import { api } from '../../../lib/http';

/** `POST /api/send/add-to-exclude-list/{campaignId}` and `remove-from-exclude-list` (spec 002 section 7). */
export const changeExcludeList = (campaignId: string, customerIds: string[], add: boolean) =>
  api.post<{ data: { success: boolean } }>(
    `/send/${add ? 'add-to' : 'remove-from'}-exclude-list/${encodeURIComponent(campaignId)}`,
    { customerIds },
  );
