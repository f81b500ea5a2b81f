import type { CommandContext } from '../commands/define.ts';
import type { Entity } from '../entity.ts';
import { validation } from '../errors.ts';
import type { Job } from '../jobs/schema.ts';
import type { Round } from '../rounds/schema.ts';
import { normaliseRecurrence } from '../schedule/frequency.ts';
import type { Quote, QuoteItem, QuoteItemInput } from './schema.ts';

type ItemIn = Omit<QuoteItem, 'total'> & Pick<QuoteItemInput, 'relatedId'>;

/**
 * A quote's items are its quoted jobs (spec 000 section 3: an item's `relatedId` is its job). Each
 * item is kept as a job carrying the quote's id, not booked: it has no visits and the rounds' Quote
 * tab lists it (docs/quotes.md). Saving the quote writes them: a new item makes its job, a changed
 * one updates it, a job whose item was removed is deleted. Converting books them.
 */
export async function saveQuotedJobs(
  ctx: CommandContext,
  /** The quote as stored before this save (`items`: its items then; none for a new quote). */
  quote: Pick<Quote, '_id' | 'customerId' | 'date' | 'address'> & { items: readonly QuoteItem[] },
  items: ItemIn[],
  totals: number[],
): Promise<QuoteItem[]> {
  const existing = await quotedJobsOf(ctx, quote);
  const out: QuoteItem[] = [];
  for (const [i, item] of items.entries()) {
    for (const id of item.initialFields?.rounds ?? []) {
      if (!(await ctx.store.get<Round>('round', id))) throw validation('rounds.not-found', { id });
    }
    const prev = existing.find((j) => j._id === item.relatedId);
    const _id = prev?._id ?? ctx.newId();
    const total = totals[i] ?? 0;
    const frequency = item.frequency ?? { frequencyType: 'OneOff' as const, frequencyInterval: 1 };
    await ctx.store.put<Job>('job', {
      ...(prev ?? { services: [], assignees: [], createdDate: ctx.now.toISOString() }),
      ...normaliseRecurrence({
        ...frequency,
        date: item.initialFields?.date ?? quote.date,
      }),
      _id,
      customerId: quote.customerId,
      rounds: item.initialFields?.rounds ?? [],
      price: total,
      notes: [item.title, item.description].filter(Boolean).join('\n'),
      ...((item.address ?? quote.address) ? { location: item.address ?? quote.address } : {}),
      quoteId: quote._id,
    });
    out.push({ ...item, relatedId: _id, total });
  }
  const kept = new Set(out.map((i) => i.relatedId));
  for (const job of existing) if (!kept.has(job._id)) await ctx.store.remove('job', job._id);
  return out;
}

/**
 * The quote's jobs still waiting to be booked: its items' jobs, each read by id (not the
 * customer's whole list of jobs, which a customer with many quotes makes long).
 */
export async function quotedJobsOf(
  ctx: CommandContext,
  quote: Pick<Quote, '_id'> & { items?: readonly Pick<QuoteItem, 'relatedId'>[] },
): Promise<Entity<Job>[]> {
  const ids = [...new Set((quote.items ?? []).flatMap((i) => (i.relatedId ? [i.relatedId] : [])))];
  const jobs = await Promise.all(ids.map((id) => ctx.store.get<Job>('job', id)));
  return jobs.filter((j): j is Entity<Job> => j?.quoteId === quote._id);
}
