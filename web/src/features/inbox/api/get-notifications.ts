import { AppError } from '@roundwise/core';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';

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

/** `GET /api/notifications?take&skip&<filters>`, newest first, 30 at a time. */
export const notificationsQuery = (folder: ServerFolder) =>
  infiniteQueryOptions({
    queryKey: ['notifications', 'list', folder],
    queryFn: async ({ pageParam }) => {
      const page = await answer(
        api.notifications.$get({
          query: { take: String(PAGE_SIZE), skip: String(pageParam), ...FOLDER_FILTERS[folder] },
        }),
      );
      if (!page.success) throw new AppError('internal', page.error || 'general.server-error');
      return page.notifications;
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.length < PAGE_SIZE ? undefined : pages.length * PAGE_SIZE),
  });
