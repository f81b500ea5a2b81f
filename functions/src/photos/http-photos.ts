import { AppError } from '@roundwise/core';
import { z } from 'zod';
import { PHOTO_PAGE_SIZE, type PhotoProvider } from './provider.ts';

/**
 * A photo search service over HTTP, the shape the common stock-photo APIs share:
 * `GET <url>/search/photos?query=&orientation=landscape&page=&per_page=` with the key as
 * `Authorization: Client-ID <key>`, answering `{ total, results: [{ id, urls, width, height, ... }] }`.
 * The key stays on the server (settings `PHOTO_API_URL`, `PHOTO_API_KEY`): the browser only ever
 * asks the API.
 */
const Answer = z.object({
  total: z.number(),
  results: z.array(
    z.object({
      id: z.string(),
      width: z.number(),
      height: z.number(),
      description: z.string().nullish(),
      alt_description: z.string().nullish(),
      urls: z.object({ small: z.string(), regular: z.string() }),
      user: z
        .object({ name: z.string(), links: z.object({ html: z.string() }).partial() })
        .partial()
        .optional(),
    }),
  ),
});

export function createHttpPhotoProvider(options: {
  url: string;
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): PhotoProvider {
  const get = options.fetch ?? fetch;
  return {
    async search(query, page) {
      const params = new URLSearchParams({
        query,
        orientation: 'landscape',
        page: String(page),
        per_page: String(PHOTO_PAGE_SIZE),
      });
      const res = await get(`${options.url.replace(/\/$/, '')}/search/photos?${params}`, {
        headers: { authorization: `Client-ID ${options.apiKey}`, 'accept-version': 'v1' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 8000),
      }).catch(() => undefined);
      const parsed = res?.ok ? Answer.safeParse(await res.json().catch(() => undefined)) : undefined;
      if (!parsed?.success) throw new AppError('unavailable', 'images.search-failed');
      return {
        total: parsed.data.total,
        photos: parsed.data.results.map((r) => ({
          id: r.id,
          thumbUrl: r.urls.small,
          url: r.urls.regular,
          width: r.width,
          height: r.height,
          description: r.description ?? r.alt_description ?? '',
          author: r.user?.name,
          authorUrl: r.user?.links?.html,
        })),
      };
    },
  };
}
