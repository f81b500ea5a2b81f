import { errorFromAnswer, offline } from '@roundwise/core';
import { type ClientResponse, hc } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { AppType } from '../../../functions/src/app.ts';
import { withErrorWords } from './i18n.ts';

type FetchLike = (url: string, init: RequestInit) => Promise<Response> | Response;

/**
 * The fetch under every API call: JSON with the session cookie. A failure is core's `AppError`:
 * the API's `{ code, params }` with the kind its status stands for, or kind `offline`
 * (`app.offline`) when the request got no answer. So a call that returns has its route's answer.
 */
function answering(fetchImpl: FetchLike): typeof fetch {
  return async (input, init = {}) => {
    let res: Response;
    try {
      res = await fetchImpl(String(input), {
        ...init,
        credentials: 'include',
        headers: { accept: 'application/json', ...Object.fromEntries(new Headers(init.headers)) },
      });
    } catch (error) {
      throw await withErrorWords(offline({ message: String(error) }));
    }
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      throw await withErrorWords(errorFromAnswer(res.status, parsed));
    }
    return res;
  };
}

/**
 * The web's one HTTP client: Hono's `hc` on the server's own `AppType`, so a call names a route
 * the server has, sends the input its validators take and gets the answer its handler returns (a
 * path renamed or an answer changed on the server fails to compile here). `fetchImpl` lets tests
 * send to the Hono app itself (`app.request`). Calls go in `features/<area>/api/<verb>-<noun>.ts`
 * (docs/server.md): `answer(api.backups.$get())`.
 */
export function createApiClient(fetchImpl: FetchLike = (url, init) => fetch(url, init), base = API_BASE) {
  return hc<AppType>(base, { fetch: answering(fetchImpl) });
}

/** Where the API is mounted on the page's own origin. */
const API_BASE = '/api';

/**
 * The address of a route for the browser itself to open (a link, a download, `window.open`), from
 * the typed client's `$path` so a renamed path fails to compile:
 * `apiHref(api.notifications.view[':id'].$path({ param: { id } }))`. (Its `$url` needs an
 * absolute base, and the app's client has the page's own origin.)
 */
export const apiHref = (path: string) => `${API_BASE}${path}`;

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client, on the page's own origin. */
export const api = createApiClient();

/** The JSON body of a route's success answers (its refusals are thrown as `AppError`). */
export type Answer<R> =
  R extends ClientResponse<infer T, infer S, 'json'> ? (S extends SuccessStatusCode ? T : never) : never;

/** The answer of one call: `await answer(api.me.$get())` is what `GET /api/me` returns. */
export async function answer<R extends ClientResponse<unknown, number, string>>(
  call: Promise<R>,
): Promise<Answer<R>> {
  const text = await (await call).text();
  return (text ? JSON.parse(text) : undefined) as Answer<R>;
}
