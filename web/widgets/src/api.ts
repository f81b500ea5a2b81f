import { apiUrl, type PortalContext } from './context.ts';

/**
 * A call to the portal's API from a widget. The session goes as a bearer token, never a cookie:
 * the widget may run on the business's site, where the portal's cookies are third-party (blocked,
 * or partitioned), and a token sent only by our own code cannot be forged by another site's form.
 * `idempotencyKey`: the caller's, drawn once per attempt and sent again on a retry.
 */
export type ApiAnswer<T> = { ok: true; data: T } | { ok: false; status: number; code: string };

export async function callApi<T>(
  portal: PortalContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  idempotencyKey?: string,
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const token = portal.session()?.token;
  if (token) headers.authorization = `Bearer ${token}`;
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  try {
    const response = await fetch(apiUrl(portal, path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
    });
    const data = (await response.json().catch(() => ({}))) as T & { code?: string };
    if (response.ok) return { ok: true, data };
    return { ok: false, status: response.status, code: data.code ?? 'general.server-error' };
  } catch {
    return { ok: false, status: 0, code: 'network' };
  }
}

/** A fresh key for one attempt at an action (a retry of the same attempt reuses it). */
export const newAttemptKey = () => crypto.randomUUID();
