import { AppError } from '@roundwise/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';

/** `PUT /api/notifications/schedule/cancel` `{ notifications }` (ids); the answer's `success` says whether it worked. */
export function useCancelScheduled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      const answer = await api.put<{ success?: boolean }>('/notifications/schedule/cancel', {
        notifications: ids,
      });
      if (!answer?.success) throw new AppError('internal', 'failed.to-cancel');
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
