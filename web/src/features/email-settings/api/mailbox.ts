import type { EmailEngine } from '@roundwise/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, answer, api } from '../../../lib/http';
import { meQuery } from '../../../lib/me';

const engine = api['email-engine'];

/** `GET /api/email-engine/account`: the connected mailbox (never its passwords), its state and quota. */
export const mailboxQuery = queryOptions({
  queryKey: ['email-engine', 'account'],
  queryFn: () => answer(engine.account.$get()),
});
export type MailboxAnswer = Answer<Awaited<ReturnType<typeof engine.account.$get>>>;
export type Mailbox = NonNullable<MailboxAnswer['account']>;

/** The mailbox while it is connecting: looked at again every 2 s until the worker has it. */
export function useMailbox() {
  return useQuery({
    ...mailboxQuery,
    refetchInterval: (q) => (q.state.data?.account?.state === 'connecting' ? 2000 : false),
  });
}

/** `POST /api/email-engine/verify-account`: the servers' own answers, never a throw for a refusal. */
export function useVerifyAccount() {
  return useMutation({
    mutationFn: (servers: EmailEngine.MailServers) =>
      answer(engine['verify-account'].$post({ json: servers })),
  });
}
export type VerifyAnswer = Answer<Awaited<ReturnType<(typeof engine)['verify-account']['$post']>>>;

/** The mailbox and the account's provider changed: both read again. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: mailboxQuery.queryKey }),
      client.invalidateQueries({ queryKey: meQuery.queryKey }),
    ]);
}

/** `POST /api/email-engine/account`: stored, and the account two-way, once both servers verify. */
export function useConnectAccount() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (servers: EmailEngine.MailServers) => answer(engine.account.$post({ json: servers })),
    onSuccess: refresh,
  });
}

/** `DELETE /api/email-engine/account`: the account goes back to one-way. */
export function useDisconnectAccount() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: () => answer(engine.account.$delete()), onSuccess: refresh });
}

/** `PUT /api/email-engine/account/sync`: every folder read again (the ids keep each mail once). */
export function useSyncAccount() {
  return useMutation({ mutationFn: () => answer(engine.account.sync.$put()) });
}

/** `PUT /api/email-engine/account/reconnect`. */
export function useReconnectAccount() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: () => answer(engine.account.reconnect.$put()), onSuccess: refresh });
}

/** `GET /api/email-engine/get-auto-mail-server-config?email=`: the servers an address suggests. */
export const autoConfig = (email: string) =>
  answer(engine['get-auto-mail-server-config'].$get({ query: { email } }));
