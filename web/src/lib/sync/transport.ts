import type { Change, EntityType, ErrorParams, Sync } from '@roundwise/core';

/** `POST /api/commands/:name` answer (docs/api.md). */
export interface CommandAnswer<R = unknown> {
  commandId: string;
  result: R;
  changes: Change[];
}

/**
 * `GET /api/sync` answer (docs/api.md). A snapshot page (fetched with a cursor from `pages`) has
 * `changes` only: the answer that listed it said where the load goes next.
 */
export interface SyncPage {
  changes: Change[];
  cursor: string;
  hasMore: boolean;
  /** What this member's devices hold; the device applies it to what it has. */
  view?: Sync.SyncView;
  /** Records that left the view since the cursor: let go of them. */
  drop?: { type: EntityType; id: string; version: number }[];
  /** The data was loaded under another view: keep what `view` holds, and load again with no cursor. */
  restart?: true;
  /** A first load from the server's snapshot: fetch these (any order), apply in this one, then `cursor`. */
  pages?: { cursor: string; type: EntityType; entities: number }[];
}

/**
 * The two calls the offline layer makes. Injectable so tests can run it over the real Hono app
 * (`app.request`) or a fake, and so the web app can route it through `lib/api.ts` later.
 * Failures throw a `TransportError` (status 0 = the request never got an answer).
 */
export interface Transport {
  command(name: string, body: { commandId: string; input: unknown }): Promise<CommandAnswer>;
  sync(cursor: string | undefined, limit: number): Promise<SyncPage>;
}

/** A failed call: `status` 0 for no answer (offline, timeout), else the HTTP status and its `{ code, params }`. */
export class TransportError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly params: ErrorParams = {},
  ) {
    super(code);
    this.name = 'TransportError';
  }
}

type FetchLike = (url: string, init: RequestInit) => Promise<Response> | Response;

/** The transport over `fetch` (same-origin cookie session). `fetchImpl` lets tests pass `app.request`. */
export function httpTransport(fetchImpl: FetchLike = (u, i) => fetch(u, i), base = '/api'): Transport {
  const call = async <T>(path: string, init: RequestInit): Promise<T> => {
    let res: Response;
    try {
      res = await fetchImpl(`${base}${path}`, { credentials: 'same-origin', ...init });
    } catch (e) {
      throw new TransportError(0, 'general.offline', { message: String(e) });
    }
    const text = await res.text().catch(() => '');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (!res.ok) {
      const err = (body ?? {}) as { code?: string; params?: ErrorParams };
      throw new TransportError(res.status, err.code ?? 'general.server-error', err.params ?? {});
    }
    return body as T;
  };
  return {
    command: (name, body) =>
      call(`/commands/${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    sync: (cursor, limit) =>
      call(`/sync?cursor=${encodeURIComponent(cursor ?? '')}&limit=${limit}`, { method: 'GET' }),
  };
}

/**
 * Worth retrying with the same commandId: no answer, a concurrent write (409 `general.conflict`,
 * `command.in-progress`), rate limiting, a fault on the server, and 401: a session that ran out
 * during weeks offline must not throw away the work queued meanwhile; the command waits for the
 * user to sign in again. Duck-typed on `status` so the foundation's `ApiError`/`OfflineError`
 * from `lib/api.ts` classify the same way.
 */
export function isTransient(error: unknown): boolean {
  const status = statusOf(error);
  if (status === undefined) return true; // a thrown TypeError from fetch, an OfflineError...
  return (
    status === 0 || status === 401 || status === 408 || status === 409 || status === 429 || status >= 500
  );
}

/** A refusal: the server answered and will answer the same again (4xx other than 401/408/409/429). */
export const isRefusal = (error: unknown): boolean => !isTransient(error);

export function statusOf(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') {
    return error.status;
  }
  if (error && typeof error === 'object' && 'name' in error && error.name === 'OfflineError') return 0;
  return undefined;
}

export function errorBody(error: unknown): { code: string; params: ErrorParams } {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') {
    const params = 'params' in error && error.params && typeof error.params === 'object' ? error.params : {};
    return { code: error.code, params: params as ErrorParams };
  }
  return { code: 'general.server-error', params: {} };
}
