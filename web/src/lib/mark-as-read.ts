import { Notifications } from '@roundwise/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useCommand } from './commands/use-command';
import { unreadCountQuery } from './unread-count';

/**
 * Marks messages read (spec 000 section 7, `mark_as_read`), for the thread and the inbox alike,
 * through the `notifications.mark-read` command, so it works offline too; the unread count is
 * asked again once it has been applied.
 */
export function useMarkAsRead() {
  const client = useQueryClient();
  const command = useCommand(Notifications.markRead);
  const { mutate } = command;
  return useCallback(
    (notificationIds: string[]) =>
      mutate(
        { notificationIds },
        { onSettled: () => client.invalidateQueries({ queryKey: unreadCountQuery.queryKey }) },
      ),
    [mutate, client],
  );
}
