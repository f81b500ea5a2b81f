import { DELETE_OBJECT_EFFECT, withRelated } from '../attachments/rules.ts';
import type { Attachment } from '../attachments/schema.ts';
import type { CommandContext } from '../commands/define.ts';
import type { Entity } from '../entity.ts';

/**
 * A quote's files are attachment records (the attachments area) named in its `attachments`; each
 * record's `related` names the quote back, so the library and the jobs can tell where a file
 * belongs. Ids whose record is not there (deleted elsewhere, or not yet on this device) are
 * skipped: the quote keeps the id and shows only what exists.
 */
async function recordsOf(ctx: CommandContext, ids: readonly string[]) {
  const found = await Promise.all(ids.map((id) => ctx.store.get<Attachment>('attachment', id)));
  return found.filter((a): a is Entity<Attachment> => !!a);
}

/** After a save: the quote's files name it; files taken off the quote no longer do. */
export async function linkAttachments(
  ctx: CommandContext,
  quoteId: string,
  now: readonly string[],
  before: readonly string[] = [],
) {
  for (const a of await recordsOf(ctx, now)) {
    if (!a.related.includes(quoteId))
      await ctx.store.put<Attachment>('attachment', { ...a, related: withRelated(a.related, [quoteId]) });
  }
  const dropped = before.filter((id) => !now.includes(id));
  for (const a of await recordsOf(ctx, dropped)) {
    await ctx.store.put<Attachment>('attachment', { ...a, related: a.related.filter((r) => r !== quoteId) });
  }
}

/** Convert to jobs, "attachments linked" (spec 000 section 4): each file names the booked jobs too. */
export async function linkAttachmentsToJobs(ctx: CommandContext, ids: readonly string[], jobIds: string[]) {
  for (const a of await recordsOf(ctx, ids)) {
    await ctx.store.put<Attachment>('attachment', { ...a, related: withRelated(a.related, jobIds) });
  }
}

/**
 * A quote deleted: a file that belonged only to it (and to its quoted jobs, deleted with it) goes,
 * record and object, so nothing is left in the bucket that no screen can reach. A file that is
 * also a booked job's (the quote was converted) or another record's stays, without the quote.
 */
export async function releaseAttachments(
  ctx: CommandContext,
  quoteId: string,
  ids: readonly string[],
  deletedJobIds: readonly string[],
) {
  const gone = new Set([quoteId, ...deletedJobIds]);
  for (const a of await recordsOf(ctx, ids)) {
    const related = a.related.filter((r) => !gone.has(r));
    if (related.length > 0) {
      await ctx.store.put<Attachment>('attachment', { ...a, related });
    } else {
      await ctx.store.remove('attachment', a._id);
      ctx.emit({ type: DELETE_OBJECT_EFFECT, payload: { key: a.key } });
    }
  }
}
