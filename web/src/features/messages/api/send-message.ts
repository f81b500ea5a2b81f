import { newId } from '@roundwise/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';

export interface MessageDraft {
  customerId: string;
  type: 'Email' | 'SMS';
  message: string;
  subject?: string;
  sendAtSecondsTimestamp?: number;
}

/** The `notifications.send` command: a message is a local save that syncs (spec 000 section 7). */
export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MessageDraft) =>
      api.post('/commands/notifications.send', { commandId: newId(), input: { _id: newId(), ...input } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
