import { Credits } from '@roundwise/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from './http';
import { useEntity } from './sync/hooks';

/** Spec 002 section 7 and 9: the account's credit balance is polled every 10 s. */
export const CREDITS_POLL_MS = 10_000;

/** `GET /api/customer/squeegee-credits`: `{ squeegeeCredits }`, the balance. */
export const creditsQuery = queryOptions({
  queryKey: ['credits'],
  queryFn: () => answer(api.customer['squeegee-credits'].$get()),
  refetchInterval: CREDITS_POLL_MS,
  retry: false,
});

/**
 * The account's message-credit balance, which the email settings and the inbox's navigation show
 * (spec 002 sections 2.1 and 2.3): the polled answer, else the synced balance record (offline),
 * else the starting credits of an account that has used none yet.
 */
export function useCredits(): number {
  const polled = useQuery(creditsQuery).data?.squeegeeCredits;
  const synced = useEntity<Credits.CreditBalance>('creditBalance', Credits.BALANCE_ID);
  return polled ?? synced?.balance ?? Credits.STARTING_CREDITS;
}
