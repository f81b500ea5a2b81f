import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';

/** `POST /api/notifications/mark_as_read` `{ notificationIds }`. */
export function useMarkAsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (notificationIds: string[]) => api.post('/notifications/mark_as_read', { notificationIds }),
    onSettled: () => client.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
