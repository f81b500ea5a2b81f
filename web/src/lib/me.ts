import { actorFromMe, isAppError, type Me, type UserSettings } from '@roundwise/core';
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import { answer, api } from './http';

/** `GET /api/me`: who is signed in, in which account (docs/api.md). */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: () => answer(api.me.$get()),
  staleTime: 60_000,
});

/** Whether this page has had `me` from the API yet (a restored copy may be days old). */
let confirmed = false;

/**
 * How long a poor signal may hold up opening the app when the device holds a `me`: after that
 * the cached copy opens it and the API's answer is taken when it comes. A van on one bar of
 * signal can take many seconds (or a TCP timeout) to answer, and the cached copy is what an
 * offline start uses anyway; the server checks every request whatever the copy says.
 */
export const ME_GRACE_MS = 1500;

/**
 * The `me` the app layout opens with. The first time on a page it is asked of the API even when
 * the offline cache restored one (that copy may be old, or the session gone); after that the
 * cached one, so navigating never waits on the network (`useMe` refreshes it in the background
 * when stale). When the API cannot be reached (no signal), or has not answered within
 * `ME_GRACE_MS` (a poor one), the cached copy opens the app. A refusal (401: signed out) is
 * thrown, never hidden behind the cache; one that arrives after the app opened on the cached copy
 * goes to `onSignedOut`.
 *
 * `restored` is the offline cache's restore: the request starts without waiting for it (the app
 * start asks both at once); the cached copy is read only once it has landed. An answer from the
 * API is newer than the restored copy, so the restore does not overwrite it (TanStack's hydrate
 * keeps the newer data).
 */
export async function loadMe(
  client: QueryClient,
  restored: Promise<unknown> = Promise.resolve(),
  options: { graceMs?: number; onSignedOut?: () => void } = {},
): Promise<Me> {
  const cached = async () => {
    await restored;
    return client.getQueryData<Me>(meQuery.queryKey);
  };
  if (confirmed) {
    const me = await cached();
    if (me) return me;
  }
  // `always`: offline, fail at once (and fall back) rather than wait paused for a connection.
  const fromApi = client
    .fetchQuery({ ...meQuery, staleTime: 0, retry: false, networkMode: 'always' })
    .then((me) => {
      confirmed = true;
      return me;
    });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<'slow'>((resolve) => {
    timer = setTimeout(() => resolve('slow'), options.graceMs ?? ME_GRACE_MS);
  });
  try {
    const first = await Promise.race([fromApi, slow]).finally(() => clearTimeout(timer));
    if (first !== 'slow') return first;
    const me = await cached();
    if (!me) return await fromApi;
    // Opened on the cached copy; the answer still lands in the cache, a refusal signs out.
    fromApi.catch((error: unknown) => {
      if (isAppError(error) && error.kind === 'unauthenticated') options.onSignedOut?.();
    });
    return me;
  } catch (error) {
    const me = isAppError(error) && error.kind === 'offline' ? await cached() : undefined;
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
      answer(api.me.$patch({ json: patch })),
    onSuccess: (me) => client.setQueryData(meQuery.queryKey, me),
  });
}
