import { newId } from '@roundwise/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';

/** The `notifications.retry` command: a failed message goes back to pending with a new created date. */
export function useRetryMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post('/commands/notifications.retry', { commandId: newId(), input: { _id: id } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
