import { errorFromAnswer, offline } from '@roundwise/core';

type FetchLike = (url: string, init: RequestInit) => Promise<Response> | Response;

/**
 * The web's one HTTP client: JSON calls to the API with the session cookie. A failure is core's
 * `AppError`: the API's `{ code, params }` with the kind its status stands for, or kind `offline`
 * (`app.offline`) when the request got no answer. `fetchImpl` lets tests send to the Hono app
 * itself (`app.request`). Paths start after `base`.
 */
export function createHttpClient(fetchImpl: FetchLike = (url, init) => fetch(url, init), base = '/api') {
  async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetchImpl(`${base}${path}`, {
        method,
        credentials: 'include',
        headers:
          body === undefined
            ? { accept: 'application/json' }
            : { accept: 'application/json', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw offline({ message: String(error) });
    }
    const text = await res.text().catch(() => '');
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!res.ok) throw errorFromAnswer(res.status, parsed);
    return parsed as T;
  }
  return {
    get: <T>(path: string) => request<T>('GET', path),
    post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
    patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
    put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
    delete: <T>(path: string) => request<T>('DELETE', path),
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

/** The app's client, on the page's own origin. */
export const api = createHttpClient();
