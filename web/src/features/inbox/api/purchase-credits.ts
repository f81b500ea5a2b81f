import { useMutation, useQueryClient } from '@tanstack/react-query';
import { creditsQuery } from '../../../lib/credits';
import { api } from '../../../lib/http';

export interface PurchaseAnswer {
  success: boolean;
  credits?: number;
  error?: string;
}

/** `POST /api/customer/purchase-sms-credits` `{ amount }`: `{ success, credits, error }` (spec 000 section 7). */
export function usePurchaseCredits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) => api.post<PurchaseAnswer>('/customer/purchase-sms-credits', { amount }),
    onSuccess: (answer) => {
      if (answer.success && typeof answer.credits === 'number')
        client.setQueryData(creditsQuery.queryKey, { squeegeeCredits: answer.credits });
    },
  });
}
