import { useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';

/**
 * `GET /api/banking-data/suggestions?paymentAccountId`: what each unmatched line most likely is,
 * worked out on the server over the whole books. Asked again whenever the lines change (`version`).
 */
export const useSuggestions = (paymentAccountId: string | undefined, version: string) =>
  useQuery({
    queryKey: ['banking-data', 'suggestions', paymentAccountId, version],
    queryFn: () =>
      answer(api['banking-data'].suggestions.$get({ query: { paymentAccountId: paymentAccountId ?? '' } })),
    enabled: !!paymentAccountId,
    placeholderData: (previous) => previous,
  });
