/**
 * Sync cursors: base64url of `f:<view key>:<feed cursor>` (a position in the change feed) or
 * `s:<view key>:<snapshotId>:<chunk index>` (one page of a snapshot). The view key is the one
 * the device's data was loaded under (`Sync.viewFor`): a cursor made under another view, or in an
 * older layout, makes the device reload what its view now holds (`read-changes.ts`).
 */
export type SyncCursor =
  | { kind: 'feed'; viewKey: string; feed: string }
  | { kind: 'page'; viewKey: string; snapshotId: string; index: number }
  | { kind: 'other' };

const text = (value: string) => Buffer.from(value, 'utf8').toString('base64url');

export const feedCursor = (viewKey: string, feed: string) => text(`f:${viewKey}:${feed}`);

export const pageCursor = (viewKey: string, snapshotId: string, index: number) =>
  text(`s:${viewKey}:${snapshotId}:${index}`);

/** `other`: a cursor of an older layout (the device reloads); anything malformed is refused by the caller. */
export function parseCursor(cursor: string): SyncCursor | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  const value = Buffer.from(cursor, 'base64url').toString('utf8');
  const feed = /^f:([0-9a-z]{14}):([A-Za-z0-9_-]*)$/.exec(value);
  if (feed) return { kind: 'feed', viewKey: feed[1]!, feed: feed[2]! };
  const page = /^s:([0-9a-z]{14}):([0-9A-Z]{26}):(\d{1,5})$/.exec(value);
  if (page) return { kind: 'page', viewKey: page[1]!, snapshotId: page[2]!, index: Number(page[3]) };
  // The previous layouts: a feed position (an ISO time first) or `snap:<id>:<index>`.
  if (/^(\d{4}-\d{2}-\d{2}T|snap:)/.test(value)) return { kind: 'other' };
  return undefined;
}
