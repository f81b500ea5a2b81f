import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from './http';

/** Spec 000 section 9 and 002 section 9: the unread count is cached for 15 s. */
export const UNREAD_CACHE_MS = 15_000;

/**
 * `GET /api/notifications/unread_count`: the inbox's badge in the drawer and in the inbox's own
 * navigation. On a failure the query keeps the last count it had (the spec's cached value).
 */
export const unreadCountQuery = queryOptions({
  queryKey: ['notifications', 'unread-count'],
  queryFn: () => answer(api.notifications.unread_count.$get()),
  staleTime: UNREAD_CACHE_MS,
  refetchInterval: UNREAD_CACHE_MS,
  retry: false,
});

export function useUnreadCount(enabled: boolean): number {
  return useQuery({ ...unreadCountQuery, enabled }).data?.count ?? 0;
}
