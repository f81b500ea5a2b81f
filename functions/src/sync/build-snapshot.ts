import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { type Change, newId } from '@roundwise/core';
import { type Db, EntityRepository, SnapshotRepository } from '@roundwise/db';
import { snapshotCursor } from './snapshot-cursor.ts';

const gz = promisify(gzip);

/** Entities per snapshot page: about 1 MB of JSON, 100-150 KB gzipped, well inside an item. */
export const SNAPSHOT_PAGE = 2000;
/** DynamoDB items hold 400 KB; a page that compresses worse than this is split. */
const MAX_CHUNK_BYTES = 350_000;

/**
 * Writes a new sync snapshot of the account: every live entity from the change feed, as gzipped
 * ready-made sync pages, the last of which hands over to the feed at the position the snapshot was
 * read up to (the feed's own 5-second rule applies, so nothing written meanwhile is missed).
 * Tombstones are left out: a new device never had those entities.
 */
export async function buildSnapshot(db: Db, accountId: string, now: () => Date) {
  const feed = new EntityRepository(db, accountId);
  const live: Change[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await feed.changedSince(cursor, 5000, now());
    for (const change of page.changes) if (!change.entity._deleted) live.push(change);
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  const snapshotId = newId();
  const repo = new SnapshotRepository(db, accountId);
  const pages: Change[][] = [];
  for (let i = 0; i < live.length; i += SNAPSHOT_PAGE) pages.push(live.slice(i, i + SNAPSHOT_PAGE));
  if (pages.length === 0) pages.push([]);
  let index = 0;
  for (let p = 0; p < pages.length; p++) {
    const parts = await compress(pages[p]!, (i, last) =>
      last && p === pages.length - 1 ? (cursor as string) : snapshotCursor(snapshotId, index + i + 1),
    );
    for (const part of parts) await repo.putChunk(snapshotId, index++, part);
  }
  await repo.publish({
    snapshotId,
    chunks: index,
    entities: live.length,
    cursor: cursor as string,
    createdAt: now().toISOString(),
  });
  return { snapshotId, chunks: index, entities: live.length };
}

/**
 * The gzipped page bodies for `changes`, halved until each fits an item. `next(i, last)` gives
 * the cursor written into part `i`. Every part says `hasMore: true`: after the snapshot the device
 * continues with the feed.
 */
async function compress(
  changes: Change[],
  next: (i: number, last: boolean) => string,
): Promise<Uint8Array[]> {
  for (let size = Math.max(1, changes.length); ; size = Math.ceil(size / 2)) {
    const slices: Change[][] = [];
    for (let i = 0; i < changes.length; i += size) slices.push(changes.slice(i, i + size));
    if (slices.length === 0) slices.push([]);
    const bodies = await Promise.all(
      slices.map((slice, i) =>
        gz(JSON.stringify({ changes: slice, cursor: next(i, i === slices.length - 1), hasMore: true })),
      ),
    );
    if (bodies.every((b) => b.length <= MAX_CHUNK_BYTES) || size === 1) return bodies;
  }
}
