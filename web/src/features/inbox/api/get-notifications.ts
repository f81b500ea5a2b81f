import { AppError, type Notifications } from '@roundwise/core';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/http';

/** Spec 002 section 9: notification pages of 30. */
export const PAGE_SIZE = 30;

/** The inbox's server-side folders and the filters each asks `GET /api/notifications` for. */
export const FOLDER_FILTERS = {
  inbox: { inbound: 'true' },
  unread: { inbound: 'true', unreadOnly: 'true' },
  sent: { outbound: 'true' },
  scheduled: { scheduled: 'true' },
} as const satisfies Record<string, Record<string, string>>;
export type ServerFolder = keyof typeof FOLDER_FILTERS;

interface NotificationsAnswer {
  success: boolean;
  notifications: Notifications.Notification[];
  error?: string;
}

/** `GET /api/notifications?take&skip&<filters>`, newest first, 30 at a time. */
export const notificationsQuery = (folder: ServerFolder) =>
  infiniteQueryOptions({
    queryKey: ['notifications', 'list', folder],
    queryFn: async ({ pageParam }) => {
      const answer = await api.get<NotificationsAnswer>(
        `/notifications?${new URLSearchParams({ take: String(PAGE_SIZE), skip: String(pageParam), ...FOLDER_FILTERS[folder] })}`,
      );
      if (!answer.success) throw new AppError('internal', answer.error || 'general.server-error');
      return answer.notifications;
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.length < PAGE_SIZE ? undefined : pages.length * PAGE_SIZE),
  });
