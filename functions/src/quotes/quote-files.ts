import type { Attachments, Entity } from '@roundwise/core';
import type { PublicQuote } from './find-public-quote.ts';

type Found = PublicQuote & { kind: 'found' };

/**
 * The files the customer's page lists: the quote's attachments that still exist, in the quote's
 * order. Read only when the quote has any, so a page without files costs no extra read.
 */
export async function quoteFiles(found: Found): Promise<Entity<Attachments.Attachment>[]> {
  const ids = found.quote.attachments ?? [];
  if (ids.length === 0) return [];
  const records = await found.repo.getMany<Attachments.Attachment>('attachment', ids);
  const byId = new Map(records.map((a) => [a._id, a]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
