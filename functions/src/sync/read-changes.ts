import { type Actor, AppError } from '@roundwise/core';
import { type ChangePage, EntityRepository, SnapshotRepository } from '@roundwise/db';
import { background } from '../background.ts';
import type { Services } from '../context.ts';
import { buildSnapshot, SNAPSHOT_PAGE } from './build-snapshot.ts';
import { parseSnapshotCursor } from './snapshot-cursor.ts';

/** A sync answer: a page read from the feed, or a ready-made gzipped page of a snapshot. */
export type SyncAnswer = { kind: 'page'; page: ChangePage } | { kind: 'gzip'; body: Uint8Array };

/** A snapshot older than this is rebuilt (in the background) when a device loads from it. */
export const SNAPSHOT_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * A page of the account's changes after `cursor`. A full load (no cursor) of an account with a
 * snapshot starts with the snapshot's pages and then continues with the feed; otherwise pages come
 * from the change feed in write order, tombstones included. Every member of the account receives
 * the account's entities; screens decide what a role sees (see docs/architecture.md).
 */
export async function readChanges(
  s: Services,
  actor: Actor,
  cursor: string | undefined,
  limit: number,
): Promise<SyncAnswer> {
  const snapshots = new SnapshotRepository(s.db, actor.accountId);
  const inSnapshot = parseSnapshotCursor(cursor);
  if (inSnapshot) {
    const body = await snapshots.chunk(inSnapshot.snapshotId, inSnapshot.index);
    // Replaced twice while this device was paging: it starts again.
    if (!body) throw new AppError('validation', 'sync.cursor-invalid');
    return { kind: 'gzip', body };
  }
  if (!cursor) {
    const manifest = await snapshots.manifest();
    if (manifest) {
      if (s.now().getTime() - Date.parse(manifest.createdAt) > SNAPSHOT_MAX_AGE_MS)
        refresh(s, actor.accountId);
      const body = await snapshots.chunk(manifest.snapshotId, 0);
      if (body) return { kind: 'gzip', body };
    }
  }
  const page = await new EntityRepository(s.db, actor.accountId).changedSince(cursor, limit, s.now());
  // A full load of a large account with no snapshot yet: the next device gets one.
  if (!cursor && page.hasMore && page.changes.length >= SNAPSHOT_PAGE) refresh(s, actor.accountId);
  return { kind: 'page', page };
}

const building = new Set<string>();

/**
 * Builds a snapshot in the background, one at a time per account on this instance, after a pause
 * so it does not slow down the full load that asked for it. The pause holds nothing open: a
 * runtime that stops meanwhile simply builds no snapshot.
 */
function refresh(s: Services, accountId: string) {
  if (building.has(accountId)) return;
  building.add(accountId);
  const build = () =>
    background(buildSnapshot(s.db, accountId, s.now).finally(() => building.delete(accountId)));
  if (s.snapshotDelayMs <= 0) build();
  else setTimeout(build, s.snapshotDelayMs).unref();
}
