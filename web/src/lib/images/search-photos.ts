import { queryOptions } from '@tanstack/react-query';
import { answer, api } from '../http';

export interface Photo {
  id: string;
  thumbUrl: string;
  url: string;
  width: number;
  height: number;
  description: string;
  author?: string;
  authorUrl?: string;
}

/** Landscape photos for a query (`GET /api/photos/search`: the configured service or the bundled ones). */
export const searchPhotosQuery = (query: string, page: number) =>
  queryOptions({
    queryKey: ['photos', query, page],
    queryFn: () => answer(api.photos.search.$get({ query: { query, page: String(page) } })),
    staleTime: 5 * 60_000,
  });
