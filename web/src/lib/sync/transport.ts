import type { Change, EntityType, Sync } from '@roundwise/core';
import { type ApiClient, answer, api } from '../http.ts';

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
 * (`app.request`) or a fake. Failures throw core's `AppError` (kind `offline`: no answer).
 */
export interface Transport {
  command(name: string, body: { commandId: string; input: unknown }): Promise<CommandAnswer>;
  sync(cursor: string | undefined, limit: number): Promise<SyncPage>;
}

/** The transport over the app's HTTP client (same-origin cookie session). */
export function httpTransport(http: ApiClient = api): Transport {
  return {
    command: (name, body) =>
      answer(http.commands[':name'].$post({ param: { name: encodeURIComponent(name) }, json: body })),
    // A snapshot page is `{ changes }` only (above): the engine reads it as such.
    sync: async (cursor, limit) =>
      (await answer(http.sync.$get({ query: { cursor: cursor ?? '', limit: String(limit) } }))) as SyncPage,
  };
}
