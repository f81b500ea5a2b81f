import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './http';

/**
 * The account's message-credit balance, which the email settings and the inbox's navigation show
 * (spec 002 sections 2.1 and 2.3) and which a purchase or a send changes. Polled every 10 s
 * (spec 002 section 9: "Credits refresh every 10 s").
 */
export const CREDITS_POLL_MS = 10_000;

export const creditsQuery = queryOptions({
  queryKey: ['credits'],
  queryFn: () => api.get<{ credits: number }>('/customer/credits'),
  refetchInterval: CREDITS_POLL_MS,
});

/** The balance, or undefined while unknown (offline, not loaded yet). */
export function useCredits(): number | undefined {
  return useQuery(creditsQuery).data?.credits;
}
