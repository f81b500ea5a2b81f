import { AppError, newId } from '@roundwise/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';

/**
 * `PUT /api/notifications/schedule/cancel` `{ notifications }` (ids); the answer's `success` says
 * whether it worked. Sent under an `Idempotency-Key` made once per cancel (the mutation's
 * variables), so a retried request is the same cancel (docs/money.md).
 */
export function useCancelScheduled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, key }: { ids: string[]; key: string }) => {
      const cancelled = await answer(
        api.notifications.schedule.cancel.$put(
          { json: { notifications: ids } },
          { headers: { 'idempotency-key': key } },
        ),
      );
      if (!cancelled.success) throw new AppError('internal', 'failed.to-cancel');
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

/** The variables of one cancel: its ids and the key every retry of it carries. */
export const cancelOf = (ids: string[]) => ({ ids, key: newId() });
