import { type Actor, AppError, type Change, Sync } from '@roundwise/core';
import { EntityRepository, SnapshotRepository } from '@roundwise/db';
import { background } from '../background.ts';
import type { Deps } from '../context.ts';
import { buildSnapshot, SNAPSHOT_PAGE } from './build-snapshot.ts';
import { feedCursor, pageCursor, parseCursor } from './cursors.ts';
import { readSnapshotPage } from './snapshot-page.ts';
import { planPages } from './snapshot-plan.ts';
import type { Dropped, SyncAnswer } from './sync-answer.ts';

/** A snapshot older than this is rebuilt (in the background) when a device loads from it. */
export const SNAPSHOT_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * What the member's device gets after `cursor` (docs/sync.md): only what their
 * view holds. A full load (no cursor) of an account with a snapshot answers with the list of the
 * snapshot's pages for the view and the feed cursor after them; otherwise pages come from the
 * change feed in write order, tombstones included, through the view. A cursor from another view
 * (a role or a setting changed since) or an older layout answers `restart`.
 */
export async function readChanges(
  s: Deps,
  actor: Actor,
  cursor: string | undefined,
  limit: number,
): Promise<SyncAnswer> {
  const view = Sync.viewFor(actor);
  const parsed = cursor ? parseCursor(cursor) : undefined;
  if (cursor && !parsed) throw new AppError('validation', 'sync.cursor-invalid');
  if (parsed && (parsed.kind === 'other' || parsed.viewKey !== view.key)) {
    return { kind: 'page', page: { changes: [], cursor: '', hasMore: true, view, restart: true } };
  }
  if (parsed?.kind === 'page') return readSnapshotPage(s, actor.accountId, view, parsed);
  const feed = parsed?.kind === 'feed' ? parsed.feed : undefined;
  if (!parsed) {
    const snapshots = new SnapshotRepository(s.db, actor.accountId);
    const manifest = await snapshots.manifest();
    if (manifest) {
      if (s.now().getTime() - Date.parse(manifest.createdAt) > SNAPSHOT_MAX_AGE_MS)
        refresh(s, actor.accountId);
      const pages = planPages(manifest.sections, view).map((p) => ({
        cursor: pageCursor(view.key, manifest.snapshotId, p.index),
        type: p.type,
        entities: p.entities,
      }));
      return {
        kind: 'page',
        page: { changes: [], cursor: feedCursor(view.key, manifest.cursor), hasMore: true, view, pages },
      };
    }
  }
  const page = await new EntityRepository(s.db, actor.accountId).changedSince(feed, limit, s.now());
  // A full load of a large account with no snapshot yet: the next device gets one.
  if (!parsed && page.hasMore && page.changes.length >= SNAPSHOT_PAGE) refresh(s, actor.accountId);
  const changes: Change[] = [];
  const drop: Dropped[] = [];
  for (const change of page.changes) {
    const through = Sync.throughView(view, change);
    if (through === 'skip') continue;
    // A device loading from the start holds nothing to drop.
    if (through === 'drop') {
      if (parsed) drop.push({ type: change.type, id: change.entity._id, version: change.entity._version });
    } else changes.push(through.send);
  }
  return {
    kind: 'page',
    page: {
      changes,
      cursor: feedCursor(view.key, page.cursor),
      hasMore: page.hasMore,
      view,
      ...(drop.length ? { drop } : {}),
    },
  };
}

const building = new Set<string>();

/**
 * Builds a snapshot in the background, one at a time per account on this instance, after a pause
 * so it does not slow down the full load that asked for it. The pause holds nothing open: a
 * runtime that stops meanwhile simply builds no snapshot.
 */
function refresh(s: Deps, accountId: string) {
  if (building.has(accountId)) return;
  building.add(accountId);
  const build = () =>
    background(buildSnapshot(s.db, accountId, s.now).finally(() => building.delete(accountId)));
  if (s.snapshotDelayMs <= 0) build();
  else setTimeout(build, s.snapshotDelayMs).unref();
}
