import { createHash } from 'node:crypto';
import type { Change } from '@roundwise/core';

/** Stamps that change on every write but say nothing about the data itself. */
const STAMPS = new Set(['_version', '_updatedAt']);

/** JSON with keys sorted at every level, so equal content gives equal text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([k, v]) => v !== undefined && !STAMPS.has(k))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** An entity's content without its write stamps: what "the same record" means to a restore. */
export const contentOf = (change: Change) =>
  `${change.type}\t${change.entity._id}\t${canonical(change.entity)}`;

/**
 * Counts per type and one SHA-256 over every live entity's content (sorted by type and id, write
 * stamps left out): a restored account equals its backup exactly when both agree, whatever
 * versions the restore had to write.
 */
export function contentHash(changes: Iterable<Change>): { counts: Record<string, number>; hash: string } {
  const counts: Record<string, number> = {};
  const lines: string[] = [];
  for (const change of changes) {
    if (change.entity._deleted) continue;
    counts[change.type] = (counts[change.type] ?? 0) + 1;
    lines.push(contentOf(change));
  }
  lines.sort();
  const hash = createHash('sha256');
  for (const line of lines) hash.update(line).update('\n');
  return { counts, hash: hash.digest('hex') };
}
