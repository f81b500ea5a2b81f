import { queryOptions } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';

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
      (await answer(api.notifications.oldest.$get({ query: { customerId } }))).notification,
    staleTime: OLDEST_CACHE_MS,
  });
