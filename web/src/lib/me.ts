import { actorFromMe, type Me, type UserSettings } from '@roundwise/core';
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, OfflineError } from './api';

/** `GET /api/me`: who is signed in, in which account (docs/api.md). */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: () => api.get<Me>('/me'),
  staleTime: 60_000,
});

/**
 * The `me` the app layout opens with: the cached answer while fresh; else asked again, once, and
 * when the API cannot be reached (no signal) the cached answer from the offline cache, so the app
 * opens offline. A refusal (401: signed out) is thrown, never hidden behind the cache.
 */
export async function loadMe(client: QueryClient): Promise<Me> {
  const cached = client.getQueryData<Me>(meQuery.queryKey);
  try {
    // `always`: offline, fail at once (and fall back) rather than wait paused for a connection.
    return await client.fetchQuery({ ...meQuery, retry: false, networkMode: 'always' });
  } catch (error) {
    if (cached && error instanceof OfflineError) return cached;
    throw error;
  }
}

export const useMe = () => useSuspenseQuery(meQuery).data;

/** The actor the route table and the commands check, built from `GET /api/me`. */
export function useActor() {
  const me = useMe();
  return useMemo(() => actorFromMe(me), [me]);
}

/** `PATCH /api/me` (name, developer mode, personal settings); the answer is the new `Me`. */
export function useUpdateMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: { name?: string; developerMode?: boolean; settings?: Partial<UserSettings> }) =>
      api.patch<Me>('/me', patch),
    onSuccess: (me) => client.setQueryData(meQuery.queryKey, me),
  });
}
