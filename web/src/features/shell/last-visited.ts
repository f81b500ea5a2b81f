import { matchRoute } from '@roundwise/core';

const KEY = 'roundwise.last-visited';

/** Remembers the last route the user opened (spec 000 section 2.1, the empty path's fallback). */
export function rememberVisit(pathname: string) {
  const path = pathname.replace(/^\/+/, '');
  if (!path || !matchRoute(path)) return;
  try {
    localStorage.setItem(KEY, path);
  } catch {
    // Private mode or storage full: the default route will do.
  }
}

export function lastVisited(): string | undefined {
  try {
    return localStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
