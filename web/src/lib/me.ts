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

/** Whether this page has had `me` from the API yet (a restored copy may be days old). */
let confirmed = false;

/**
 * The `me` the app layout opens with. The first time on a page it is asked of the API even when
 * the offline cache restored one (that copy may be old, or the session gone); after that the
 * cached one, so navigating never waits on the network (`useMe` refreshes it in the background
 * when stale). When the API cannot be reached (no signal) the cached copy opens the app offline.
 * A refusal (401: signed out) is thrown, never hidden behind the cache.
 *
 * `restored` is the offline cache's restore: the request starts without waiting for it (the app
 * start asks both at once); the cached copy is read only once it has landed. An answer from the
 * API is newer than the restored copy, so the restore does not overwrite it (TanStack's hydrate
 * keeps the newer data).
 */
export async function loadMe(
  client: QueryClient,
  restored: Promise<unknown> = Promise.resolve(),
): Promise<Me> {
  const cached = async () => {
    await restored;
    return client.getQueryData<Me>(meQuery.queryKey);
  };
  if (confirmed) {
    const me = await cached();
    if (me) return me;
  }
  try {
    // `always`: offline, fail at once (and fall back) rather than wait paused for a connection.
    const me = await client.fetchQuery({ ...meQuery, staleTime: 0, retry: false, networkMode: 'always' });
    confirmed = true;
    return me;
  } catch (error) {
    const me = error instanceof OfflineError ? await cached() : undefined;
    if (me) return me;
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
