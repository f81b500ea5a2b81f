import type { Change, EntityType, Sync } from '@roundwise/core';

/** A record a device must let go of: it left the member's view (reassigned, audience changed). */
export interface Dropped {
  type: EntityType;
  id: string;
  version: number;
}

/** A page of the feed (or the start of a load), through the member's view. */
export interface SyncPage {
  changes: Change[];
  /** The cursor to continue from; empty after `restart` (load again from the start). */
  cursor: string;
  hasMore: boolean;
  /** What the member's devices hold (`Sync.viewFor`): the device applies it to what it has. */
  view: Sync.SyncView;
  /** Records that left the view since the cursor. */
  drop?: Dropped[];
  /** The device's data was loaded under another view: drop what this one does not hold, load again. */
  restart?: true;
  /** A first load from a snapshot: fetch these pages (in any order, applied in this one), then `cursor`. */
  pages?: { cursor: string; type: EntityType; entities: number }[];
}

/**
 * A sync answer: a page built for this request, or one snapshot page, gzipped as stored or
 * rebuilt through the view (`{ changes }` only: the first answer of the load gave their order).
 */
export type SyncAnswer =
  | { kind: 'page'; page: SyncPage | { changes: Change[] } }
  | { kind: 'gzip'; body: Uint8Array };
