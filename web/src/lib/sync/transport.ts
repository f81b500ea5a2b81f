import type { Change } from '@roundwise/core';
import { api, type HttpClient } from '../http.ts';

/** `POST /api/commands/:name` answer (docs/api.md). */
export interface CommandAnswer<R = unknown> {
  commandId: string;
  result: R;
  changes: Change[];
}

/** `GET /api/sync` page (docs/api.md). */
export interface SyncPage {
  changes: Change[];
  cursor: string;
  hasMore: boolean;
}

/**
 * The two calls the offline layer makes. Injectable so tests can run it over the real Hono app
 * (`app.request`) or a fake. Failures throw core's `AppError` (kind `offline`: no answer).
 */
export interface Transport {
  command(name: string, body: { commandId: string; input: unknown }): Promise<CommandAnswer>;
  sync(cursor: string | undefined, limit: number): Promise<SyncPage>;
}

/** The transport over the app's HTTP client (same-origin cookie session). */
export function httpTransport(http: HttpClient = api): Transport {
  return {
    command: (name, body) => http.post(`/commands/${encodeURIComponent(name)}`, body),
    sync: (cursor, limit) => http.get(`/sync?cursor=${encodeURIComponent(cursor ?? '')}&limit=${limit}`),
  };
}
