import type { Notifications } from '@roundwise/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/http';

/** `GET /api/notifications/get/{id}`: `{ success, notification, error }` (spec 002 section 7). */
export const notificationQuery = (id: string) =>
  queryOptions({
    queryKey: ['notifications', 'one', id],
    queryFn: async () => {
      const answer = await api.get<{
        success: boolean;
        notification?: Notifications.Notification;
        error?: string;
      }>(`/notifications/get/${encodeURIComponent(id)}`);
      return answer.success ? (answer.notification ?? null) : null;
    },
  });

/** The server's own page for a message whose customer this device does not hold. */
export const serverViewUrl = (id: string) => `/api/notifications/view/${encodeURIComponent(id)}`;
