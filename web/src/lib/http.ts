/**
 * JSON calls to `/api` for the shell's screens: `{ code, params }` refusals become errors carrying
 * them (the screens show `t(code, params)`), no answer at all becomes `general.offline`.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(code);
    this.name = 'HttpError';
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new HttpError(0, 'general.offline');
  }
  const json = (await res.json().catch(() => ({}))) as { code?: string; params?: Record<string, unknown> };
  if (!res.ok) throw new HttpError(res.status, json.code ?? 'general.server-error', json.params);
  return json as T;
}

export const api = {
  get: <T>(path: string) => call<T>('GET', path),
  post: <T = unknown>(path: string, body: unknown) => call<T>('POST', path, body),
  patch: <T = unknown>(path: string, body: unknown) => call<T>('PATCH', path, body),
};
