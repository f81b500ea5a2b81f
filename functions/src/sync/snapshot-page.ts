import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { AppError, type Change, Sync } from '@roundwise/core';
import { SnapshotRepository, type SnapshotSection } from '@roundwise/db';
import type { Deps } from '../context.ts';
import { sectionUse } from './snapshot-plan.ts';
import type { SyncAnswer } from './sync-answer.ts';

const gunzipAsync = promisify(gunzip);

/** Sections by snapshot id: a snapshot never changes, so they are read once per instance. */
const sectionsCache = new Map<string, SnapshotSection[]>();
const CACHED_SNAPSHOTS = 200;

/**
 * One page of a snapshot for a member: sent gzipped as stored when its section is exactly what
 * the member's view holds, rebuilt through the view when the section holds more, refused when the
 * view holds none of it (the cursor names a chunk, and a device could name any). A snapshot
 * replaced twice since the load started is gone: the device starts again (`sync.cursor-invalid`).
 */
export async function readSnapshotPage(
  s: Deps,
  accountId: string,
  view: Sync.SyncView,
  at: { snapshotId: string; index: number },
): Promise<SyncAnswer> {
  const repo = new SnapshotRepository(s.db, accountId);
  let sections = sectionsCache.get(`${accountId}:${at.snapshotId}`);
  if (!sections) {
    sections = await repo.sections(at.snapshotId);
    if (!sections) throw new AppError('validation', 'sync.cursor-invalid');
    if (sectionsCache.size >= CACHED_SNAPSHOTS)
      sectionsCache.delete(sectionsCache.keys().next().value as string);
    sectionsCache.set(`${accountId}:${at.snapshotId}`, sections);
  }
  const section = sections.find((x) => at.index >= x.first && at.index < x.first + x.counts.length);
  const use = section && sectionUse(section, view);
  if (!use) throw new AppError('validation', 'sync.cursor-invalid');
  const body = await repo.chunk(at.snapshotId, at.index);
  if (!body) throw new AppError('validation', 'sync.cursor-invalid');
  if (use === 'as-is') return { kind: 'gzip', body };
  const { changes } = JSON.parse((await gunzipAsync(body)).toString('utf8')) as { changes: Change[] };
  const sent: Change[] = [];
  for (const change of changes) {
    const through = Sync.throughView(view, change);
    if (typeof through === 'object') sent.push(through.send);
  }
  return { kind: 'page', page: { changes: sent } };
}
