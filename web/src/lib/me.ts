import { actorFromMe, type Me, type UserSettings } from '@roundwise/core';
import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from './api';

/** `GET /api/me`: who is signed in, in which account (docs/api.md). */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: () => api.get<Me>('/me'),
  staleTime: 60_000,
});

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
