import { newId } from '@roundwise/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';

/**
 * 'Restore' on a deleted customer's entry (`POST /api/audit/restore`), and setting a field back
 * to its value before an entry (`POST /api/audit/restore-value`). Each is a command on the server
 * (audited, once per commandId: a retry of the same tap restores once); the records come back to
 * every device through sync.
 */
export function useRestore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { cursor: string } | { cursor: string; id: string; field: string }) =>
      api.post<{ result: unknown }>('id' in input ? '/audit/restore-value' : '/audit/restore', {
        ...input,
        commandId: newId(),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['audit'] }),
  });
}

/** `POST /api/audit/events/fake` (developer mode): 20 test entries. */
export function useAddTestEntries() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ added: number }>('/audit/events/fake'),
    onSuccess: () => client.invalidateQueries({ queryKey: ['audit'] }),
  });
}
