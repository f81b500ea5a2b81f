import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';

/** Spec 002 section 9: the inbound email credit charge defaults to 0.01 credits per email. */
export const DEFAULT_INBOUND_EMAIL_CHARGE = 0.01;

/** `GET /api/environment-settings/inboundEmailCreditsCharge`: credits charged per inbound email. */
export const inboundEmailChargeQuery = queryOptions({
  queryKey: ['environment-settings', 'inboundEmailCreditsCharge'],
  queryFn: () => answer(api['environment-settings'].inboundEmailCreditsCharge.$get()),
  staleTime: 5 * 60_000,
});

/** The charge, the default when the server has none or cannot be reached. */
export function useInboundEmailCharge(): number {
  const charge = useQuery(inboundEmailChargeQuery).data?.inboundEmailCreditsCharge;
  return typeof charge === 'number' && charge > 0 ? charge : DEFAULT_INBOUND_EMAIL_CHARGE;
}

/** The note shows 1 divided by the charge, as emails per credit (0.01 gives 100). */
export const emailsPerCredit = (charge: number) => Math.round((1 / charge) * 100) / 100;
