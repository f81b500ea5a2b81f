import { queryOptions } from '@tanstack/react-query';
import { answer, api } from '../http';

export interface LibraryImage {
  _id: string;
  name: string;
  contentType: string;
}

/** The account's image attachments (`GET /api/attachments`, online), newest first. */
export const libraryImagesQuery = queryOptions({
  queryKey: ['attachments', 'images'],
  queryFn: async () => {
    const all = await answer(api.attachments.$get({ query: {} }));
    return all
      .filter((a) => a.contentType.startsWith('image/'))
      .sort((a, b) => b.createdDate.localeCompare(a.createdDate));
  },
});

/** The stable address of a library image in a template (`/api/go/img/...`, answered with a fresh link). */
export const libraryImageUrl = (origin: string, accountId: string, id: string) =>
  `${origin}/api/go/img/${encodeURIComponent(accountId)}/${encodeURIComponent(id)}`;
