import type { Portal } from '@roundwise/core';
import { useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';

/** `GET /api/directory/analytics?period=`: the period's tiles, bars and leads, worked out on the server. */
export const getAnalytics = (period: Portal.AnalyticsPeriod) =>
  answer(api.directory.analytics.$get({ query: { period } }));

export type Analytics = Awaited<ReturnType<typeof getAnalytics>>;
export type AnalyticsLead = Analytics['leads'][number];

/** The analytics of a period, online only; kept a minute (counts move slowly). */
export const useAnalytics = (period: Portal.AnalyticsPeriod) =>
  useQuery({
    queryKey: ['portal', 'analytics', period],
    queryFn: () => getAnalytics(period),
    staleTime: 60_000,
  });
