import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { useSyncNow } from '../../../lib/sync/hooks';

export interface PurchaseAnswer {
  success: boolean;
  credits?: number;
  error?: string;
}

/**
 * `POST /api/customer/purchase-sms-credits` `{ amount }`: `{ success, credits, error }` (spec 000
 * section 7). The new balance reaches the device by sync, asked for at once.
 */
export function usePurchaseCredits() {
  const syncNow = useSyncNow();
  return useMutation({
    mutationFn: (amount: number) => api.post<PurchaseAnswer>('/customer/purchase-sms-credits', { amount }),
    onSuccess: () => void syncNow().catch(() => {}),
  });
}
