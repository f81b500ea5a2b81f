import { type ClientResponse, hc } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { PortalApi } from '../../../functions/src/api/portal.ts';
import type { PortalContext } from './context.ts';

/**
 * The widgets' calls to the portal's API: Hono's `hc` on the server's own `PortalApi`, so a call
 * names a route the server has, sends what its validators take and gets what its handler answers
 * (a path renamed or an answer changed on the server fails to compile here).
 *
 * The session goes as a bearer token, never a cookie (`credentials: 'omit'`): the widget may run on
 * the business's site, where the portal's cookies are third-party (blocked, or partitioned), and a
 * token sent only by our own code cannot be forged by another site's form. `idempotencyKey`: the
 * caller's, drawn once per attempt and sent again on a retry.
 *
 *   const { api, param, headers } = portalCall(portal, attempt);
 *   const answer = await answerOf(api.me.chat.$post({ param, json: { message } }, { headers }));
 */
export function portalCall(portal: PortalContext, idempotencyKey?: string) {
  const headers: Record<string, string> = {};
  const token = portal.session()?.token;
  if (token) headers.authorization = `Bearer ${token}`;
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  return { api: portalClient(portal.origin)[':handle'], param: { handle: portal.handle }, headers };
}

export type PortalCall = ReturnType<typeof portalCall>;

const clients = new Map<string, ReturnType<typeof hc<PortalApi>>>();
/** The typed client of one portal origin (made once: the loader and the widgets share it). */
export function portalClient(origin: string) {
  let client = clients.get(origin);
  if (!client) {
    client = hc<PortalApi>(`${origin}/api/portal`, { init: { credentials: 'omit' } });
    clients.set(origin, client);
  }
  return client;
}

/** Any typed call's response. */
export type AnyCall = ClientResponse<unknown, number, string>;

/** The JSON body of a route's success answers. */
export type Answer<R> =
  R extends ClientResponse<infer T, infer S, 'json'> ? (S extends SuccessStatusCode ? T : never) : never;

/** What a route's call (`api.me.quotes.$get`) answers on success: the widgets' types are the server's. */
export type RouteAnswer<F extends (...args: never[]) => Promise<AnyCall>> = Answer<Awaited<ReturnType<F>>>;

/** A call's answer, or its refusal's message key (`network` when the server could not be reached). */
export type ApiAnswer<T> = { ok: true; data: T } | { ok: false; status: number; code: string };

export async function answerOf<R extends AnyCall>(call: Promise<R>): Promise<ApiAnswer<Answer<R>>> {
  try {
    const response = await call;
    const data = (await response.json().catch(() => ({}))) as { code?: string };
    if (response.ok) return { ok: true, data: data as Answer<R> };
    return { ok: false, status: response.status, code: data.code ?? 'general.server-error' };
  } catch {
    return { ok: false, status: 0, code: 'network' };
  }
}

/** A fresh key for one attempt at an action (a retry of the same attempt reuses it). */
export const newAttemptKey = () => crypto.randomUUID();
