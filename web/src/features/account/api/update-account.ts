import type { Level } from '@roundwise/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';
import { meQuery } from '../../../lib/me';

/** `PATCH /api/account` (Owner): business name and account settings; answers the new `Me`. */
export function useUpdateAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: {
      businessName?: string;
      settings?: { businessAddress?: { addressDescription: string; lngLat?: [number, number] } };
    }) => answer(api.account.$patch({ json: patch })),
    onSuccess: (me) => client.setQueryData(meQuery.queryKey, me),
  });
}

/** `POST /api/account/subscription` `{ level }` (Owner). */
export function useChooseLevel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (level: Level) => answer(api.account.subscription.$post({ json: { level } })),
    onSuccess: (answer) => client.setQueryData(meQuery.queryKey, answer.me),
  });
}
