import type { Revision } from './schema.ts';

/** Revisions a template keeps, newest first. */
export const MAX_REVISIONS = 10;
/**
 * A template is one table item (DynamoDB allows 400 KB): its revisions together keep under 200 KB,
 * the oldest dropped first. The newest (what was just saved, at most 100 KB) is always kept.
 */
export const MAX_REVISIONS_BYTES = 200_000;

/** `revisions` (newest first) cut to what a template keeps. */
export function keepRevisions(revisions: readonly Revision[]): Revision[] {
  const kept: Revision[] = [];
  let bytes = 0;
  for (const revision of revisions.slice(0, MAX_REVISIONS)) {
    bytes += JSON.stringify(revision).length;
    if (kept.length > 0 && bytes > MAX_REVISIONS_BYTES) break;
    kept.push(revision);
  }
  return kept;
}
