/** A refusal from the API: `{ code, params }`, where `code` is a message key of the catalogue. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

/** The request never reached the API (no signal, server down): the message key is `app.offline`. */
export class OfflineError extends Error {
  readonly code = 'app.offline';
  constructor(cause?: unknown) {
    super('app.offline', { cause });
    this.name = 'OfflineError';
  }
}

/** Turns a failed reply into an ApiError; a body that is not `{ code }` becomes a general error. */
export async function toApiError(res: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  if (body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'string') {
    const { code, params } = body as { code: string; params?: unknown };
    const safeParams = params && typeof params === 'object' ? (params as Record<string, unknown>) : {};
    return new ApiError(res.status, code, safeParams);
  }
  return new ApiError(res.status, res.status >= 500 ? 'general.server-error' : 'general.error');
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method,
      credentials: 'include',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new OfflineError(error);
  }
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** JSON calls to `/api`, with the session cookie. Paths start after `/api`. */
export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
};

/** The message key and parameters to show for any error. */
export function errorMessage(error: unknown): { key: string; params: Record<string, unknown> } {
  if (error instanceof ApiError) return { key: error.code, params: error.params };
  if (error instanceof OfflineError) return { key: error.code, params: {} };
  return { key: 'general.unknown-error-occurred', params: {} };
}
