import { queryOptions } from '@tanstack/react-query';

/**
 * `GET /api/email-engine/{externalId}/content`: the email's HTML on 200. Anything else is
 * `undefined`, and the viewer falls back to the message's own text (spec 000 section 7).
 */
export const emailContentQuery = (externalId: string) =>
  queryOptions({
    queryKey: ['email-content', externalId],
    queryFn: async (): Promise<string | null> => {
      const res = await fetch(`/api/email-engine/${encodeURIComponent(externalId)}/content`, {
        credentials: 'include',
      }).catch(() => undefined);
      if (res?.status !== 200) return null;
      const text = await res.text();
      // The body is the HTML itself, or a JSON string or `{ data }` holding it.
      try {
        const parsed: unknown = JSON.parse(text);
        if (typeof parsed === 'string') return parsed;
        if (parsed && typeof parsed === 'object' && typeof (parsed as { data?: unknown }).data === 'string')
          return (parsed as { data: string }).data;
        return null;
      } catch {
        return text;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
