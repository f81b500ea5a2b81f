import { useMutation, useQueryClient } from '@tanstack/react-query';
import { creditsQuery } from '../../../lib/credits';
import { answer, api } from '../../../lib/http';

/** `POST /api/customer/purchase-sms-credits` `{ amount }`: `{ success, credits, error }` (spec 000 section 7). */
export function usePurchaseCredits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) => answer(api.customer['purchase-sms-credits'].$post({ json: { amount } })),
    onSuccess: (answer) => {
      if (answer.success && typeof answer.credits === 'number')
        client.setQueryData(creditsQuery.queryKey, { squeegeeCredits: answer.credits });
    },
  });
}
