import { newId } from '@roundwise/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';

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
      'id' in input
        ? answer(api.audit['restore-value'].$post({ json: { ...input, commandId: newId() } }))
        : answer(api.audit.restore.$post({ json: { ...input, commandId: newId() } })),
    onSuccess: () => client.invalidateQueries({ queryKey: ['audit'] }),
  });
}

/** `POST /api/audit/events/fake` (developer mode): 20 test entries. */
export function useAddTestEntries() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => answer(api.audit.events.fake.$post()),
    onSuccess: () => client.invalidateQueries({ queryKey: ['audit'] }),
  });
}
