import { AppError, type Notifications } from '@roundwise/core';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';

/** Spec 002 section 9: notification pages of 30. */
export const PAGE_SIZE = 30;

/** The reply shape of the notification lists (spec 000 section 7). */
interface NotificationsAnswer {
  success: boolean;
  notifications: Notifications.Notification[];
  error?: string | null;
}

/** A list answer that says `success: false` is a failure like any other. */
function unwrap(answer: NotificationsAnswer): Notifications.Notification[] {
  if (!answer.success) throw new AppError('internal', answer.error || 'general.server-error');
  return answer.notifications;
}

/**
 * `GET /api/notifications/conversation?take&skip&customerId`: a customer's thread, newest first,
 * a page at a time; the thread asks for older pages as the user scrolls up.
 */
export const conversationQuery = (customerId: string) =>
  infiniteQueryOptions({
    queryKey: ['notifications', 'conversation', customerId],
    queryFn: async ({ pageParam }) =>
      unwrap(
        await answer(
          api.notifications.conversation.$get({
            query: { take: String(PAGE_SIZE), skip: String(pageParam), customerId },
          }),
        ),
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.length < PAGE_SIZE ? undefined : pages.length * PAGE_SIZE),
    // Threads are online reads: a reopened thread asks again rather than trust an old copy.
    staleTime: 0,
  });
