import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/http';

/** Spec 000 sections 7 and 9: the oldest-notification lookup is cached 5 minutes (300000 ms). */
export const OLDEST_CACHE_MS = 300_000;

/**
 * `GET /api/notifications/oldest?customerId`: the first message of a customer's thread. A thread
 * that has loaded it asks for no older page, rather than one more request that comes back empty.
 */
export const oldestQuery = (customerId: string) =>
  queryOptions({
    queryKey: ['notifications', 'oldest', customerId],
    queryFn: async () =>
      (
        await api.get<{ notification: { _id: string; createdDate: string } | null }>(
          `/notifications/oldest?${new URLSearchParams({ customerId })}`,
        )
      ).notification,
    staleTime: OLDEST_CACHE_MS,
  });
