import { AppError } from '@roundwise/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';

/** `PUT /api/notifications/schedule/cancel` `{ notifications }` (ids); the answer's `success` says whether it worked. */
export function useCancelScheduled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      const cancelled = await answer(
        api.notifications.schedule.cancel.$put({ json: { notifications: ids } }),
      );
      if (!cancelled.success) throw new AppError('internal', 'failed.to-cancel');
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
