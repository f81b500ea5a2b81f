import { queryOptions } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';
import type { Lecture } from '../lecture';

export const CACHE_KEY = 'roundwise.training-lectures';
/** Spec 001 section 9: the lecture cache is refreshed when older than one day. */
export const LECTURE_CACHE_MS = 86_400_000;

interface Cached {
  savedAt: number;
  lectures: Lecture[];
}

export function readCache(now: number): Lecture[] | undefined {
  try {
    const cached = JSON.parse(localStorage.getItem(CACHE_KEY) ?? 'null') as Cached | null;
    if (cached && now - cached.savedAt < LECTURE_CACHE_MS && now >= cached.savedAt) return cached.lectures;
  } catch {
    // A broken or unreadable cache is read again from the server.
  }
  return undefined;
}

/** `GET /api/training/lectures`, kept on the device for a day. */
export const lecturesQuery = queryOptions({
  queryKey: ['training', 'lectures'],
  queryFn: async () => {
    const now = Date.now();
    const cached = readCache(now);
    if (cached) return cached;
    const { lectures } = await answer(api.training.lectures.$get());
    try {
      localStorage.setItem(CACHE_KEY, JSON.stringify({ savedAt: now, lectures } satisfies Cached));
    } catch {
      // Storage full or blocked: the next visit asks the server again.
    }
    return lectures;
  },
  staleTime: LECTURE_CACHE_MS,
});
