import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/http';

/**
 * `GET /api/email-engine/{externalId}/content`: the email's HTML. Any failure is null, and the
 * viewer falls back to the message's own text (spec 000 section 7).
 */
export const emailContentQuery = (externalId: string) =>
  queryOptions({
    queryKey: ['email-content', externalId],
    queryFn: async (): Promise<string | null> => {
      try {
        const content = api['email-engine'][':externalId'].content;
        return await (await content.$get({ param: { externalId: encodeURIComponent(externalId) } })).text();
      } catch {
        return null;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
