import { isAppError } from '@roundwise/core';
import { queryOptions } from '@tanstack/react-query';
import { answer, api, apiHref } from '../../../lib/http';

/**
 * `GET /api/notifications/get/{id}`: `{ success, notification, error }` (spec 002 section 7); a
 * message that is not there (its customer deleted) is a 404, shown as null.
 */
export const notificationQuery = (id: string) =>
  queryOptions({
    queryKey: ['notifications', 'one', id],
    queryFn: async () => {
      try {
        const found = await answer(
          api.notifications.get[':id'].$get({ param: { id: encodeURIComponent(id) } }),
        );
        return found.notification;
      } catch (error) {
        if (isAppError(error) && error.kind === 'not-found') return null;
        throw error;
      }
    },
  });

/** The server's own page for a message whose customer this device does not hold. */
export const serverViewUrl = (id: string) =>
  apiHref(api.notifications.view[':id'].$path({ param: { id: encodeURIComponent(id) } }));
