import { useMutation, useQueryClient } from '@tanstack/react-query';
import { creditsQuery } from '../../../lib/credits';
import { answer, api } from '../../../lib/http';

/**
 * `POST /api/customer/purchase-sms-credits` `{ amount, purchaseId }`: `{ success, credits, error }`
 * (spec 000 section 7). `purchaseId` is the purchase's idempotency key: made once per attempt and
 * sent again with its retries, so a retry is the same purchase (docs/money.md).
 */
export function usePurchaseCredits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (purchase: { amount: number; purchaseId: string }) =>
      answer(api.customer['purchase-sms-credits'].$post({ json: purchase })),
    onSuccess: (answer) => {
      if (answer.success && typeof answer.credits === 'number')
        client.setQueryData(creditsQuery.queryKey, { squeegeeCredits: answer.credits });
    },
  });
}
