import { type Actor, AppError, Audit } from '@roundwise/core';
import type { StoredAuditEntry } from '@roundwise/db';
import type { Deps } from '../context.ts';

/** The business's days (the query's dates) are read in this zone: the spec's businesses are British. */
export const AUDIT_TIME_ZONE = 'Europe/London';
export interface EntryPage {
  /** Matches counted: exact when `more` is false, else at least this many (see below). */
  total: number;
  items: StoredAuditEntry[];
  more: boolean;
}

/**
 * `POST /api/audit/events` (spec 001 section 7): the entries matching `query`, newest first, older
 * than `fromTimestamp` (the last item's `cursor`, or a time), `stopIndex` of them (50). A date
 * range in the query limits the part of the log read. `createdBy` is the user filter.
 */
export async function listEntries(
  s: Deps,
  actor: Actor,
  params: { query: string; fromTimestamp?: string; stopIndex: number; createdBy?: string },
): Promise<EntryPage> {
  let query: Audit.Query | undefined;
  try {
    query = Audit.parseQuery(params.query);
  } catch (error) {
    if (!(error instanceof Audit.QueryError)) throw error;
    throw new AppError('validation', error.code, { at: error.at, length: error.length });
  }
  const bounds = Audit.dayBounds(query);
  // A day in London is within a day of the same UTC day; the exact test is `matchesQuery`.
  const after = bounds.from ? shift(bounds.from, -1) : undefined;
  const upTo = bounds.to ? `${shift(bounds.to, 2)}` : undefined;
  const before = [params.fromTimestamp, upTo].filter((b): b is string => !!b).sort()[0];
  const items: StoredAuditEntry[] = [];
  let total = 0;
  const who = params.createdBy?.toLowerCase();
  // Matches are counted in the table pages read for the items (up to 1 MB each), not beyond: an
  // exact count of a long log would read all of it on every search. The rest says `more`.
  for await (const page of s.audit.pages(actor.accountId, { before, after })) {
    for (const entry of page.entries) {
      if (who && entry.createdBy.toLowerCase() !== who) continue;
      if (!Audit.matchesQuery(query, entry, AUDIT_TIME_ZONE)) continue;
      total++;
      if (items.length < params.stopIndex) items.push(entry);
    }
    if (items.length >= params.stopIndex) return { total, items, more: !page.last };
  }
  return { total, items, more: false };
}

const shift = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
